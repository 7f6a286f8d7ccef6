import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import { findOne } from '../db/rows';
import { HttpError } from '../http-error';
import type { adminClient } from '../../src/domain/contracts/clients';

// Clients (admin.md §7): the admin table's rows with their counts, and the writes.

const CLIENT_SQL = `
  SELECT c.client_id, c.name, c.created_at, c.updated_at, c.version,
         (SELECT count(*) FROM users u WHERE u.client_id = c.client_id) AS user_count,
         (SELECT count(*) FROM plots p WHERE p.client_id = c.client_id) AS plot_count,
         (SELECT count(*) FROM projects p WHERE p.client_id = c.client_id) AS project_count
    FROM clients c`;

export type ClientRow = z.infer<typeof adminClient>;

export const loadClient = (q: Queryable, id: number) => findOne<ClientRow>(q, `${CLIENT_SQL} WHERE c.client_id = $1`, id, 'client');

export async function listClients(q: Queryable): Promise<ClientRow[]> {
  const { rows } = await q.query<ClientRow>(`${CLIENT_SQL} ORDER BY c.name, c.client_id`);
  return rows;
}

/** 409 when another client has this name (case-insensitive). */
export async function assertClientNameFree(tx: Queryable, name: string, exceptId: number | null): Promise<void> {
  const { rows } = await tx.query(`SELECT 1 FROM clients WHERE lower(name) = lower($1) AND client_id IS DISTINCT FROM $2`, [name, exceptId]);
  if (rows.length) {
    const message = `A client named "${name}" already exists`;
    throw new HttpError(409, message, [{ field: 'name', message, code: 'client_name_taken', params: { name } }], undefined, 'client_name_taken', { name });
  }
}

export async function insertClient(tx: Queryable, name: string): Promise<number> {
  const { rows } = await tx.query<{ client_id: number }>(`INSERT INTO clients (name) VALUES ($1) RETURNING client_id`, [name]);
  return rows[0].client_id;
}

export async function renameClient(tx: Queryable, id: number, name: string): Promise<void> {
  await tx.query(`UPDATE clients SET name = $2, version = version + 1, updated_at = now() WHERE client_id = $1`, [id, name]);
}

/** What still refers to a client (a delete waits until all are zero). */
export async function clientReferences(tx: Queryable, id: number): Promise<Record<'users' | 'plots' | 'projects' | 'areas' | 'trees', number>> {
  const { rows } = await tx.query<Record<'users' | 'plots' | 'projects' | 'areas' | 'trees', number>>(
    `SELECT (SELECT count(*) FROM users WHERE client_id = $1) AS users,
                (SELECT count(*) FROM plots WHERE client_id = $1) AS plots,
                (SELECT count(*) FROM projects WHERE client_id = $1) AS projects,
                (SELECT count(*) FROM irrigation_areas WHERE client_id = $1) AS areas,
                (SELECT count(*) FROM trees WHERE client_id = $1) AS trees`,
    [id],
  );
  return rows[0];
}

export async function deleteClient(tx: Queryable, id: number): Promise<void> {
  await tx.query(`DELETE FROM clients WHERE client_id = $1`, [id]);
}
