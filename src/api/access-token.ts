import { ApiError, MESSAGES, errorForStatus } from './errors';
import { expireSession, getSession, readSessionNow, sessionIdentity, updateSession, type SessionUser } from './session';
import { noteReach } from './reachability';

// THE way to a valid access token (README: sessions). Every caller awaits
// getAccessToken(): the fetch client, the upload, and later the field outbox.
// - A token with over a minute left is answered at once.
// - Otherwise one refresh runs (callers in this tab share it; tabs take turns
//   through a Web Lock, and a tab that waited uses the token the other one got).
// - A refresh that fails on the network or the server (offline in the rows)
//   keeps the session: the caller gets a network error and tries again later,
//   nothing queued is lost. Only a 401 from the refresh endpoint ends the session.

const REFRESH_URL = '/api/auth/refresh';
/** Refresh this long before the token expires (clock drift, a slow request). */
export const REFRESH_MARGIN_MS = 60_000;
const REFRESH_TIMEOUT_MS = 20_000;
const LOCK = 'orchard-refresh';

interface RefreshAnswer {
  token: string;
  expiresIn: number;
  sessionId: number;
  user: SessionUser;
}

let inFlight: Promise<string> | null = null;

const fresh = (expiresAt: number | null, now = Date.now()) => expiresAt !== null && expiresAt - now > REFRESH_MARGIN_MS;

/**
 * A valid access token, or null when nobody is signed in. Throws ApiError 'network'/'server'/'timeout' when a
 * needed refresh could not reach the server (the session stays), 'sessionExpired' when the session is over.
 */
export async function getAccessToken(): Promise<string | null> {
  const s = getSession();
  if (!s) return null;
  // Unknown expiry (a session saved before expiries were kept): used until a 401 says otherwise.
  if (s.expiresAt === null || fresh(s.expiresAt)) return s.token;
  return refreshAccessToken(s.token);
}

/**
 * Renews the access token. `stale`: the token the caller found wanting (a 401 answered it); when the session
 * already holds another one, that one is answered without asking the server.
 */
export function refreshAccessToken(stale?: string): Promise<string> {
  const s = getSession();
  if (stale && s && s.token !== stale && fresh(s.expiresAt)) return Promise.resolve(s.token);
  inFlight ??= withLock(() => refreshNow(stale)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request(LOCK, fn) : fn();
}

async function refreshNow(stale?: string): Promise<string> {
  const before = readSessionNow();
  if (!before) throw new ApiError(MESSAGES.sessionExpired, 'sessionExpired', 401);
  // Another tab refreshed this session while we waited for the lock: its token is ours too.
  if (before.token !== stale && fresh(before.expiresAt)) return before.token;
  const identity = sessionIdentity(before);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REFRESH_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(REFRESH_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{}',
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    noteReach(false);
    throw new ApiError(MESSAGES.network, 'network');
  } finally {
    clearTimeout(timer);
  }
  noteReach(true);
  const body = (await res.json().catch(() => null)) as RefreshAnswer | null;
  // Signed out, or another user signed in, while the refresh ran: its answer belongs to no one now.
  if (sessionIdentity(readSessionNow()) !== identity) throw new ApiError(MESSAGES.sessionExpired, 'sessionExpired', 401);
  if (res.status === 401) {
    expireSession();
    throw errorForStatus(401, res.statusText, body);
  }
  if (!res.ok || !body?.token) throw errorForStatus(res.ok ? 502 : res.status, res.statusText, body);
  updateSession({ token: body.token, user: body.user, sessionId: body.sessionId, expiresAt: Date.now() + body.expiresIn * 1000 });
  return body.token;
}

/** Back online: renew a token that expired meanwhile now, before the screens refetch (best effort). */
export function refreshWhenOnline(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onOnline = () => void getAccessToken().catch(() => undefined);
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}
