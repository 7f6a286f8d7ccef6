import type { Db, Queryable } from './adapter';
import { HttpError } from '../http-error';

/** One transaction; constraint errors that slip past the explicit checks become 409s, not 500s. */
export async function inTx<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === '23505') throw new HttpError(409, 'A record with this value already exists', undefined, undefined, 'duplicate_value');
    if (code === '23503')
      throw new HttpError(409, 'This record is still referenced by other data and cannot be changed or deleted', undefined, undefined, 'still_referenced');
    throw e;
  }
}
