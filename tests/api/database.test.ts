import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError } from '../../server/db/lock';
import { migrate } from '../../server/db/migrate';
import { freshDatabase, ENGINE } from '../support/test-db';
import { dbOnPort, openPgliteWorker } from '../../server/db/pglite-client';
import type { Db } from '../../server/db/adapter';
import type { RpcClient } from '../../server/threads/rpc';

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

describe.runIf(ENGINE === 'pglite')('the embedded database gives memory back (pglite only)', () => {
  const memory = (db: Db) => (db as unknown as { rpc: RpcClient }).rpc.call('memory');
  const idle = () => new Promise((r) => setTimeout(r, 3_000));

  it('reopens itself on the same files once idle above the limit, with every row and port intact', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'recycle-'));
    const db = await openPgliteWorker(dir, { recycleHeapMb: 260 });
    try {
      const port = dbOnPort(await db.connectPort!());
      await db.exec(`CREATE TABLE big(a int, b text); INSERT INTO big SELECT g, repeat('x', 100) FROM generate_series(1, 300000) g`);
      // One 30 MB answer: PGlite's WASM memory grows well past the limit and stays there.
      const text = (await db.query<{ j: string }>('SELECT json_agg(b)::text AS j FROM big')).rows[0].j;
      expect(text.length).toBeGreaterThan(30_000_000);
      const grown = await memory(db);
      expect(grown.heapMb).toBeGreaterThan(260);
      // An open transaction (another port's) holds it: nothing is reopened under it.
      await port.transaction(async (tx) => {
        await tx.query('UPDATE big SET a = a WHERE a = 1');
        await idle();
      });
      expect((await memory(db)).recycles).toBe(0);
      // 2 s idle, then a CHECKPOINT and a new PGlite (well under a second here; more on a busy machine).
      await expect.poll(async () => (await memory(db)).recycles, { timeout: 20_000, interval: 250 }).toBe(1);
      const after = await memory(db);
      expect(after.heapMb).toBeLessThan(grown.heapMb / 2);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM big')).rows[0].n).toBe(300_000);
      expect((await port.query<{ n: number }>('SELECT count(*)::int AS n FROM big')).rows[0].n).toBe(300_000);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never reopens a database in memory (it would come back empty)', async () => {
    const db = await openPgliteWorker(undefined, { recycleHeapMb: 1 });
    try {
      await db.exec('CREATE TABLE t(a int); INSERT INTO t VALUES (1)');
      await idle();
      expect((await memory(db)).recycles).toBe(0);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0].n).toBe(1);
    } finally {
      await db.close();
    }
  });
});
