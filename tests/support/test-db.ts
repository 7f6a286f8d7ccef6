import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openPglite, openPostgres, type Db } from '../../server/db/adapter';

export const ENGINE = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or — when
 * DATABASE_URL is set — a new database on that PostgreSQL server, dropped
 * again by `drop()`.
 */
export async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined);
    return { db, drop: () => db.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
