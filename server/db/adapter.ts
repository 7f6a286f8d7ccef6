import type { ServiceMap } from './services';
import type { MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { from as copyStream } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PARSERS } from './parsers';
import { openPgliteWorker } from './pglite-client';

// One small interface over the two engines. Both speak the same SQL; PGlite
// is Postgres compiled to WASM, embedded in this process in a thread of its own.
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A transaction: queries plus multi-statement scripts (migration files run whole). */
export interface Tx extends Queryable {
  exec(sql: string): Promise<void>;
  /** Rows as arrays of values in column order (no object per row: bulk reads). */
  queryArrays(sql: string, params?: unknown[]): Promise<unknown[][]>;
  /**
   * COPY `target` (a table and its column list) from CSV chunks of whole rows, each chunk made while the
   * database takes the one before: PostgreSQL streams them into one COPY … FROM STDIN (pg-copy-streams),
   * PGlite runs a COPY per chunk from a blob. Used for bulk loads (the seed).
   */
  copyFrom(target: string, csv: AsyncIterable<Uint8Array>): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'embedded' | 'postgresql';
  /** PostgreSQL: the connection string, so a job thread can open its own pool. */
  readonly url?: string;
  /** Runs fn in one transaction; any throw rolls everything back. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn while holding a PostgreSQL session advisory lock (a dedicated
   * connection keeps it), so two servers starting on one database take turns.
   * Embedded: the data-dir lock file already keeps every other process out.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  queryArrays(sql: string, params?: unknown[]): Promise<unknown[][]>;
  /** The database answers (embedded: its thread is alive and between statements; PostgreSQL: SELECT 1). */
  ping(): Promise<void>;
  /**
   * Embedded: the database thread started or finished an operation within `ms` and is neither closed nor gone,
   * so it is at work even while a long statement keeps it from answering a ping. Absent for PostgreSQL.
   */
  workingWithin?(ms: number): boolean;
  /**
   * Count of committed writes when this process is the only writer (embedded):
   * a read repeated with the same count gives the same rows. null for
   * PostgreSQL, where other processes write.
   */
  commitSeq(): number | null;
  /** Embedded only: a port on which another thread opens its own Db (dbOnPort). */
  connectPort?(): Promise<MessagePort>;
  /** The app's services for this database (server/db/services.ts serviceOf): made on first use, closed with the app. */
  readonly services: ServiceMap;
  close(): Promise<void>;
}

/** The embedded database (PGlite) in a worker thread; dataDir undefined = in memory. */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  return openPgliteWorker(dataDir);
}

for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    /* an idle client lost its connection: the next query reports it */
  });
  await pool.query('select 1');
  const arrays = async (q: Pick<pg.Pool, 'query'>, sql: string, params?: unknown[]) =>
    (await q.query({ text: sql, values: params as unknown[], rowMode: 'array' })).rows as unknown[][];
  return {
    kind: 'postgresql',
    url,
    query: async (sql, params) => {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows };
    },
    queryArrays: (sql, params) => arrays(pool, sql, params),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn({
          query: async (sql, params) => {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows };
          },
          exec: async (sql) => {
            await client.query(sql); // no parameters: the simple protocol runs several statements
          },
          queryArrays: (sql, params) => arrays(client, sql, params),
          copyFrom: async (target, csv) => {
            const sql = `COPY ${target} FROM STDIN WITH (FORMAT csv)`;
            await pipeline(Readable.from(csv, { highWaterMark: 2 }), client.query(copyStream(sql)));
          },
        });
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    commitSeq: () => null,
    services: new Map(),
    withLock: async (key, fn) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
