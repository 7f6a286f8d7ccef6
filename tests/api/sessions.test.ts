// Sessions and sign-in (issue 33; README: sessions, sign-in limits): the lockout
// attack that no longer locks anyone out, refresh rotation and reuse detection,
// the cookie, ending sessions (sign-out, Profile, admin, disable, delete,
// password change) and the administrator's password reset with a forced change.
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, ACCOUNTS } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { insertUser } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { createTokenService, resolveSecret } from '../../server/auth/token';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());

const call = (o: InjectOptions) => t.app.inject(o);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => call({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const admin = (o: InjectOptions) => t.as('admin', o);
const clientA = async () => (await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`)).rows[0].client_id;

function login(email: string, password: string, opts: { address?: string; remember?: boolean } = {}) {
  return call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(opts.remember !== undefined ? { remember: opts.remember } : {}) },
    remoteAddress: opts.address ?? '127.0.0.1',
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36' },
  });
}
const refresh = (refreshToken?: string, cookie?: string) =>
  call({ method: 'POST', url: '/api/auth/refresh', payload: refreshToken ? { refreshToken } : {}, headers: cookie ? { cookie } : {} });
const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'orchard_refresh');

/** A throwaway grower of client A. */
async function freshUser(tag: string) {
  const email = `${tag}-${randomUUID().slice(0, 8)}@demo.farm`;
  const password = `Pw-${randomUUID()}`;
  const client = await clientA();
  const id = await t.db.transaction((tx) => insertUser(tx, { email, password, first: tag, last: 'Test' }, client, 'user'));
  return { id, email, password };
}
async function signedIn(tag: string) {
  const u = await freshUser(tag);
  const res = await login(u.email, u.password);
  expect(res.statusCode, res.body).toBe(200);
  const b = res.json();
  return { ...u, token: b.token as string, refreshToken: b.refreshToken as string, sessionId: b.sessionId as number };
}

describe(`sign-in that cannot be used against the user on ${ENGINE}`, () => {
  it('50 failures from address A, then the right password from address B → 200; A waits; the admin sees and clears the count', async () => {
    const u = await freshUser('victim');
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await login(u.email, `guess-${i}`, { address: '203.0.113.9' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // Backoff: after five, the guesses are answered 429 without being checked (2 s, 4 s, 8 s … apart at most).
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    const fromB = await login(u.email, u.password, { address: '198.51.100.7' });
    expect(fromB.statusCode, fromB.body).toBe(200);
    // A still waits, even with the right password; the owner's success elsewhere does not free the attacker.
    const fromA = await login(u.email, u.password, { address: '203.0.113.9' });
    expect(fromA.statusCode).toBe(429);
    expect(Number(fromA.headers['retry-after'])).toBeGreaterThan(0);

    // The count is since the last success (B's) and for the admin only: a new failure from A... is not even counted while it waits.
    await login(u.email, 'one-more-typo', { address: '198.51.100.7' });
    const user = (await admin({ method: 'GET', url: `/api/admin/users/${u.id}` })).json().user;
    expect(user).toMatchObject({ failed_sign_ins: 1, last_failed_sign_in_at: expect.any(String) });
    const cleared = await admin({ method: 'DELETE', url: `/api/admin/users/${u.id}/failed-sign-ins` });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().user.failed_sign_ins).toBe(0);
    // Clearing also lifts every address's wait for the account.
    expect((await login(u.email, u.password, { address: '203.0.113.9' })).statusCode).toBe(200);
    const audited = await t.db.query(`SELECT 1 FROM audit_log WHERE entity = 'user_sign_ins' AND entity_id = $1`, [String(u.id)]);
    expect(audited.rows).toHaveLength(1);
  });
});

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
    const short = createTokenService(await resolveSecret(t.db, undefined), 1);
    const { token } = await short.sign(s.id, 0, s.sessionId);
    expect((await me(token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
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

describe(`passwords on ${ENGINE}`, () => {
  it('the user changes their own password confirming the current one; other sessions end, this one stays', async () => {
    const s = await signedIn('selfchange');
    const other = (await login(s.email, s.password)).json();
    const change = (current_password: string, new_password: string) =>
      call({ method: 'POST', url: '/api/auth/password', headers: bearer(s.token), payload: { current_password, new_password } });
    const wrong = await change('not-my-password', 'A-brand-new-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'current_password_wrong', errors: [{ field: 'current_password' }] });
    expect((await change(s.password, s.password)).json()).toMatchObject({ code: 'password_unchanged' });
    expect((await change(s.password, 'short')).statusCode).toBe(400);
    const ok = await change(s.password, 'A-brand-new-password');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ended_sessions: 1, user: { must_change_password: false } });
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await login(s.email, s.password)).statusCode).toBe(401);
    expect((await login(s.email, 'A-brand-new-password')).statusCode).toBe(200);
  });

  it('an admin resets a password: a one-time temporary password, the user must change it before anything else', async () => {
    const s = await signedIn('reset');
    const res = await admin({ method: 'POST', url: `/api/admin/users/${s.id}/password-reset` });
    expect(res.statusCode, res.body).toBe(200);
    const temp = res.json().temporary_password as string;
    expect(temp.length).toBeGreaterThanOrEqual(12);
    expect(res.json().ended_sessions).toBe(1);
    expect((await me(s.token)).statusCode).toBe(401);
    expect((await login(s.email, s.password)).statusCode).toBe(401);

    const signed = (await login(s.email, temp)).json();
    expect(signed.user.must_change_password).toBe(true);
    const h = bearer(signed.token);
    // Everything but me, sign-out and the change itself waits for the new password.
    const blocked = await call({ method: 'GET', url: '/api/projects/user', headers: h });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'password_change_required' });
    expect((await call({ method: 'GET', url: '/api/auth/me', headers: h })).json().user.must_change_password).toBe(true);
    const changed = await call({
      method: 'POST',
      url: '/api/auth/password',
      headers: h,
      payload: { current_password: temp, new_password: 'My-own-new-password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call({ method: 'GET', url: '/api/projects/user', headers: h })).statusCode).toBe(200);
    // One-time: the temporary password no longer signs in.
    expect((await login(s.email, temp)).statusCode).toBe(401);
    // An admin resets their own password in Profile instead.
    const adminId = (await admin({ method: 'GET', url: '/api/auth/me' })).json().user.user_id;
    expect((await admin({ method: 'POST', url: `/api/admin/users/${adminId}/password-reset` })).json()).toMatchObject({ code: 'own_password_reset' });
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE entity = 'user_password' AND entity_id = $1`, [String(s.id)]);
    expect(audit.rows.length).toBeGreaterThanOrEqual(2); // the reset and the change
  });

  it('wrong current passwords are throttled like sign-ins (a stolen access token cannot guess the password)', async () => {
    const s = await signedIn('guess');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (
          await call({
            method: 'POST',
            url: '/api/auth/password',
            headers: bearer(s.token),
            payload: { current_password: `g-${i}`, new_password: 'Whatever-new-pass' },
          })
        ).statusCode,
      );
    expect(codes.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(codes.slice(6)).toEqual([429]);
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
