// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorForStatus } from './errors';
import { FETCH_PROJECTS_FAILED, userProjectsQuery } from './projects';
import { QUERY_RETRIES, bindToSession, createQueryClient, retryQuery } from './query-client';
import { isRetryableError } from './errors';
import { clearSession, saveSession, updateSession } from './session';

// The retry policy of reads (TanStack owns them; the fetcher makes one attempt
// per query call) and the cache's tie to the session.

const status = (s: number) => errorForStatus(s, '', null);

describe('retry policy', () => {
  it.each([502, 503, 504, 408, 429])('retries a %i answer', (s) => {
    expect(isRetryableError(status(s))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 410, 422, 500])('never retries a %i answer', (s) => {
    expect(isRetryableError(status(s))).toBe(false);
  });

  it('retries a lost connection, not a client-side timeout, an unreadable answer or an error that is not the API’s', () => {
    expect(isRetryableError(new ApiError('Network error.', 'network'))).toBe(true);
    expect(isRetryableError(new ApiError('Request timed out', 'timeout'))).toBe(false);
    expect(isRetryableError(new ApiError('Invalid JSON response.', 'invalidJson', 200))).toBe(false);
    expect(isRetryableError(new ApiError('Session expired.', 'sessionExpired', 401))).toBe(false);
    expect(isRetryableError(new Error('Invalid response format'))).toBe(false);
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isRetryableError('boom')).toBe(false);
  });

  it('reads the cause kept by a call that rewords its failure (the project list)', () => {
    expect(isRetryableError(new ApiError(FETCH_PROJECTS_FAILED, 'server', 503))).toBe(true);
    expect(isRetryableError(new ApiError(FETCH_PROJECTS_FAILED, 'network', 0))).toBe(true);
    expect(isRetryableError(new ApiError(FETCH_PROJECTS_FAILED, 'unauthorized', 403))).toBe(false);
  });

  it(`stops after ${QUERY_RETRIES} retries`, () => {
    const e = status(503);
    expect([0, 1, 2, 3, 4].map((n) => retryQuery(n, e))).toEqual([true, true, true, false, false]);
    expect(retryQuery(0, status(404))).toBe(false);
  });

  it('uses the policy, staleTime and reconnect settings by default', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.retry).toBe(retryQuery);
    expect(q.staleTime).toBe(30_000);
    expect(q.refetchOnReconnect).toBe(true);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(createQueryClient().getDefaultOptions().mutations!.retry).toBe(false);
  });
});

describe('a query against the fetcher', () => {
  let replies: (() => Response)[];
  let fetches: number;
  beforeEach(() => {
    replies = [];
    fetches = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        fetches++;
        const r = replies.shift();
        if (!r) throw new TypeError('Failed to fetch');
        return r();
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const reply =
    (s: number, body: unknown = {}) =>
    () =>
      new Response(JSON.stringify(body), { status: s });
  // The policy of the app's client, without waiting for the backoff.
  const fetchProjects = () => createQueryClient().fetchQuery({ ...userProjectsQuery(), retryDelay: 0 });

  it('is retried by TanStack only: two 503s then the list are three requests, not the fetcher’s retries on top', async () => {
    replies.push(reply(503), reply(503), reply(200, [{ project_id: 1 }]));
    expect(await fetchProjects()).toEqual([{ project_id: 1 }]);
    expect(fetches).toBe(3);
  });

  it('gives up after one request on a 4xx and after four on a lasting outage', async () => {
    replies.push(reply(403));
    await expect(fetchProjects()).rejects.toMatchObject({ message: FETCH_PROJECTS_FAILED, status: 403 });
    expect(fetches).toBe(1);
    fetches = 0;
    await expect(fetchProjects()).rejects.toMatchObject({ message: FETCH_PROJECTS_FAILED, code: 'network' });
    expect(fetches).toBe(1 + QUERY_RETRIES);
  });

  it('retries a 429 and a 408', async () => {
    replies.push(reply(429), reply(408), reply(200, []));
    expect(await fetchProjects()).toEqual([]);
    expect(fetches).toBe(3);
  });
});

describe('the cache and the session', () => {
  const user = (id: number) => ({
    user_id: id,
    email: `u${id}@x`,
    role: 'user' as const,
    client_id: id,
    first_name: 'A',
    last_name: 'B',
    client_name: null,
    must_change_password: false,
  });
  let unbind: () => void;
  afterEach(() => {
    unbind?.();
    clearSession();
  });

  it('drops every query when the user signs out', () => {
    saveSession({ expiresAt: null, sessionId: 1, token: 'a', user: user(1) }, true);
    const client = createQueryClient();
    unbind = bindToSession(client);
    client.setQueryData(['projects', 'user'], [{ project_id: 1 }]);
    client.setQueryData(['admin', 'clients'], [{ client_id: 1 }]);
    clearSession();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('drops the previous user’s data when another user signs in (e.g. in another tab)', () => {
    saveSession({ expiresAt: null, sessionId: 1, token: 'a', user: user(1) }, true);
    const client = createQueryClient();
    unbind = bindToSession(client);
    client.setQueryData(['projects', 'user'], [{ project_id: 1 }]);
    saveSession({ expiresAt: null, sessionId: 2, token: 'b', user: user(2) }, true);
    expect(client.getQueryData(['projects', 'user'])).toBeUndefined();
  });

  it('keeps the cache while the session stays the same', () => {
    saveSession({ expiresAt: null, sessionId: 1, token: 'a', user: user(1) }, true);
    const client = createQueryClient();
    unbind = bindToSession(client);
    client.setQueryData(['projects', 'user'], [{ project_id: 1 }]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' })); // same token: nothing changed
    expect(client.getQueryData(['projects', 'user'])).toEqual([{ project_id: 1 }]);
    // A refreshed access token of the same sign-in (every 15 minutes) is the same session.
    updateSession({ token: 'a2', expiresAt: Date.now() + 900_000 });
    expect(client.getQueryData(['projects', 'user'])).toEqual([{ project_id: 1 }]);
  });
});
