// /api/auth (client.md §3): what sign-in, refresh and "who am I" answer. The user
// has no password, token version or disabled flag: the login reads those from
// the same row, and the answer goes through these schemas, which do not name them.
import { z } from 'zod';
import { okMessage, timestamp, type Wire } from './common';
import { ROLES } from '../roles';
import { PASSWORD_LENGTH, passwordTooLong, passwordTooShort } from '../user-rules';

export { ROLES };

export const sessionUser = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  client_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  client_name: z.string().nullable(),
  /** Set by an administrator's password reset: every call but the password change answers 403 until it is done. */
  must_change_password: z.boolean(),
});

/**
 * A sign-in or a refresh: the access token (short-lived), when it expires (`expiresAt`, and `expiresIn` seconds
 * so a client with a wrong clock can still plan), the session it belongs to, and the refresh token. Browsers get
 * the refresh token as an HttpOnly cookie too and need not keep the body's.
 */
export const loginResponse = okMessage.extend({
  token: z.string(),
  expiresAt: z.string(),
  expiresIn: z.number().int(),
  sessionId: z.number().int(),
  refreshToken: z.string(),
  user: sessionUser,
});
export const meResponse = z.object({ success: z.literal(true), user: sessionUser });

/** One sign-in of the user (Profile's session list): `current` is the one asking. */
export const sessionEntry = z.object({
  session_id: z.number().int(),
  current: z.boolean(),
  user_agent: z.string(),
  address: z.string(),
  remember: z.boolean(),
  created_at: timestamp,
  last_seen_at: timestamp,
  expires_at: timestamp,
});
export const sessionsResponse = okMessage.extend({ sessions: z.array(sessionEntry) });
export const sessionsEndedResponse = okMessage.extend({ ended: z.number().int() });
export const passwordChangedResponse = okMessage.extend({ user: sessionUser, ended_sessions: z.number().int() });

export type SessionUser = Wire<z.infer<typeof sessionUser>>;
export type SessionEntry = Wire<z.infer<typeof sessionEntry>>;

/** POST /api/auth/password, and the change-password form. */
export const passwordBody = z.strictObject({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  new_password: z.string({ error: 'New password is required' }).min(PASSWORD_LENGTH.min, passwordTooShort).max(PASSWORD_LENGTH.max, passwordTooLong),
});
