// Bulk inserts of column arrays: COPY … FROM '/dev/blob' (CSV) where the engine
// has that fast path (PGlite), unnest() INSERTs in chunks otherwise. The seed
// writes its ~1M trees and ~2M observations this way.
import type { Tx } from './adapter';

export interface BulkColumn {
  name: string;
  type: string;
  values: ArrayLike<unknown>;
}

const COPY_ROWS = 100_000;
const INSERT_ROWS = 25_000;

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const s = String(v);
  return `"${s.replace(/"/g, '""')}"`; // quoted: an empty string stays '' (unquoted empty is NULL)
}

/**
 * opts.trusted: rows generated consistent by us (the seed): on the embedded
 * database, foreign-key and user triggers are skipped for the COPY (as
 * pg_restore --disable-triggers does), which is most of its cost per row.
 */
export async function bulkInsert(tx: Tx, table: string, columns: BulkColumn[], opts: { trusted?: boolean } = {}): Promise<void> {
  const n = columns[0]?.values.length ?? 0;
  const names = columns.map((c) => c.name).join(', ');
  if (tx.copyFrom) {
    const encoder = new TextEncoder();
    if (opts.trusted) await tx.query('SET LOCAL session_replication_role = replica');
    try {
      for (let s = 0; s < n; s += COPY_ROWS) {
        const lines: string[] = [];
        for (let i = s; i < Math.min(n, s + COPY_ROWS); i++) lines.push(columns.map((c) => csvCell(c.values[i])).join(','));
        await tx.copyFrom(`COPY ${table} (${names}) FROM '/dev/blob' WITH (FORMAT csv)`, encoder.encode(`${lines.join('\n')}\n`));
      }
    } finally {
      if (opts.trusted) await tx.query('SET LOCAL session_replication_role = origin');
    }
    return;
  }
  const sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})`;
  for (let s = 0; s < n; s += INSERT_ROWS) {
    await tx.query(
      sql,
      columns.map((c) => Array.prototype.slice.call(c.values, s, s + INSERT_ROWS)),
    );
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
