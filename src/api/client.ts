import { ApiError, MESSAGES, errorForStatus, isRetryableError, timeoutMessage } from './errors';
import { getAccessToken, refreshAccessToken } from './access-token';
import { sessionIdentity } from './session';
import { noteReach } from './reachability';

// One fetch client for every call (client.md §7, §8, §9): same-origin /api
// base, JSON, bearer token, timeout, retries for idempotent calls on network
// errors and 502/503/504 only. The token comes from getAccessToken (renewed
// before it expires); a 401 renews it once and sends the call again, and only
// a refresh the server refuses ends the session (README: sessions).

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;
export const MAX_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Return the raw Response (binary bodies, e.g. Arrow). */
  raw?: boolean;
  retries?: number;
  retryDelayMs?: number;
  /** Send the token if there is one (default true). */
  auth?: boolean;
}

const IDEMPOTENT = new Set<Method>(['GET', 'PUT', 'DELETE']);

export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const p = path.startsWith('/') ? path : `/${path}`;
  return p.startsWith(`${API_BASE}/`) ? p : `${API_BASE}${p}`;
}

export async function request<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const retries = IDEMPOTENT.has(method) ? (opts.retries ?? MAX_RETRIES) : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await once<T>(method, path, opts);
    } catch (e) {
      const err = e as ApiError;
      if (!isRetryableError(err) || attempt >= retries || opts.signal?.aborted) throw e;
      await sleep(opts.retryDelayMs ?? RETRY_DELAY_MS, opts.signal);
    }
  }
}

async function once<T>(method: Method, path: string, opts: RequestOptions): Promise<T> {
  const token = opts.auth === false ? null : await getAccessToken();
  const identity = sessionIdentity();
  try {
    return await send<T>(method, path, opts, token);
  } catch (e) {
    // The token was refused (ended early, a wrong clock): renew it once and send again. A session the server
    // ended answers the refresh with 401, which ends it here too. A call of a session signed out since (or of
    // another user's) is not sent again.
    if (!token || !(e instanceof ApiError) || e.status !== 401 || sessionIdentity() !== identity) throw e;
    return send<T>(method, path, opts, await refreshAccessToken(token));
  }
}

async function send<T>(method: Method, path: string, opts: RequestOptions, token: string | null): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  const onAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) controller.abort(opts.signal.reason);
  else opts.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // JSON content type whenever there is a body (an empty body declared as JSON is a 400); a file goes as its bytes.
  const file = opts.body instanceof Blob;
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['Content-Type'] = file ? 'application/octet-stream' : 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    let res: Response;
    try {
      res = await fetch(apiUrl(path), {
        method,
        headers,
        body: opts.body === undefined ? undefined : file ? (opts.body as Blob) : JSON.stringify(opts.body),
        signal: controller.signal,
      });
    } catch (e) {
      if (timedOut) throw new ApiError(timeoutMessage(timeoutMs), 'timeout');
      if (opts.signal?.aborted) throw e;
      noteReach(false);
      throw new ApiError(MESSAGES.network, 'network');
    }
    noteReach(true);
    // A 304 reaches the page only when it sent a validator itself (If-None-Match): the raw answer says "unchanged".
    if (!res.ok && !(opts.raw && res.status === 304)) {
      const body = await res.text().then(parseJsonSafe, () => null);
      throw errorForStatus(res.status, res.statusText, body);
    }
    if (opts.raw) return res as T;
    const text = await res.text();
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(MESSAGES.invalidJson, 'invalidJson', res.status);
    }
  } catch (e) {
    if (timedOut && !(e instanceof ApiError)) throw new ApiError(timeoutMessage(timeoutMs), 'timeout');
    throw e;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function parseJsonSafe(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

export const get = <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts);
export const post = <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body });
export const put = <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body });
export const patch = <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body });
export const del = <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts);

/** Tries each URL in order; the first success wins (client.md §7). */
export async function getWithFallback<T>(paths: string[], opts?: RequestOptions): Promise<T> {
  let last: unknown = null;
  for (const p of paths) {
    try {
      return await get<T>(p, opts);
    } catch (e) {
      if ((e as ApiError).code === 'sessionExpired' || opts?.signal?.aborted) throw e;
      last = e;
    }
  }
  const msg = last instanceof Error ? last.message : String(last);
  // The last answer's status stays readable: a 404 on every path means the resource is not there (or not shared).
  throw new ApiError(`All API endpoints failed. Last error: ${msg}`, 'allFailed', last instanceof ApiError ? last.status : 0);
}
