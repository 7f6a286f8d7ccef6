// Backups of the embedded database (npm run db:backup / db:restore): the demo
// data round-trips exactly, through the CLI too, and the tools refuse to
// touch a folder a running server holds or a non-empty restore target.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite, type Db } from '../../server/db/adapter';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { backupDataDir, restoreDataDir } from '../../server/db/backup';

const root = mkdtempSync(path.join(tmpdir(), 'orchard-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dir = (name: string) => path.join(root, name);

const TABLES: [string, string][] = [
  ['clients', 'client_id'],
  ['users', 'user_id'],
  ['plots', 'plot_id'],
  ['irrigation_areas', 'irrigation_area_id'],
  ['trees', 'tree_id'],
  ['projects', 'project_id'],
  ['project_plots', 'project_id, plot_id'],
  ['project_users', 'project_id, user_id'],
  ['tree_observations', 'observation_id'],
  ['crop_options', 'crop_id'],
  ['server_settings', 'key'],
];

/** Row count and a digest of every row of every table, in key order. */
async function fingerprint(db: Db) {
  const out: Record<string, string> = {};
  for (const [table, key] of TABLES) {
    const { rows } = await db.query<{ n: number; h: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY ${key}), '')) AS h FROM ${table} t`,
    );
    out[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

async function withDb<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openPglite(dataDir);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

describe('embedded database backup and restore', () => {
  let original: Record<string, string>;

  it('round-trips the demo data exactly', async () => {
    original = await withDb(dir('live'), async (db) => {
      await migrate(db);
      await seedDemo(db, { scale: 0.01 });
      return fingerprint(db);
    });
    expect(Number(original.trees.split(':')[0])).toBeGreaterThan(500);
    const s = await backupDataDir(dir('live'), dir('b/one.tar.gz'));
    expect(s.bytes).toBeGreaterThan(10_000);
    expect(existsSync(dir('b/one.tar.gz.partial'))).toBe(false);
    const r = await restoreDataDir(dir('b/one.tar.gz'), dir('restored'));
    expect(r.users).toBe(s.users);
    expect(await withDb(dir('restored'), fingerprint)).toEqual(original);
    // The restored folder is a working database: writes succeed.
    await withDb(dir('restored'), (db) => db.query(`INSERT INTO clients (name) VALUES ('After restore')`));
  });

  it('works through npm run db:backup and db:restore', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir('live') };
    delete env.DATABASE_URL;
    const file = dir('b/cli.tar.gz');
    const out = execFileSync('npm', ['run', '-s', 'db:backup', '--', file], { env, encoding: 'utf8' });
    expect(out).toMatch(/Backed up .* users/);
    const out2 = execFileSync('npm', ['run', '-s', 'db:restore', '--', file, dir('cli-restored')], { env, encoding: 'utf8' });
    expect(out2).toMatch(/Restored .* users/);
  }, 90_000);

  it('matches the original after the CLI round trip', async () => {
    expect(await withDb(dir('cli-restored'), fingerprint)).toEqual(original);
  });

  it('refuses a non-empty restore target and a folder a live server holds', async () => {
    await expect(restoreDataDir(dir('b/one.tar.gz'), dir('live'))).rejects.toThrow(/not empty/);
    // A lock file naming a live process (our parent) is what a running server leaves.
    writeFileSync(path.join(dir('live'), 'server.lock'), String(process.ppid));
    await expect(backupDataDir(dir('live'), dir('b/locked.tar.gz'))).rejects.toThrow(/locked by another server process/);
    rmSync(path.join(dir('live'), 'server.lock'));
  });
});
