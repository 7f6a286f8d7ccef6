// Sessions (README: sessions). A sign-in opens one `sessions` row (the "family");
// its access tokens (15 minutes) name it, its refresh tokens belong to it.
// A refresh token is random (256 bits), stored as its SHA-256 only, used once:
// each refresh marks it used and issues the next. Presenting a used one again
// means two holders (one of them a thief): the whole session ends.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/adapter';

/** "Remember me": the session and its cookie last this long from the sign-in. */
export const REMEMBER_DAYS = 30;
/** Without "remember me" the cookie ends with the browser; the server ends the session after this long unused. */
export const BROWSER_SESSION_IDLE_HOURS = 12;

export type EndReason = 'sign_out' | 'ended_by_user' | 'ended_by_admin' | 'password_changed' | 'password_reset' | 'disabled' | 'refresh_reused';

export interface SessionInfo {
  remember: boolean;
  userAgent: string;
  address: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

/** The expiry a session gets now: fixed at sign-in + 30 days when remembered, else 12 h after its last use (never past 30 days). */
const EXPIRY_SQL = (remember: string, created: string) =>
  `CASE WHEN ${remember} THEN ${created} + interval '${REMEMBER_DAYS} days'
        ELSE LEAST(${created} + interval '${REMEMBER_DAYS} days', now() + interval '${BROWSER_SESSION_IDLE_HOURS} hours') END`;

/** Opens a session for a signed-in user; answers its id and first refresh token. */
export async function startSession(db: Db, userId: number, info: SessionInfo): Promise<{ sessionId: number; refreshToken: string }> {
  const refreshToken = newToken();
  const sessionId = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ session_id: number }>(
      `INSERT INTO sessions (user_id, remember, user_agent, address, expires_at)
       VALUES ($1, $2, $3, $4, ${EXPIRY_SQL('$2::boolean', 'now()')}) RETURNING session_id`,
      [userId, info.remember, info.userAgent.slice(0, 500), info.address.slice(0, 100)],
    );
    await tx.query(`INSERT INTO refresh_tokens (token_hash, session_id) VALUES ($1, $2)`, [hashOf(refreshToken), rows[0].session_id]);
    return rows[0].session_id;
  });
  return { sessionId: sessionId, refreshToken };
}

export type RotateResult =
  { kind: 'ok'; sessionId: number; userId: number; remember: boolean; refreshToken: string } | { kind: 'reused'; sessionId: number } | { kind: 'invalid' };

/**
 * Uses a refresh token: the next one when it is the session's unused token of a live session and user. A token
 * used before ends its session (reuse). Concurrent uses of one token: the row lock lets exactly one through.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<RotateResult> {
  const hash = hashOf(token);
  const result = await db.transaction(async (tx): Promise<RotateResult> => {
    const used = await tx.query<{ session_id: number }>(
      `UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING session_id`,
      [hash],
    );
    if (!used.rows[0]) {
      const known = await tx.query<{ session_id: number }>(`SELECT session_id FROM refresh_tokens WHERE token_hash = $1`, [hash]);
      if (!known.rows[0]) return { kind: 'invalid' };
      await endSession(tx, known.rows[0].session_id, 'refresh_reused');
      return { kind: 'reused', sessionId: known.rows[0].session_id };
    }
    const sessionId = used.rows[0].session_id;
    const { rows } = await tx.query<{ user_id: number; remember: boolean }>(
      `UPDATE sessions s SET last_seen_at = now(), expires_at = ${EXPIRY_SQL('s.remember', 's.created_at')}
        FROM users u
        WHERE s.session_id = $1 AND u.user_id = s.user_id AND s.ended_at IS NULL AND s.expires_at > now() AND NOT u.disabled
        RETURNING s.user_id, s.remember`,
      [sessionId],
    );
    if (!rows[0]) return { kind: 'invalid' };
    const next = newToken();
    await tx.query(`INSERT INTO refresh_tokens (token_hash, session_id) VALUES ($1, $2)`, [hashOf(next), sessionId]);
    return { kind: 'ok', sessionId, userId: rows[0].user_id, remember: rows[0].remember, refreshToken: next };
  });
  return result;
}

/** Ends one session (its access token fails at the next request, its refresh tokens at once). True when it was live. */
export async function endSession(q: Queryable, sessionId: number, reason: EndReason, userId?: number): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE sessions SET ended_at = now(), end_reason = $2
      WHERE session_id = $1 AND ended_at IS NULL AND ($3::int IS NULL OR user_id = $3::int) RETURNING session_id`,
    [sessionId, reason, userId ?? null],
  );
  return rows.length > 0;
}

/** Ends every live session of a user, or every other one than `except`; answers how many ended. */
export async function endUserSessions(q: Queryable, userId: number, reason: EndReason, except?: number): Promise<number> {
  const { rows } = await q.query(
    `UPDATE sessions SET ended_at = now(), end_reason = $2
      WHERE user_id = $1 AND ended_at IS NULL AND session_id IS DISTINCT FROM $3::bigint RETURNING session_id`,
    [userId, reason, except ?? null],
  );
  return rows.length;
}

export interface SessionRow {
  session_id: number;
  user_agent: string;
  address: string;
  remember: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** The user's live sessions, the most recently used first. */
export async function liveSessions(q: Queryable, userId: number): Promise<SessionRow[]> {
  const { rows } = await q.query<SessionRow>(
    `SELECT session_id, user_agent, address, remember, created_at, last_seen_at, expires_at
       FROM sessions WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()
      ORDER BY last_seen_at DESC, session_id DESC`,
    [userId],
  );
  return rows;
}

/** Sessions ended or expired over 30 days ago go, with their refresh tokens (called now and then by sign-ins). */
export async function pruneSessions(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM sessions WHERE COALESCE(ended_at, expires_at) < now() - interval '${REMEMBER_DAYS} days'`);
}
