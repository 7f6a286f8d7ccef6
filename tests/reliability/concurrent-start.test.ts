// Two API servers started at the same moment on one empty PostgreSQL (a
// rolling deploy, two replicas): migrations and the first seed run under an
// advisory lock, so both come up, the schema is applied once and the demo
// farms exist once.
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrationFiles } from '../../server/db/migrate';
import { ACCOUNTS } from '../support/accounts';
import { login, postgresBin, startCluster, startServer, type Cluster, type ServerProcess } from './processes';

const pgbin = postgresBin();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.skipIf(!pgbin)(`two servers on one empty PostgreSQL${pgbin ? '' : ' (SKIPPED: no PostgreSQL binaries; set PGBIN)'}`, () => {
  it('both start; migrations and the seed run once', async () => {
    const cluster: Cluster = await startCluster(pgbin!);
    cleanups.push(() => cluster.destroy());
    const [a, b] = await Promise.all([startServer({ DATABASE_URL: cluster.url }), startServer({ DATABASE_URL: cluster.url })]);
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    const seededBy = [a, b].filter((s: ServerProcess) => /Seeded demo data/.test(s.output()));
    expect(seededBy.length, `${a.output()}\n---\n${b.output()}`).toBe(1);

    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    try {
      const files = await migrationFiles();
      const applied = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(applied.rows[0].n).toBe(files.length);
      const clients = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM clients');
      expect(clients.rows[0].n).toBe(2);
    } finally {
      await c.end();
    }
    for (const s of [a, b]) {
      const health = await fetch(`${s.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await login(s.url, ACCOUNTS.grower.email, ACCOUNTS.grower.password)).toMatch(/\S+/);
    }
  });
});
