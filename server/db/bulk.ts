// Bulk inserts of column arrays: COPY … (CSV) on both engines (Tx.copyFrom), in
// chunks. The seed writes its ~1M trees and ~2M observations this way.
import type { Tx } from './adapter';

export interface BulkColumn {
  name: string;
  values: ArrayLike<unknown>;
}

const CHUNK_ROWS = 50_000;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const s = String(v);
  return `"${s.replace(/"/g, '""')}"`; // quoted: an empty string stays '' (unquoted empty is NULL)
}

/**
 * Whether this session may skip triggers (session_replication_role needs a superuser on PostgreSQL; PGlite's
 * one user is one). Where it may not, a trusted load runs with its triggers and keeps its indexes.
 */
export async function canSkipTriggers(tx: Tx): Promise<boolean> {
  const { rows } = await tx.query<{ su: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS su`);
  return rows[0].su;
}

/**
 * opts.trusted: rows generated consistent by us (the seed): foreign-key and user triggers are skipped for the
 * COPY where the session may (canSkipTriggers), as pg_restore --disable-triggers does: most of its cost per row.
 */
export async function bulkInsert(tx: Tx, table: string, columns: BulkColumn[], opts: { trusted?: boolean } = {}): Promise<void> {
  const replica = opts.trusted && (await canSkipTriggers(tx));
  if (replica) await tx.query('SET LOCAL session_replication_role = replica');
  try {
    await tx.copyFrom(`${table} (${columns.map((c) => c.name).join(', ')})`, csvChunks(columns));
  } finally {
    if (replica) await tx.query('SET LOCAL session_replication_role = origin');
  }
}

/** The columns' rows as CSV, CHUNK_ROWS rows per chunk, made as the database asks for them. */
async function* csvChunks(columns: BulkColumn[]): AsyncGenerator<Uint8Array> {
  const n = columns[0]?.values.length ?? 0;
  const encoder = new TextEncoder();
  for (let s = 0; s < n; s += CHUNK_ROWS) {
    const lines: string[] = [];
    for (let i = s; i < Math.min(n, s + CHUNK_ROWS); i++) lines.push(columns.map((c) => csvCell(c.values[i])).join(','));
    yield encoder.encode(`${lines.join('\n')}\n`);
  }
}

/** n new ids of a serial column, drawn in one statement (so rows can be written with their ids known). */
export async function nextIds(tx: Tx, table: string, column: string, n: number): Promise<number[]> {
  if (!n) return [];
  const rows = await tx.queryArrays(`SELECT nextval(pg_get_serial_sequence('${table}', '${column}'))::int FROM generate_series(1, $1)`, [n]);
  return rows.map((r) => r[0] as number);
}

/**
 * Runs a bulk load into empty tables with their secondary indexes dropped and
 * built again after it, as pg_restore does: one sort per index instead of a
 * btree insert per row. Indexes of constraints (keys, unique) stay. In the
 * caller's transaction: if anything fails, the indexes are as they were.
 */
export async function withoutSecondaryIndexes<T>(tx: Tx, tables: string[], load: () => Promise<T>): Promise<T> {
  const { rows } = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
      ORDER BY i.indexname`,
    [tables],
  );
  for (const r of rows) await tx.exec(`DROP INDEX "${r.name.replace(/"/g, '""')}"`);
  const out = await load();
  for (const r of rows) await tx.exec(r.def);
  return out;
}
