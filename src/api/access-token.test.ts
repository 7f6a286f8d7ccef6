// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, refreshAccessToken, REFRESH_MARGIN_MS } from './access-token';
import { get } from './client';
import { clearSession, getSession, saveSession, TOKEN_EXPIRED_EVENT } from './session';

// The one way to a valid access token (README: sessions): what the fetch client and, later, the field outbox await.

let calls: string[];
let refreshReply: () => Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const user = {
  user_id: 7,
  email: 'w@x',
  role: 'worker' as const,
  client_id: 1,
  first_name: 'W',
  last_name: 'X',
  client_name: 'C',
  must_change_password: false,
};
const answer = (token: string) => json({ success: true, token, expiresIn: 900, sessionId: 3, refreshToken: 'r', user });

beforeEach(() => {
  calls = [];
  clearSession();
  refreshReply = async () => answer('fresh');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${url} ${(init.headers as Record<string, string>).Authorization ?? ''}`.trim());
      if (url === '/api/auth/refresh') return refreshReply();
      return json({ ok: true });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const signedIn = (expiresAt: number) => saveSession({ token: 'old', user, expiresAt, sessionId: 3 }, true);

describe('getAccessToken', () => {
  it('answers a token with more than a minute left at once, and null when nobody is signed in', async () => {
    expect(await getAccessToken()).toBeNull();
    signedIn(Date.now() + REFRESH_MARGIN_MS + 5_000);
    expect(await getAccessToken()).toBe('old');
    expect(calls).toEqual([]);
  });

  it('refreshes an expiring token once for every caller at the same time (the app back online after hours)', async () => {
    signedIn(Date.now() - 3 * 3600_000);
    let open!: () => void;
    refreshReply = () => new Promise((r) => (open = () => r(answer('fresh'))));
    const waiting = [getAccessToken(), getAccessToken(), get('/projects/user'), refreshAccessToken('old')];
    await vi.waitFor(() => expect(open).toBeTypeOf('function'));
    open();
    const [a, b, list, c] = await Promise.all(waiting);
    expect([a, b, c]).toEqual(['fresh', 'fresh', 'fresh']);
    expect(list).toEqual({ ok: true });
    expect(calls).toEqual(['/api/auth/refresh', '/api/projects/user Bearer fresh']);
    expect(getSession()).toMatchObject({ token: 'fresh', sessionId: 3, user: { role: 'worker' } });
    expect(getSession()!.expiresAt).toBeGreaterThan(Date.now() + 800_000);
  });

  it('a refresh that fails on the network keeps the session; the call fails as a network error and a later one refreshes', async () => {
    signedIn(Date.now() - 1000);
    refreshReply = async () => {
      throw new TypeError('Failed to fetch');
    };
    const heard = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, heard);
    await expect(get('/projects/user', { retries: 0 })).rejects.toMatchObject({ code: 'network' });
    refreshReply = async () => json({ message: 'busy' }, 503);
    await expect(getAccessToken()).rejects.toMatchObject({ code: 'server' });
    expect(getSession()?.token).toBe('old');
    expect(heard).not.toHaveBeenCalled();
    refreshReply = async () => answer('fresh');
    expect(await getAccessToken()).toBe('fresh');
    window.removeEventListener(TOKEN_EXPIRED_EVENT, heard);
  });

  it('only a 401 from the refresh endpoint ends the session', async () => {
    signedIn(Date.now() - 1000);
    refreshReply = async () => json({ success: false, code: 'refresh_reused', message: 'reused' }, 401);
    const heard = vi.fn();
    window.addEventListener(TOKEN_EXPIRED_EVENT, heard);
    await expect(getAccessToken()).rejects.toMatchObject({ code: 'sessionExpired', serverCode: 'refresh_reused' });
    expect(getSession()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(TOKEN_EXPIRED_EVENT, heard);
  });

  it('a 401 on a call renews the token and sends the call again', async () => {
    signedIn(Date.now() + 600_000);
    let first = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${url} ${(init.headers as Record<string, string>).Authorization ?? ''}`.trim());
        if (url === '/api/auth/refresh') return answer('fresh');
        if (first) return ((first = false), json({ message: 'Invalid or expired token' }, 401));
        return json({ ok: true });
      }),
    );
    expect(await get('/x')).toEqual({ ok: true });
    expect(calls).toEqual(['/api/x Bearer old', '/api/auth/refresh', '/api/x Bearer fresh']);
  });

  it('a refresh answered after sign-out is dropped: it belongs to no one now', async () => {
    signedIn(Date.now() - 1000);
    let open!: () => void;
    refreshReply = () => new Promise((r) => (open = () => r(answer('late'))));
    const p = getAccessToken();
    await vi.waitFor(() => expect(open).toBeTypeOf('function'));
    clearSession();
    open();
    await expect(p).rejects.toMatchObject({ code: 'sessionExpired' });
    expect(getSession()).toBeNull();
  });
});
