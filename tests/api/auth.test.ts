import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ACCOUNTS, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { sessionUser } from '../../src/domain/contracts/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`auth on ${ENGINE}`, () => {
  it('logs in with the demo grower and returns token and user without the password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ACCOUNTS.grower });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({ email: 'grower@demo.farm', role: 'user', client_name: 'Galil Orchards' });
    expect(JSON.stringify(body)).not.toMatch(/password_hash|"password"|scrypt|argon2/i);
    // The login reads the hash, token version and disabled flag from the same row: the contract sends only the user's fields.
    const fields = Object.keys(sessionUser.shape).sort();
    expect(Object.keys(body.user).sort()).toEqual(fields);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(Object.keys(me.json().user).sort()).toEqual(fields); // no token id or expiry
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '  ADMIN@demo.farm ', password: ACCOUNTS.admin.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ACCOUNTS.grower.email, password: 'nope-nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@demo.farm', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
    expect(wrong.json().code).toBe('invalid_credentials'); // a stable code the client translates
  });

  it('rejects a missing field, an unknown field and malformed JSON with 400 and a message', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/i);
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...ACCOUNTS.grower, admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/admin|unrecognized/i);
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/JSON/);
  });

  it('requires a valid bearer token on protected routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/user' })).statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/projects/user', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(garbage.statusCode).toBe(401);
    const token = await t.token('grower');
    const [h, p] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/user', headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url')}.${token.split('.')[2]}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/user', headers: { authorization: `Bearer ${tampered}` } })).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ACCOUNTS.grower2 });
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });

  it('serves the health check without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ backend: 'online', database: 'connected' });
  });
});
