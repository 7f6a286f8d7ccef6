import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import { USER_COLUMNS } from '../plugins/auth';
import type { sessionUser } from '../../src/domain/contracts/auth';

// The sign-in's and the profile's reads and writes of a user's password (README: sessions).

export type SessionUserRow = z.infer<typeof sessionUser>;
export type SignInRow = SessionUserRow & { password_hash: string; disabled: boolean; token_version: number };

const SIGN_IN_SQL = `SELECT ${USER_COLUMNS}, u.password_hash, u.disabled, u.token_version FROM users u LEFT JOIN clients c ON c.client_id = u.client_id WHERE `;

/** The user signing in by e-mail (already lower-case), with what the sign-in checks. */
export async function signInByEmail(q: Queryable, email: string): Promise<SignInRow | undefined> {
  return (await q.query<SignInRow>(`${SIGN_IN_SQL}lower(u.email) = $1`, [email])).rows[0];
}

/** The user of a refreshed session, with what the sign-in checks. */
export async function signInById(q: Queryable, userId: number): Promise<SignInRow | undefined> {
  return (await q.query<SignInRow>(`${SIGN_IN_SQL}u.user_id = $1`, [userId])).rows[0];
}

/** Replaces an old-style hash, unless the password changed meanwhile. */
export async function replaceHash(q: Queryable, userId: number, fresh: string, old: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $1 WHERE user_id = $2 AND password_hash = $3', [fresh, userId, old]);
}

export async function passwordHashOf(q: Queryable, userId: number): Promise<string> {
  const { rows } = await q.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE user_id = $1`, [userId]);
  return rows[0].password_hash;
}

/** The user's own new password; the forced change (if any) is done. */
export async function setOwnPassword(tx: Queryable, userId: number, hash: string): Promise<void> {
  await tx.query(`UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE user_id = $1`, [userId, hash]);
}

/** The user as the app's session shows it. */
export async function sessionUserById(q: Queryable, userId: number): Promise<SessionUserRow> {
  const { rows } = await q.query<SessionUserRow>(`SELECT ${USER_COLUMNS} FROM users u LEFT JOIN clients c ON c.client_id = u.client_id WHERE u.user_id = $1`, [
    userId,
  ]);
  return rows[0];
}
