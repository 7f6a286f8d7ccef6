import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

// One small interface over the two engines. Both speak the same SQL; PGlite
// is Postgres compiled to WASM, embedded in this process.
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A transaction: queries plus multi-statement scripts (migration files run whole). */
export interface Tx extends Queryable {
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'embedded' | 'postgresql';
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
  close(): Promise<void>;
}

// Both engines read values the same way: bigint and numeric as numbers (counts
// and areas fit in a double), date as its 'YYYY-MM-DD' text.
const PARSERS: Record<number, (v: string) => unknown> = {
  20: (v) => Number(v),
  1700: (v) => Number(v),
  1082: (v) => v,
};

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const db = await PGlite.create({ dataDir, parsers: PARSERS });
  return {
    kind: 'embedded',
    query: async (sql, params) => {
      const r = await db.query(sql, params as unknown[]);
      return { rows: r.rows as never[] };
    },
    transaction: (fn) =>
      db.transaction(async (tx) =>
        fn({
          query: async (sql, params) => {
            const r = await tx.query(sql, params as unknown[]);
            return { rows: r.rows as never[] };
          },
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    withLock: (_key, fn) => fn(),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: async () => {
      if (db.closed) return;
      try {
        await db.exec('CHECKPOINT');
      } finally {
        await db.close();
      }
    },
  };
}

for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    /* an idle client lost its connection: the next query reports it */
  });
  await pool.query('select 1');
  return {
    kind: 'postgresql',
    query: async (sql, params) => {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows };
    },
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
