import { z } from 'zod';
import type { Db, Queryable } from '../../db/adapter';
import type { AuthUser } from '../../plugins/auth';
import { dbId } from '../../../src/domain/contracts/common';
import { countsInEnglish, type ErrorEntity } from '../../../src/domain/error-codes';
import { HttpError, notFound } from '../../http-error';

// Helpers shared by the admin route plugins (clients, users, projects,
// reference lists): id params, text rules with the form's messages, the
// optimistic-concurrency check, the audit log and DB-error mapping.

export const STALE_MESSAGE = 'This record was changed by someone else. Reload and try again.';

export const IdParams = z.strictObject({ id: dbId('id') });
export const ClientParams = z.strictObject({ clientId: dbId('clientId') });

export const Version = z.number().int().positive().optional().describe('The version last read; a stale one is rejected with 409');

export const ymd = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      message: `${label} is not a valid date`,
      params: { code: 'date_invalid' },
    });

/** OpenAPI metadata for an admin route. */
export const doc = (tag: string, summary: string) => ({ tags: [`admin: ${tag}`], summary, security: [{ bearer: [] }] });

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

export async function audit(
  tx: Queryable,
  user: AuthUser,
  action: 'create' | 'update' | 'delete',
  entity: string,
  entityId: number | string,
  summary: string,
  /** The name of what changed (client name, e-mail, tree "row/tree"): the client words the entry in its language around it. */
  subject: string | null,
): Promise<void> {
  await tx.query(`INSERT INTO audit_log (user_id, user_email, action, entity, entity_id, summary, subject) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    user.user_id,
    user.email,
    action,
    entity,
    String(entityId),
    summary.slice(0, 500),
    subject === null ? null : String(subject).slice(0, 200),
  ]);
}

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

/** Counts without the zeros, as an error's params and in English (src/domain/error-codes.ts countsInEnglish). */
export const describeCounts = countsInEnglish;

export const ok = (message: string) => ({ success: true as const, message });
