// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, del, get, getWithFallback, patch, post, put, REQUEST_TIMEOUT_MS } from './client';
import { ApiError, MESSAGES } from './errors';
import { getToken, saveSession, TOKEN_EXPIRED_EVENT, clearSession } from './session';
import { fetchUserProjects, FETCH_PROJECTS_FAILED } from './projects';

// The fetch client against a stubbed global fetch (client.md §7, §8, §9).

type Reply = Response | Error | ((url: string, init: RequestInit) => Promise<Response>);
let replies: Reply[];
let calls: { url: string; init: RequestInit }[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const text = (body: string, status = 200, statusText = '') => new Response(body, { status, statusText });

beforeEach(() => {
  replies = [];
  calls = [];
  clearSession();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const r = replies.shift();
      if (!r) throw new Error('unexpected fetch');
      if (r instanceof Error) throw r;
      return typeof r === 'function' ? r(url, init) : r;
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const headers = (i = 0) => calls[i].init.headers as Record<string, string>;
const session = (token: string) => ({ token, user: null, expiresAt: null, sessionId: 1 });

describe('requests', () => {
  it('prefixes the API base and keeps absolute URLs', () => {
    expect(apiUrl('projects/user')).toBe('/api/projects/user');
    expect(apiUrl('/api/projects/user')).toBe('/api/projects/user');
    expect(apiUrl('https://x.test/a')).toBe('https://x.test/a');
  });

  it('sends each method with a JSON body and content type', async () => {
    replies.push(json({ a: 1 }), json({ b: 2 }), json({ c: 3 }), json({ d: 4 }), json({ e: 5 }));
    expect(await get('/x')).toEqual({ a: 1 });
    expect(await post('/x', { n: 1 })).toEqual({ b: 2 });
    expect(await put('/x', { n: 2 })).toEqual({ c: 3 });
    expect(await patch('/x', { n: 3 })).toEqual({ d: 4 });
    expect(await del('/x')).toEqual({ e: 5 });
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(calls[1].init.body).toBe('{"n":1}');
    expect(headers(1)['Content-Type']).toBe('application/json');
    expect(headers(0)['Content-Type']).toBeUndefined(); // no body, no content type
    expect(headers(0).Authorization).toBeUndefined(); // no token
  });

  it('sends the bearer token when there is one, and not when told not to', async () => {
    saveSession(session('tok123'), true);
    replies.push(json([]), json({}));
    await get('/projects/user');
    await post('/auth/login', {}, { auth: false });
    expect(headers(0).Authorization).toBe('Bearer tok123');
    expect(headers(1).Authorization).toBeUndefined();
  });

  it('turns an empty body into null and bad JSON into the spec message', async () => {
    replies.push(text(''), new Response(null, { status: 204 }), text('{oops'));
    expect(await get('/x')).toBeNull();
    expect(await del('/x')).toBeNull();
    await expect(get('/x')).rejects.toMatchObject({ message: 'Invalid JSON response.', code: 'invalidJson' });
  });
});

describe('errors (client.md §8)', () => {
  it.each([
    [403, {}, 'You are not authorized to perform this action.', 'unauthorized'],
    [403, { message: 'Admin access required' }, 'You are not authorized to perform this action.', 'unauthorized'],
    [404, {}, 'The requested resource was not found.', 'notFound'],
    [404, { message: 'Project not found' }, 'Project not found', 'notFound'],
    [500, { message: 'db exploded' }, 'An unexpected error occurred. Please try again.', 'server'],
    [418, null, 'Something went wrong. Please try again.', 'generic'],
    [409, {}, 'Something went wrong. Please try again.', 'conflict'],
  ])('%i → %s', async (status, body, message, code) => {
    replies.push(body === null ? text('', status, 'Teapot') : json(body, status));
    await expect(get('/x', { retries: 0 })).rejects.toMatchObject({ message, code, status });
  });

  it('422 carries the field details', async () => {
    replies.push(json({ errors: [{ field: 'name', message: 'Required' }] }, 422));
    const e = (await post('/x', {}).catch((x) => x)) as ApiError;
    expect(e.message).toBe(MESSAGES.validation);
    expect(e.details).toEqual([{ field: 'name', message: 'Required' }]);
  });

  it('401 with a token asks for a new one; when the refresh is refused too, the session ends and says so', async () => {
    saveSession(session('old'), true);
    const heard = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, heard);
    replies.push(json({ message: 'Invalid token' }, 401), json({ code: 'session_ended', message: 'ended' }, 401));
    await expect(get('/x')).rejects.toMatchObject({ message: 'Session expired. Please log in again.', code: 'sessionExpired' });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/x', '/api/auth/refresh']);
    window.removeEventListener(TOKEN_EXPIRED_EVENT, heard);
  });

  it('a late 401 for a signed-out token leaves the session signed in since alone', async () => {
    saveSession(session('first'), true);
    // The first user's request answers 401 only after they signed out and another user signed in.
    replies.push(async () => {
      saveSession({ ...session('second'), sessionId: 2 }, true);
      return json({ message: 'Invalid token' }, 401);
    });
    await expect(get('/x')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('second');
  });

  it('reports a network failure', async () => {
    replies.push(new TypeError('Failed to fetch'));
    await expect(post('/x', {})).rejects.toMatchObject({ message: 'Network error. Please check your connection.', code: 'network' });
  });
});

describe('timeouts', () => {
  // As fetch does: an already aborted signal rejects at once, a later abort when it comes.
  const hang = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init.signal!.aborted) abort();
      else init.signal!.addEventListener('abort', abort);
    });

  it('gives up after 60000 ms by default with the spec message', async () => {
    vi.useFakeTimers();
    replies.push(hang);
    const p = post('/slow', {}).catch((e) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({
      message: 'Request timed out after 60000ms. The server is taking too long to respond.',
      code: 'timeout',
    });
  });

  it('takes a per-call timeout', async () => {
    vi.useFakeTimers();
    replies.push(hang);
    const p = get('/slow', { timeoutMs: 250, retries: 0 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(250);
    expect(((await p) as Error).message).toBe('Request timed out after 250ms. The server is taking too long to respond.');
  });

  it('passes a caller abort through without retrying', async () => {
    replies.push(hang);
    const c = new AbortController();
    const p = get('/slow', { signal: c.signal }).catch((e) => e);
    c.abort();
    expect(((await p) as Error).name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });
});

describe('retries (max 3, 1000 ms apart, idempotent only)', () => {
  it('retries GET on network errors and 502/503/504, 1000 ms apart', async () => {
    vi.useFakeTimers();
    replies.push(new TypeError('down'), json({}, 502), json({}, 503), json({ ok: true }));
    const p = get('/x');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await p).toEqual({ ok: true });
    expect(calls).toHaveLength(4);
  });

  it('stops after 3 retries', async () => {
    vi.useFakeTimers();
    replies.push(json({}, 504), json({}, 504), json({}, 504), json({}, 504), json({ never: true }));
    const p = put('/x', {}).catch((e) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(((await p) as ApiError).code).toBe('server');
    expect(calls).toHaveLength(4);
  });

  it('never retries 4xx, 500, or non-idempotent POST/PATCH', async () => {
    replies.push(json({}, 404), json({}, 500), new TypeError('down'), json({}, 503));
    await expect(get('/x')).rejects.toMatchObject({ status: 404 });
    await expect(get('/x')).rejects.toMatchObject({ status: 500 });
    await expect(post('/x', {})).rejects.toMatchObject({ code: 'network' });
    await expect(patch('/x', {})).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(4);
  });
});

describe('fallback URLs', () => {
  it('returns the first success, in order', async () => {
    replies.push(json({}, 404), json({ from: 'second' }));
    expect(await getWithFallback(['/a', '/b', '/c'])).toEqual({ from: 'second' });
    expect(calls.map((c) => c.url)).toEqual(['/api/a', '/api/b']);
  });

  it('fails with the last error when all fail', async () => {
    replies.push(json({}, 404), json({ message: 'Project not found' }, 404));
    await expect(getWithFallback(['/a', '/b'])).rejects.toMatchObject({
      message: 'All API endpoints failed. Last error: Project not found',
      code: 'allFailed',
    });
  });

  it('does not try further URLs once the session expired', async () => {
    saveSession({ expiresAt: null, sessionId: 1, token: 't', user: null }, false);
    replies.push(json({}, 401), json({}, 401));
    await expect(getWithFallback(['/a', '/b'])).rejects.toMatchObject({ code: 'sessionExpired' });
    expect(calls.map((c) => c.url)).toEqual(['/api/a', '/api/auth/refresh']);
  });
});

describe('fetchUserProjects', () => {
  it('returns the list', async () => {
    replies.push(json([{ project_id: 1, name: 'A', observation_date: '2024-01-01' }]));
    expect(await fetchUserProjects()).toEqual([{ project_id: 1, name: 'A', observation_date: '2024-01-01' }]);
    expect(calls[0].url).toBe('/api/projects/user');
  });

  it("fails with 'Failed to fetch user projects', keeping the cause", async () => {
    replies.push(json({}, 403), json({ not: 'a list' }));
    await expect(fetchUserProjects()).rejects.toMatchObject({ message: FETCH_PROJECTS_FAILED, code: 'unauthorized', status: 403 });
    await expect(fetchUserProjects()).rejects.toMatchObject({ message: FETCH_PROJECTS_FAILED, code: 'invalidJson' });
  });

  it('passes an expired session on unchanged', async () => {
    saveSession({ expiresAt: null, sessionId: 1, token: 't', user: null }, true);
    replies.push(json({}, 401), json({}, 401));
    await expect(fetchUserProjects()).rejects.toMatchObject({ code: 'sessionExpired', message: MESSAGES.sessionExpired });
  });
});
