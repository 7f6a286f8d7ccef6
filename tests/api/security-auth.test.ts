// Auth hardening (docs/ARCHITECTURE.md §5): password hashing parameters, token
// tampering, per-user token version, logout, login throttles, and failures
// that cannot be told apart.
import { afterAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { createTestApp, ACCOUNTS } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { ARGON2_PARAMS, hashPassword, scryptHashForTests, verifyPassword } from '../../server/auth/password';
import { insertUser } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { createTokenService, resolveSecret } from '../../server/auth/token';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const secret = async () =>
  new TextEncoder().encode((await t.db.query<{ value: string }>(`SELECT value FROM server_settings WHERE key = 'token_secret'`)).rows[0].value);
const clientA = async () => (await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`)).rows[0].client_id;

/** A throwaway grower, so throttles and deletions never touch the demo accounts. */
async function freshUser(tag: string) {
  const email = `${tag}-${randomUUID().slice(0, 8)}@demo.farm`;
  const password = `Pw-${randomUUID()}`;
  const id = await t.db.transaction((tx) => insertUser(tx, { email, password, first: tag, last: 'Test' }, null, 'user'));
  await t.db.query(`UPDATE users SET client_id = $1 WHERE user_id = $2`, [await clientA(), id]);
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return { id, email, password, token: res.json().token as string };
}

describe(`password storage on ${ENGINE}`, () => {
  it('uses argon2id at OWASP parameters (m = 19 MiB, t = 2, p = 1) and stores them with the hash', async () => {
    expect(ARGON2_PARAMS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const { rows } = await t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE email = $1`, [ACCOUNTS.grower.email]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{40,}$/);
    const h1 = await hashPassword('same password');
    const h2 = await hashPassword('same password');
    expect(h1).not.toBe(h2); // salted
    expect(await verifyPassword('same password', h1)).toBe(true);
    expect(await verifyPassword('same passworD', h1)).toBe(false);
    expect(await verifyPassword('same password', '$argon2id$garbage')).toBe(false);
  });

  it('accepts an old scrypt hash once and replaces it with argon2id on that login', async () => {
    const u = await freshUser('legacy');
    await t.db.query('UPDATE users SET password_hash = $1 WHERE user_id = $2', [await scryptHashForTests(u.password), u.id]);
    expect((await login(u.email, 'wrong password')).statusCode).toBe(401);
    const stillOld = (await t.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE user_id = $1', [u.id])).rows[0].h;
    expect(stillOld).toMatch(/^scrypt\$/); // a failed login never rehashes
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    const now = (await t.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE user_id = $1', [u.id])).rows[0].h;
    expect(now).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('never returns a password or its hash', async () => {
    const res = await login(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const meRes = await me(res.json().token);
    for (const body of [res.body, meRes.body]) expect(body).not.toMatch(/password_hash|"password"|scrypt\$|argon2/i);
  });
});

describe(`tokens on ${ENGINE}`, () => {
  it('answers 401 to a tampered payload, alg none, another algorithm, a wrong key and an expired token', async () => {
    const token = await t.token('grower');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const key = await secret();
    const signed = (alg: string, k: Uint8Array, exp: number) =>
      new SignJWT({ tv: claims.tv, sid: claims.sid })
        .setProtectedHeader({ alg, typ: 'JWT' })
        .setSubject(claims.sub)
        .setJti(randomUUID())
        .setIssuedAt(exp - 60)
        .setExpirationTime(exp)
        .sign(k);
    const now = Math.floor(Date.now() / 1000);
    const bad: Record<string, string> = {
      tamperedSub: `${h}.${b64({ ...claims, sub: '1' })}.${s}`,
      tamperedExp: `${h}.${b64({ ...claims, exp: claims.exp + 3600 })}.${s}`,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      algNoneUpper: `${b64({ alg: 'NONE', typ: 'JWT' })}.${b64({ ...claims, sub: '1' })}.`,
      hs512SameKey: await signed('HS512', new Uint8Array([...key, ...key]).slice(0, 64), now + 600),
      wrongKey: await signed('HS256', new TextEncoder().encode('x'.repeat(48)), now + 600),
      expired: await signed('HS256', key, now - 5),
      truncatedSignature: `${h}.${p}.${s.slice(0, -4)}`,
    };
    // The control: the same recipe with the right key and a future expiry works.
    expect((await me(await signed('HS256', key, now + 600))).statusCode).toBe(200);
    for (const [name, bogus] of Object.entries(bad)) {
      const res = await me(bogus);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({
        success: false,
        code: expect.stringMatching(/^(token_invalid|auth_required)$/),
        message: expect.stringMatching(/token|Authentication/),
      });
    }
    for (const header of ['', 'Bearer', `Basic ${token}`, `Bearer ${token} x`, `bearer${token}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: header } });
      expect(res.statusCode, JSON.stringify(header.slice(0, 20))).toBe(401);
    }
  });

  it('stops a disabled user’s token at once, and it works again when re-enabled', async () => {
    const u = await freshUser('disabled');
    expect((await me(u.token)).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET disabled = true WHERE user_id = $1`, [u.id]);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    await t.db.query(`UPDATE users SET disabled = false WHERE user_id = $1`, [u.id]);
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it('stops a deleted user’s token at once', async () => {
    const u = await freshUser('deleted');
    await t.db.query(`DELETE FROM users WHERE user_id = $1`, [u.id]);
    const res = await me(u.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid or expired token');
  });

  it('stops every earlier token when the token version is bumped (password change), not later ones', async () => {
    const u = await freshUser('bumped');
    await t.db.query(`UPDATE users SET token_version = token_version + 1 WHERE user_id = $1`, [u.id]);
    expect((await me(u.token)).statusCode).toBe(401);
    const again = await login(u.email, u.password);
    expect((await me(again.json().token)).statusCode).toBe(200);
  });

  it('revokes exactly the logged-out token on the server', async () => {
    const u = await freshUser('logout');
    const second = (await login(u.email, u.password)).json().token as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${u.token}` } });
    expect(out.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(401);
    const outAgain = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${u.token}` } });
    expect(outAgain.statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200); // another session of the same user lives on
  });
});

describe(`login brute-force limits on ${ENGINE}`, () => {
  it('slows one (account, address) pair with exponential backoff; the right password from another address still works', async () => {
    const u = await freshUser('throttled');
    const from = (address: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password }, remoteAddress: address });
    // Five failures cost nothing; after the fifth the pair waits 2 s (then 4, 8, …), even with the right password.
    for (let i = 0; i < 5; i++) expect((await from('10.20.0.1', `wrong-${i}`)).statusCode).toBe(401);
    for (const pw of ['wrong-again', u.password]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email.toUpperCase(), password: pw },
        remoteAddress: '10.20.0.1',
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({
        success: false,
        code: 'too_many_failures',
        message: 'Too many failed sign-ins from this address. Please wait a few minutes and try again.',
      });
    }
    // The owner, from an address that has not been failing, signs in (OWASP ASVS 2.2.1, CWE-645).
    expect((await from('10.20.0.2', u.password)).statusCode).toBe(200);
  });

  it('limits login attempts per address: 429 with Retry-After and a message', async () => {
    const tokens = createTokenService(await resolveSecret(t.db, undefined), 3600);
    const app = await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 5 });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        // Cheap invalid bodies: the limit counts attempts, before validation and hashing.
        last = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `x${i}@y.z` }, remoteAddress: '10.1.2.3' });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json()).toMatchObject({ success: false, message: expect.stringMatching(/rate limit|too many/i) });
      const other = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c' }, remoteAddress: '10.9.9.9' });
      expect(other.statusCode).toBe(400);
      // Only the login route is limited.
      expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('shares both limits between API processes on one database', async () => {
    const tokens = createTokenService(await resolveSecret(t.db, undefined), 3600);
    const [a, b] = [
      await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 3 }),
      await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 3 }),
    ];
    try {
      const from = (app: typeof a, remoteAddress: string, payload: object) => app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
      const codes = [await from(a, '10.7.7.7', {}), await from(b, '10.7.7.7', {}), await from(a, '10.7.7.7', {}), await from(b, '10.7.7.7', {})].map(
        (r) => r.statusCode,
      );
      expect(codes).toEqual([400, 400, 400, 429]);
      // Five failures of one (account, address) pair, spread over two processes: the pair waits in both.
      const u = await freshUser('shared');
      const [p, q] = [
        await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 10_000 }),
        await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 10_000 }),
      ];
      try {
        for (let i = 0; i < 5; i++) expect((await from(i % 2 ? p : q, '10.8.0.1', { email: u.email, password: `wrong-${i}` })).statusCode).toBe(401);
        const blocked = await from(p, '10.8.0.1', { email: u.email, password: u.password });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().code).toBe('too_many_failures');
        expect((await from(q, '10.8.0.2', { email: u.email, password: u.password })).statusCode).toBe(200);
      } finally {
        await p.close();
        await q.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keys the address limit by the forwarded address only behind a trusted proxy (TRUST_PROXY)', async () => {
    const tokens = createTokenService(await resolveSecret(t.db, undefined), 3600);
    const attempt = (app: Awaited<ReturnType<typeof buildApp>>, client: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
    const proxied = await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 2, trustProxy: true });
    try {
      expect(
        [await attempt(proxied, '203.0.113.1'), await attempt(proxied, '203.0.113.1'), await attempt(proxied, '203.0.113.1')].map((r) => r.statusCode),
      ).toEqual([400, 400, 429]);
      expect((await attempt(proxied, '203.0.113.2')).statusCode).toBe(400); // another client behind the same proxy
    } finally {
      await proxied.close();
    }
    const direct = await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 2 });
    try {
      // Not trusted: the header is the client's own claim, so it cannot pick a fresh bucket.
      expect(
        [await attempt(direct, '198.51.100.1'), await attempt(direct, '198.51.100.2'), await attempt(direct, '198.51.100.3')].map((r) => r.statusCode),
      ).toEqual([400, 400, 429]);
    } finally {
      await direct.close();
    }
  });

  it('bounds the password hashes in flight: beyond the queue a login gets 503 with Retry-After', async () => {
    const tokens = createTokenService(await resolveSecret(t.db, undefined), 3600);
    const app = await buildApp({ db: t.db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 10_000, passwordHash: { concurrency: 1, queue: 1 } });
    try {
      const res = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `burst-${i}@demo.farm`, password: 'not the password' },
            remoteAddress: `10.6.0.${i}`,
          }),
        ),
      );
      const codes = res.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401).length).toBeGreaterThanOrEqual(2); // the one hashing and the one queued
      const busy = res.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(Number(busy[0].headers['retry-after'])).toBeGreaterThan(0);
      expect(busy[0].json()).toEqual({ success: false, code: 'sign_in_busy', message: 'Too many sign-ins at once. Please try again in a few seconds.' });
      expect(codes.every((c) => c === 401 || c === 503)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers an unknown email and a wrong password identically, in a similar time', async () => {
    const u = await freshUser('timing');
    const samples = { unknown: [] as number[], wrong: [] as number[] };
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const kind of i % 2 ? (['unknown', 'wrong'] as const) : (['wrong', 'unknown'] as const)) {
        const email = kind === 'unknown' ? `nobody-${i}-${randomUUID().slice(0, 6)}@demo.farm` : u.email;
        const t0 = performance.now();
        const res = await login(email, `not-the-password-${i}`);
        samples[kind].push(performance.now() - t0);
        const headers = Object.keys(res.headers)
          .filter((h) => !['date', 'content-length'].includes(h))
          .sort();
        seen.add(JSON.stringify([res.statusCode, res.body, headers]));
      }
    }
    expect(seen.size, [...seen].join('\n')).toBe(1);
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
    const [mu, mw] = [median(samples.unknown), median(samples.wrong)];
    console.log(`[security-auth] login failure medians: unknown email ${mu.toFixed(0)} ms, wrong password ${mw.toFixed(0)} ms`);
    // Both paths run one argon2id; a lookup-only path would be 10–100× faster.
    expect(mu / mw).toBeGreaterThan(0.5);
    expect(mu / mw).toBeLessThan(2);
  });
});
