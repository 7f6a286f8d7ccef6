// Sign-in and passwords (issue 33; README: people, roles and sessions): the
// lockout attack that no longer locks anyone out, the administrator's view of
// failed sign-ins, changing one's password, and the administrator's reset with a
// forced change.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { sessionHelpers } from '../support/session-helpers';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());
const { call, bearer, me, admin, login, refresh, freshUser, signedIn } = sessionHelpers(t);

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

it(`parallel guesses from one address share the backoff: 20 at once, 5 are checked (${ENGINE})`, async () => {
  const u = await freshUser('parallel');
  const res = await Promise.all(Array.from({ length: 20 }, (_, i) => login(u.email, `guess-${i}`, { address: '203.0.113.77' })));
  const codes = res.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 401).length).toBe(5);
  expect(codes.filter((c) => c === 429).length).toBe(15);
  expect((await login(u.email, u.password, { address: '198.51.100.77' })).statusCode).toBe(200);
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
