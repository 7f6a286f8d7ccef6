import type { Queryable } from '../db/adapter';
import { HttpError } from '../http-error';
import { countsInEnglish, type CountKey, type ErrorCode, type ErrorParams } from '../../src/domain/error-codes';
import type { ReferenceList } from './reference-lists';

// The reads and writes of one reference list (admin.md §6), driven by its entry in reference-lists.ts.

/** What still uses the item, as counts without the zeros. */
export async function references(tx: Queryable, list: ReferenceList, id: number) {
  const parts: [number, CountKey][] = [];
  for (const [sql, key] of list.references) parts.push([(await tx.query<{ n: number }>(sql, [id])).rows[0].n, key]);
  return countsInEnglish(parts);
}

export async function assertUnique(tx: Queryable, list: ReferenceList, body: Record<string, unknown>, exceptId: number | null) {
  // Names are unique case-insensitively within a list (breeds: within their crop); codes exactly.
  const checks: [string, unknown[], string, string, ErrorCode, ErrorParams][] = [];
  if (list.endpoint === 'tree-status-types')
    checks.push([
      `status_code = $1`,
      [body.status_code],
      'status_code',
      `Status code ${body.status_code} already exists`,
      'status_code_taken',
      { code: Number(body.status_code) },
    ]);
  if (list.endpoint === 'survey-types')
    checks.push([
      `lower(code) = lower($1)`,
      [body.code],
      'code',
      `Survey type code "${body.code}" already exists`,
      'survey_type_code_taken',
      { code: String(body.code) },
    ]);
  const scope = list.endpoint === 'breeds' ? ` AND crop_id = $${2}` : '';
  checks.push([
    `lower(${list.nameColumn}) = lower($1)${scope}`,
    list.endpoint === 'breeds' ? [body[list.nameColumn], body.crop_id] : [body[list.nameColumn]],
    list.nameColumn,
    `"${body[list.nameColumn]}" already exists`,
    'name_taken',
    { name: String(body[list.nameColumn]) },
  ]);
  for (const [where, values, field, message, code, params] of checks) {
    const n = values.length + 1;
    const { rows } = await tx.query(`SELECT 1 FROM ${list.table} WHERE ${where} AND ${list.idColumn} IS DISTINCT FROM $${n}`, [...values, exceptId]);
    if (rows.length) throw new HttpError(409, message, [{ field, message, code, params }], undefined, code, params);
  }
}

export async function readOne(tx: Queryable, list: ReferenceList, id: number) {
  return (await tx.query(`${list.select} WHERE x.${list.idColumn} = $1`, [id])).rows[0];
}

/** Every item of the list in its order. */
export async function listItems(q: Queryable, list: ReferenceList) {
  return (await q.query(`${list.select} ORDER BY ${list.order}`)).rows;
}

/** Inserts the columns' values; returns the new id. */
export async function insertItem(tx: Queryable, list: ReferenceList, columns: string[], values: unknown[]): Promise<number> {
  const { rows } = await tx.query<Record<string, number>>(
    `INSERT INTO ${list.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${list.idColumn} AS id`,
    values,
  );
  return rows[0].id;
}

export async function updateItem(tx: Queryable, list: ReferenceList, id: number, columns: string[], values: unknown[]): Promise<void> {
  const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await tx.query(`UPDATE ${list.table} SET ${sets}, version = version + 1, updated_at = now() WHERE ${list.idColumn} = $1`, [id, ...values]);
}

export async function deleteItem(tx: Queryable, list: ReferenceList, id: number): Promise<void> {
  await tx.query(`DELETE FROM ${list.table} WHERE ${list.idColumn} = $1`, [id]);
}
