import { ApiError } from './errors';
import { post } from './client';
import { clearSession, saveSession, type SessionUser } from './session';

interface LoginResponse {
  token?: string;
  user?: SessionUser;
  message?: string;
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

/** POST auth/login; the token and user may be at the top level or under data (client.md §3). */
export async function login(email: string, password: string, remember: boolean): Promise<SessionUser | null> {
  let res: LoginResponse | null;
  try {
    res = await post<LoginResponse>('/auth/login', { email, password }, { auth: false });
  } catch (e) {
    if (e instanceof ApiError && e.status > 0) throw new LoginError(e.serverMessage || 'Login failed', e, 'login_failed');
    throw new LoginError('An error occurred during login', e instanceof ApiError ? e : undefined, 'login_error');
  }
  const token = res?.token ?? res?.data?.token;
  const user = res?.user ?? res?.data?.user ?? null;
  if (!token) throw new LoginError('No token received from server', undefined, 'no_token');
  saveSession({ token, user }, remember);
  return user;
}

/** Ends the session on the server (best effort) and in the browser. */
export async function logout(): Promise<void> {
  try {
    await post('/auth/logout', undefined, { timeoutMs: 5000, retries: 0 });
  } catch {
    /* the token may already be invalid; the local session goes anyway */
  }
  clearSession();
}
