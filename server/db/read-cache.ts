// An exact read cache for the embedded database. PGlite has one connection: a
// long transaction (a survey import) holds it until it commits, and every
// other query waits. Reads that many requests repeat (the signed-in user, the
// project list, a survey's access check and version) are kept with the
// database's commit counter (Db.commitSeq, bumped by every committed write,
// shared memory): the same counter means no write has committed since, so the
// rows are still exactly what the database would answer. On PostgreSQL
// (commitSeq null: other processes write) every read goes to the database.
import { LRUCache } from 'lru-cache';
import type { Db } from './adapter';
import { serviceOf, type ServiceKind } from './services';

interface Entry {
  seq: number;
  rows: unknown[];
}
const MAX_ENTRIES = 5_000;
const READ_CACHE: ServiceKind<LRUCache<string, Entry>> = { name: 'readCache', make: () => new LRUCache<string, Entry>({ max: MAX_ENTRIES }) };

export async function cachedQuery<T>(db: Db, sql: string, params: unknown[] = []): Promise<{ rows: T[] }> {
  const seq = db.commitSeq();
  if (seq === null) return db.query<T>(sql, params);
  const cache = serviceOf(db, READ_CACHE); // get() marks an entry recently used
  const key = `${sql}\u0000${JSON.stringify(params)}`;
  const hit = cache.get(key);
  if (hit && hit.seq === seq) return { rows: hit.rows as T[] };
  const result = await db.query<T>(sql, params);
  // Only when nothing committed while we read: then these rows belong to `seq`.
  if (db.commitSeq() === seq) {
    cache.set(key, { seq, rows: result.rows });
  }
  return result;
}
