import type { Queryable } from './adapter';
import type { ErrorEntity } from '../../src/domain/error-codes';
import { HttpError, notFound } from '../http-error';

// Row helpers every repository shares: one row or 404, and the locked row of
// an optimistic-concurrency write (409 when the caller's version is stale).

const STALE_MESSAGE = 'This record was changed by someone else. Reload and try again.';

/** The row `sql` finds for $1 = id; 404 "<what> not found" when there is none. */
export async function findOne<T = Record<string, unknown>>(q: Queryable, sql: string, id: number, what: ErrorEntity): Promise<T> {
  const { rows } = await q.query<T>(sql, [id]);
  if (!rows[0]) throw notFound(what);
  return rows[0];
}

/** Locks the row; 404 when missing, 409 when the caller's version is stale. */
export async function lockRow<T extends Record<string, unknown>>(
  tx: Queryable,
  table: string,
  idColumn: string,
  id: number,
  what: ErrorEntity,
  version?: number,
): Promise<T> {
  const row = await findOne<T>(tx, `SELECT * FROM ${table} WHERE ${idColumn} = $1 FOR UPDATE`, id, what);
  if (version !== undefined && (row as { version?: number }).version !== version)
    throw new HttpError(409, STALE_MESSAGE, undefined, undefined, 'stale_version');
  return row;
}
