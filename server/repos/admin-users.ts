import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import { findOne } from '../db/rows';
import type { adminUser } from '../../src/domain/contracts/users';

export type UserRow = z.infer<typeof adminUser>;

// password_hash is not selected, and the answers go through the user contract
// (src/domain/contracts/users.ts), which has no such field.
const USER_SQL = `
  SELECT u.user_id, u.email, u.first_name, u.last_name, u.client_id, c.name AS client_name, u.role,
         u.disabled, u.created_at, u.updated_at, u.version, u.must_change_password, u.failed_sign_ins, u.last_failed_sign_in_at,
         (SELECT count(*) FROM sessions s WHERE s.user_id = u.user_id AND s.ended_at IS NULL AND s.expires_at > now())::int AS active_sessions
    FROM users u LEFT JOIN clients c ON c.client_id = u.client_id`;

/** One user as the admin screens show it; 404 when missing. */
export const loadUser = (q: Queryable, id: number) => findOne<UserRow>(q, `${USER_SQL} WHERE u.user_id = $1`, id, 'user');

export async function listUsers(q: Queryable): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>(`${USER_SQL} ORDER BY u.email`);
  return rows;
}

/** Is this e-mail (already lower-case) taken by a user other than exceptId? */
export async function emailTaken(tx: Queryable, email: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM users WHERE lower(email) = $1 AND user_id IS DISTINCT FROM $2`, [email, exceptId]);
  return rows.length > 0;
}

/** Is there an active administrator other than this user? */
export async function otherActiveAdmin(tx: Queryable, userId: number): Promise<boolean> {
  const { rows } = await tx.query(`SELECT 1 FROM users WHERE role = 'admin' AND NOT disabled AND user_id <> $1`, [userId]);
  return rows.length > 0;
}

export interface UserFields {
  email: string;
  first_name: string;
  last_name: string;
  client_id: number | null;
  role: string;
}

export async function insertUser(tx: Queryable, u: UserFields, passwordHash: string): Promise<number> {
  const { rows } = await tx.query<{ user_id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, client_id, role) VALUES ($1, $2, $3, $4, $5, $6) RETURNING user_id`,
    [u.email, passwordHash, u.first_name, u.last_name, u.client_id, u.role],
  );
  return rows[0].user_id;
}

/** Writes the fields; a null hash or disabled keeps the old value; endSessions bumps token_version. */
export async function updateUser(
  tx: Queryable,
  id: number,
  u: UserFields & { disabled?: boolean },
  passwordHash: string | null,
  endSessions: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE users SET email = $2, first_name = $3, last_name = $4, client_id = $5, role = $6,
                password_hash = COALESCE($7, password_hash), disabled = COALESCE($8, disabled),
                token_version = token_version + $9, version = version + 1, updated_at = now()
          WHERE user_id = $1`,
    [id, u.email, u.first_name, u.last_name, u.client_id, u.role, passwordHash, u.disabled ?? null, endSessions ? 1 : 0],
  );
}

/** How many projects the user is a member of. */
export async function membershipCount(tx: Queryable, userId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM project_users WHERE user_id = $1`, [userId]);
  return rows[0].n;
}

export async function deleteUser(tx: Queryable, id: number): Promise<void> {
  await tx.query(`DELETE FROM users WHERE user_id = $1`, [id]);
}

/** The user's e-mail, role and client; 404 when missing. */
export type AccessTarget = { email: string; role: string; client_id: number | null };
export const accessTarget = (q: Queryable, id: number) => findOne<AccessTarget>(q, `SELECT email, role, client_id FROM users WHERE user_id = $1`, id, 'user');

const CLIENT_PROJECTS_SQL = `
  SELECT p.project_id, p.name, p.observation_date::text AS observation_date,
         EXISTS (SELECT 1 FROM project_users pu WHERE pu.project_id = p.project_id AND pu.user_id = $2) AS member
    FROM projects p WHERE p.client_id = $1 ORDER BY p.observation_date DESC NULLS FIRST, p.name`;

/** The client's projects with the user's membership. */
export async function clientProjectsOfUser(q: Queryable, clientId: number, userId: number) {
  return (await q.query<{ project_id: number; name: string; observation_date: string | null; member: boolean }>(CLIENT_PROJECTS_SQL, [clientId, userId])).rows;
}

export async function clientProjectIds(tx: Queryable, clientId: number): Promise<number[]> {
  const { rows } = await tx.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE client_id = $1`, [clientId]);
  return rows.map((r) => r.project_id);
}

/** A reset password: the user must change it at the next sign-in; older tokens stop. */
export async function resetPassword(tx: Queryable, id: number, passwordHash: string): Promise<void> {
  await tx.query(`UPDATE users SET password_hash = $2, must_change_password = true, token_version = token_version + 1, updated_at = now() WHERE user_id = $1`, [
    id,
    passwordHash,
  ]);
}
