// Sessions (issue 33; README: people, roles and sessions): refresh rotation and
// reuse detection, the cookie, the access token's life, and ending sessions
// (sign-out, Profile, admin, disable, delete) on one or two API processes.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, ACCOUNTS } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { sessionHelpers } from '../support/session-helpers';
import { buildApp } from '../../server/app';
import { createTokenService, resolveSecret } from '../../server/auth/token';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());
const { call, bearer, me, admin, login, refresh, cookieOf, freshUser, signedIn } = sessionHelpers(t);

describe(`access and refresh tokens on ${ENGINE}`, () => {
  it('login answers a 15-minute access token, a refresh token and an HttpOnly cookie (30 days with remember me, else the browser session)', async () => {
    const u = await freshUser('cookie');
    const res = await login(u.email, u.password, { remember: true });
    const b = res.json();
    expect(b).toMatchObject({ expiresIn: 3600, sessionId: expect.any(Number), refreshToken: expect.stringMatching(/^[\w-]{43}$/) });
    const c = cookieOf(res)!;
    expect(c).toMatchObject({ value: b.refreshToken, httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 30 * 24 * 3600 });
    const plain = cookieOf(await login(u.email, u.password))!;
    expect(plain.maxAge).toBeUndefined();
    expect(plain.expires).toBeUndefined();
    // Stored hashed: the token itself is nowhere in the database.
    const { rows } = await t.db.query<{ token_hash: string }>(`SELECT token_hash FROM refresh_tokens WHERE session_id = $1`, [b.sessionId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(b.refreshToken);
    expect(rows[0].token_hash).toMatch(/^[\w-]{43}$/);
    // The default access-token life is 15 minutes (TOKEN_TTL_SECONDS).
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({}).TOKEN_TTL_SECONDS).toBe(900);
  });

  it('rotates the refresh token on each use, by body or by cookie; a token presented twice ends the whole session', async () => {
    const s = await signedIn('rotate');
    const r1 = await refresh(s.refreshToken);
    expect(r1.statusCode, r1.body).toBe(200);
    const b1 = r1.json();
    expect(b1.refreshToken).not.toBe(s.refreshToken);
    expect(b1.sessionId).toBe(s.sessionId);
    expect((await me(b1.token)).statusCode).toBe(200);
    // The browser's way: the cookie only.
    const r2 = await refresh(undefined, `orchard_refresh=${cookieOf(r1)!.value}`);
    expect(r2.statusCode, r2.body).toBe(200);
    const b2 = r2.json();
    expect(cookieOf(r2)!.value).toBe(b2.refreshToken);

    // The first token again: someone else holds a copy. The session (family) ends: every token of it.
    const reused = await refresh(s.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ success: false, code: 'refresh_reused' });
    expect(cookieOf(reused)?.value).toBe(''); // cleared
    expect((await refresh(b2.refreshToken)).statusCode).toBe(401);
    expect((await me(b2.token)).statusCode).toBe(401);
    expect((await me(s.token)).statusCode).toBe(401);
    const row = await t.db.query<{ end_reason: string }>(`SELECT end_reason FROM sessions WHERE session_id = $1`, [s.sessionId]);
    expect(row.rows[0].end_reason).toBe('refresh_reused');
    // Another session of the same user lives on.
    expect((await login(s.email, s.password)).statusCode).toBe(200);
  });

  it('two refreshes with one token at the same time: exactly one succeeds, and the reuse ends the session', async () => {
    const s = await signedIn('race');
    const [a, b] = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const winner = (a.statusCode === 200 ? a : b).json();
    expect((await me(winner.token)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown or malformed refresh token with 401 and a code', async () => {
    expect((await refresh()).json()).toMatchObject({ code: 'refresh_missing' });
    expect((await refresh('x'.repeat(43))).json()).toMatchObject({ code: 'session_ended' });
    expect((await refresh()).statusCode).toBe(401);
    const huge = await call({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x'.repeat(5000) } });
    expect(huge.statusCode).toBe(400);
  });

  it('an expired access token answers 401 and the refresh token gets a new one (the offline app coming back)', async () => {
    const s = await signedIn('expired');
    // Two seconds: exp is whole seconds, so a 1 s token signed late in a second can be expired at once.
    const short = createTokenService(await resolveSecret(t.db, undefined), 2);
    const { token } = await short.sign(s.id, 0, s.sessionId);
    expect((await me(token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 3100));
    expect((await me(token)).statusCode).toBe(401);
    const r = await refresh(s.refreshToken);
    expect(r.statusCode).toBe(200);
    expect((await me(r.json().token)).statusCode).toBe(200);
  });

  it('a session without remember me ends 12 hours after its last use; a remembered one 30 days after sign-in', async () => {
    const s = await signedIn('idle');
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [s.sessionId]);
    expect((await refresh(s.refreshToken)).json()).toMatchObject({ code: 'session_ended' });
    const u = await freshUser('remember');
    const b = (await login(u.email, u.password, { remember: true })).json();
    const r = await refresh(b.refreshToken);
    const { rows } = await t.db.query<{ days: number }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days FROM sessions WHERE session_id = $1`,
      [b.sessionId],
    );
    expect(r.statusCode).toBe(200);
    expect(Number(rows[0].days)).toBeCloseTo(30, 3);
  });
});

describe(`ending sessions on ${ENGINE}`, () => {
  it('sign-out ends the whole session: the access token and the refresh token', async () => {
    const s = await signedIn('signout');
    const out = await call({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.token) });
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out)?.value).toBe('');
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('Profile: lists the live sessions (device, last seen), ends one, or all others', async () => {
    const s = await signedIn('profile');
    const second = (await login(s.email, s.password)).json();
    const third = (await login(s.email, s.password)).json();
    const list = await call({ method: 'GET', url: '/api/auth/sessions', headers: bearer(s.token) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as { session_id: number; current: boolean; user_agent: string; last_seen_at: string }[];
    expect(sessions.map((x) => x.session_id).sort()).toEqual([s.sessionId, second.sessionId, third.sessionId].sort());
    expect(sessions.filter((x) => x.current).map((x) => x.session_id)).toEqual([s.sessionId]);
    expect(sessions[0]).toMatchObject({ user_agent: expect.stringContaining('Android'), last_seen_at: expect.any(String), address: '127.0.0.1' });

    const one = await call({ method: 'DELETE', url: `/api/auth/sessions/${second.sessionId}`, headers: bearer(s.token) });
    expect(one.statusCode).toBe(200);
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    // Another user's session is a 404, as is one already ended.
    const other = (await t.db.query<{ session_id: number }>(`SELECT max(session_id) AS session_id FROM sessions WHERE user_id <> $1`, [s.id])).rows[0];
    expect((await call({ method: 'DELETE', url: `/api/auth/sessions/${other.session_id}`, headers: bearer(s.token) })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/api/auth/sessions/${second.sessionId}`, headers: bearer(s.token) })).statusCode).toBe(404);

    const others = await call({ method: 'POST', url: '/api/auth/sessions/end-others', headers: bearer(s.token) });
    expect(others.json()).toMatchObject({ ended: 1 });
    expect((await me(third.token)).statusCode).toBe(401);
    expect((await me(s.token)).statusCode).toBe(200);
  });

  it('an admin ends all sessions of a user: the next request answers 401, refresh tokens too', async () => {
    const s = await signedIn('adminend');
    const second = (await login(s.email, s.password)).json();
    const res = await admin({ method: 'DELETE', url: `/api/admin/users/${s.id}/sessions` });
    expect(res.json()).toMatchObject({ success: true, ended: 2 });
    for (const tok of [s.token, second.token]) expect((await me(tok)).statusCode).toBe(401);
    for (const r of [s.refreshToken, second.refreshToken]) expect((await refresh(r)).statusCode).toBe(401);
    expect((await admin({ method: 'GET', url: `/api/admin/users/${s.id}` })).json().user.active_sessions).toBe(0);
  });

  it('disabling a user → 401 at the next request and no refresh; deleting one → the same', async () => {
    for (const how of ['disable', 'delete'] as const) {
      const s = await signedIn(how);
      const u = (await admin({ method: 'GET', url: `/api/admin/users/${s.id}` })).json().user;
      const res =
        how === 'disable'
          ? await admin({
              method: 'PUT',
              url: `/api/admin/users/${s.id}`,
              payload: {
                email: u.email,
                first_name: u.first_name,
                last_name: u.last_name,
                client_id: u.client_id,
                role: u.role,
                disabled: true,
                version: u.version,
              },
            })
          : await admin({ method: 'DELETE', url: `/api/admin/users/${s.id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(s.token)).statusCode, how).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode, how).toBe(401);
    }
  });
});

describe(`processes on one database on ${ENGINE}`, () => {
  it('a session ended through one process is ended for the other at its next request', async () => {
    const tokens = createTokenService(await resolveSecret(t.db, undefined), 3600);
    const other = await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 10_000 });
    try {
      const s = await signedIn('twoapps');
      expect((await other.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(200);
      await call({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.token) });
      expect((await other.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(401);
      expect((await other.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: s.refreshToken } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

it('keeps the demo accounts usable', async () => {
  expect((await login(ACCOUNTS.grower.email, ACCOUNTS.grower.password)).statusCode).toBe(200);
});
