import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from '../../server/db/lock';
import { migrate } from '../../server/db/migrate';
import { freshDatabase, ENGINE } from '../support/test-db';
import { openDatabase } from '../../server/db/open';
import { loadConfig } from '../../server/config';

describe('data dir lock', () => {
  it('refuses a second holder and is released', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    const release = acquireDataDirLock(dir);
    // A live pid other than ours holds it → the second process must refuse.
    writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/lock/);
    writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    rmSync(dir, { recursive: true });
  });

  it('takes over a lock left by a dead process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lock-'));
    writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = acquireDataDirLock(dir);
    release();
    rmSync(dir, { recursive: true });
  });
});

describe(`migrations on ${ENGINE}`, () => {
  it('apply once, record themselves, and are a no-op the second time', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const first = await migrate(db);
      expect(first.fresh).toBe(true);
      expect(first.applied[0]).toBe('001_schema.sql');
      const second = await migrate(db);
      expect(second).toEqual({ fresh: false, applied: [] });
      const { rows } = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
      const tables = rows.map((r) => r.table_name);
      for (const t of [
        'clients',
        'users',
        'projects',
        'project_plots',
        'project_users',
        'plots',
        'irrigation_areas',
        'trees',
        'tree_observations',
        'crop_types',
        'crop_options',
        'breeds',
        'irrigation_types',
        'survey_types',
        'disease_types',
        'tree_status_types',
        'countries',
      ])
        expect(tables).toContain(t);
    } finally {
      await drop();
    }
  });

  it('rolls back a failing multi-statement write completely', async () => {
    const { db, drop } = await freshDatabase();
    try {
      await migrate(db);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO clients (name) VALUES ('Half')`);
          await tx.query(`INSERT INTO clients (name) VALUES (NULL)`);
        }),
      ).rejects.toThrow();
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM clients`);
      expect(rows[0].n).toBe(0);
    } finally {
      await drop();
    }
  });
});

describe.runIf(ENGINE === 'pglite')('opening a new embedded data dir (pglite only)', () => {
  it('seeds the demo, then serves from a new database thread on the same files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'open-'));
    const opened = await openDatabase(loadConfig({ DATA_DIR: dir, SEED_SCALE: '0.01', NODE_ENV: 'test' }));
    try {
      expect(opened.seeded?.trees).toBeGreaterThan(0);
      // The seeding thread was closed (its grown WASM memory goes with it); this one reads what it wrote.
      const { rows } = await opened.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trees');
      expect(rows[0].n).toBe(opened.seeded!.trees);
      await opened.db.query('UPDATE clients SET name = name');
    } finally {
      await opened.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
