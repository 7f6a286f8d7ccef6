import type { Config } from '../config';
import { openPglite, openPostgres, type Db } from './adapter';
import { acquireDataDirLock } from './lock';
import { MIGRATION_LOCK_KEY, migrate } from './migrate';
import { collectGarbage } from '../threads/collect';
import { seedDemo, insertUser, type SeedSummary } from './seed';

export interface OpenedDb {
  db: Db;
  seeded: SeedSummary | null;
  release: () => Promise<void>;
}

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded PGlite in DATA_DIR (taking
 * its lock first), migrates, and on a new database seeds the demo data —
 * or, in production, creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD.
 */
export async function openDatabase(config: Config): Promise<OpenedDb> {
  let unlock = () => {};
  let db: Db;
  if (config.DATABASE_URL) {
    db = await openPostgres(config.DATABASE_URL);
  } else {
    unlock = acquireDataDirLock(config.dataDir);
    try {
      db = await openPglite(config.dataDir);
    } catch (e) {
      unlock();
      throw e;
    }
  }
  const release = async () => {
    try {
      await db.close();
    } finally {
      unlock();
    }
  };
  try {
    // Schema and first seed under one lock: two servers starting together on an
    // empty PostgreSQL take turns, and the second finds everything done.
    const seeded = await db.withLock(MIGRATION_LOCK_KEY, () => prepare(db, config));
    return { db, seeded, release };
  } catch (e) {
    await release();
    throw e;
  }
}

async function prepare(db: Db, config: Config): Promise<SeedSummary | null> {
  await migrate(db);
  const empty = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n === 0;
  if (!empty) return null;
  if (config.NODE_ENV === 'production') {
    if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD)
      throw new Error('Empty database in production: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin.');
    await db.transaction((tx) => insertUser(tx, { email: config.ADMIN_EMAIL!, password: config.ADMIN_PASSWORD!, first: 'Admin', last: '' }, null, 'admin'));
    return null;
  }
  const seeded = await seedDemo(db, { scale: config.SEED_SCALE });
  // Fresh statistics for the planner: 200k+ new rows otherwise get guessed plans.
  await db.exec('ANALYZE');
  // The seed's arrays (~1 GB at SEED_SCALE=10) are garbage now: given back before the first request.
  collectGarbage();
  return seeded;
}
