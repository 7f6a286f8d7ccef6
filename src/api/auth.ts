import { ApiError } from './errors';
import { del, get, post } from './client';
import { clearSession, getSession, saveSession, updateSession, type SessionUser } from './session';
import type { SessionEntry } from '../domain/contracts/auth';

export type { SessionEntry } from '../domain/contracts/auth';

interface LoginResponse {
  token?: string;
  user?: SessionUser;
  message?: string;
  expiresIn?: number;
  sessionId?: number;
  data?: { token?: string; user?: SessionUser };
}

/** A failed login; `apiError` is the ApiError when the server answered (its code is translated on screen). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly apiError?: ApiError,
    readonly code: 'login_failed' | 'login_error' | 'no_token' = 'login_failed',
  ) {
    super(message);
  }
}

/**
 * POST auth/login; the token and user may be at the top level or under data (client.md §3). "Remember me" keeps
 * the session 30 days (the refresh cookie and localStorage), otherwise it ends with the browser (README: sessions).
 */
export async function login(email: string, password: string, remember: boolean): Promise<SessionUser | null> {
  let res: LoginResponse | null;
  try {
    res = await post<LoginResponse>('/auth/login', { email, password, remember }, { auth: false });
  } catch (e) {
    if (e instanceof ApiError && e.status > 0) throw new LoginError(e.serverMessage || 'Login failed', e, 'login_failed');
    throw new LoginError('An error occurred during login', e instanceof ApiError ? e : undefined, 'login_error');
  }
  const token = res?.token ?? res?.data?.token;
  const user = res?.user ?? res?.data?.user ?? null;
  if (!token) throw new LoginError('No token received from server', undefined, 'no_token');
  const expiresAt = typeof res?.expiresIn === 'number' ? Date.now() + res.expiresIn * 1000 : null;
  saveSession({ token, user, expiresAt, sessionId: res?.sessionId ?? null }, remember);
  return user;
}

/** Ends the session on the server (the whole session, refresh token included; best effort) and in the browser. */
export async function logout(): Promise<void> {
  try {
    if (getSession()) await post('/auth/logout', undefined, { timeoutMs: 5000, retries: 0 });
  } catch {
    /* offline or already ended: the local session goes anyway */
  }
  clearSession();
}

/** Profile: the signed-in user's live sessions (device, last seen); `current` is this one. */
export async function fetchSessions(): Promise<SessionEntry[]> {
  return (await get<{ sessions: SessionEntry[] }>('/auth/sessions')).sessions;
}

export const endSession = (sessionId: number) => del<{ ended: number }>(`/auth/sessions/${sessionId}`);
export const endOtherSessions = () => post<{ ended: number }>('/auth/sessions/end-others');

/** Changes the signed-in user's password (the current one confirms it); the other sessions end, this one stays. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<number> {
  const res = await post<{ user: SessionUser; ended_sessions: number }>('/auth/password', { current_password: currentPassword, new_password: newPassword });
  updateSession({ user: res.user });
  return res.ended_sessions;
}
