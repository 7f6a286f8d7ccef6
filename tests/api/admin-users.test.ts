import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUser, userResponse } from '../../src/domain/contracts/users';

let t: TestApp;
let galil: number;
beforeAll(async () => {
  t = await createTestApp();
  galil = (await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`)).rows[0].client_id;
});
afterAll(async () => t?.close());

const base = () => ({ email: 'New.User@Example.com', password: 'Secret-pass-1', first_name: 'Noa', last_name: 'Levi', client_id: galil, role: 'user' });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe(`admin users on ${ENGINE}`, () => {
  let id: number;

  it('lists users without any password field', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/users' });
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining(['admin@demo.farm', 'grower@demo.farm']));
    expect(res.body).not.toMatch(/password_hash|"password"|scrypt|argon2/i);
  });

  it('answers with exactly the fields of the user contract, and a field it does not name never leaves', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/users' });
    const fields = Object.keys(adminUser.shape).sort();
    for (const u of res.json().users as Record<string, unknown>[]) expect(Object.keys(u).sort()).toEqual(fields);
    // The mechanism: a handler returning a row with password_hash, answered through the contract.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const row = { ...(res.json().users[0] as Record<string, unknown>), created_at: new Date(0), password_hash: '$argon2id$v=19$secret' };
    app.get('/u', { schema: { response: { 200: userResponse } } }, async () => ({ success: true as const, message: 'ok', user: row as never }));
    const out = await app.inject({ method: 'GET', url: '/u' });
    expect(out.statusCode).toBe(200);
    expect(out.body).not.toContain('password_hash');
    expect(out.json().user.created_at).toBe('1970-01-01T00:00:00.000Z');
    await app.close();
  });

  it('creates a user (email lower-cased), who can log in; audit row written', async () => {
    const res = await t.as('admin', { method: 'POST', url: '/api/admin/users', payload: base() });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'new.user@example.com', client_name: 'Galil Orchards', role: 'user' });
    expect(res.body).not.toMatch(/password_hash|"password"/i);
    id = res.json().user.user_id;
    expect((await login('new.user@example.com', 'Secret-pass-1')).statusCode).toBe(200);
    const audit = (await t.db.query(`SELECT * FROM audit_log WHERE entity = 'user' AND entity_id = $1`, [String(id)])).rows;
    expect(audit).toMatchObject([{ action: 'create', user_email: 'admin@demo.farm' }]);
  });

  it('returns each validation error as a field error', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ password: 'short' }, 'password', 'Password must be at least 12 characters'],
      [{ password: 'elevenchars' }, 'password', 'Password must be at least 12 characters'],
      [{ first_name: ' ' }, 'first_name', 'First name is required'],
      [{ last_name: undefined }, 'last_name', 'Last name is required'],
      [{ role: 'owner' }, 'role', "Role must be 'user', 'worker' or 'admin'"],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.as('admin', { method: 'POST', url: '/api/admin/users', payload: { ...base(), email: 'x@y.co', ...patch } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message, code: expect.any(String) }));
    }
    const noClient = await t.as('admin', { method: 'POST', url: '/api/admin/users', payload: { ...base(), email: 'x@y.co', client_id: null } });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors).toEqual([{ field: 'client_id', message: 'Client is required', code: 'client_required' }]);
    const badClient = await t.as('admin', { method: 'POST', url: '/api/admin/users', payload: { ...base(), email: 'x@y.co', client_id: 9999 } });
    expect(badClient.statusCode).toBe(422);
    const extra = await t.as('admin', { method: 'POST', url: '/api/admin/users', payload: { ...base(), email: 'x@y.co', is_admin: true } });
    expect(extra.statusCode).toBe(400);
  });

  it('answers a duplicate email (any case) with 409 and a clear message', async () => {
    const res = await t.as('admin', { method: 'POST', url: '/api/admin/users', payload: { ...base(), email: 'GROWER@demo.farm' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'A user with this email already exists', errors: [{ field: 'email' }] });
    const put = await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { ...base(), email: 'grower@demo.farm' } });
    expect(put.statusCode).toBe(409);
  });

  it('keeps the password when the edit omits it, and the user stays signed in', async () => {
    const token = (await login('new.user@example.com', 'Secret-pass-1')).json().token;
    const { password: _p, ...rest } = base();
    const res = await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { ...rest, first_name: 'Noa-Renamed', version: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Noa-Renamed', version: 2 });
    expect((await login('new.user@example.com', 'Secret-pass-1')).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    const stale = await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { ...rest, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else. Reload and try again.');
  });

  it('ends existing sessions at once when the password changes or the user is disabled', async () => {
    const token = (await login('new.user@example.com', 'Secret-pass-1')).json().token;
    const res = await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { ...base(), password: 'Another-pass-2' } });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login('new.user@example.com', 'Secret-pass-1')).statusCode).toBe(401);
    const token2 = (await login('new.user@example.com', 'Another-pass-2')).json().token;
    const { password: _p, ...rest } = base();
    await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { ...rest, disabled: true } });
    expect((await me(token2)).statusCode).toBe(401);
    expect((await login('new.user@example.com', 'Another-pass-2')).statusCode).toBe(401);
  });

  it('protects the signed-in admin and the last admin', async () => {
    const adminId = (await t.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE email = 'admin@demo.farm'`)).rows[0].user_id;
    const self = await t.as('admin', { method: 'DELETE', url: `/api/admin/users/${adminId}` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account');
    const demote = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/users/${adminId}`,
      payload: { email: 'admin@demo.farm', first_name: 'Dana', last_name: 'Admin', client_id: galil, role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
  });

  it('deletes a user: their token stops working, audit row written; 404 afterwards', async () => {
    const { password: _p, ...rest } = base();
    await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}`, payload: { ...rest, disabled: false } });
    const token = (await login('new.user@example.com', 'Another-pass-2')).json().token;
    expect((await me(token)).statusCode).toBe(200);
    const res = await t.as('admin', { method: 'DELETE', url: `/api/admin/users/${id}` });
    expect(res.json()).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await t.db.query(`SELECT 1 FROM audit_log WHERE entity = 'user' AND action = 'delete' AND entity_id = $1`, [String(id)])).rows).toHaveLength(1);
    expect((await t.as('admin', { method: 'DELETE', url: `/api/admin/users/${id}` })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/users/${id}` })).statusCode).toBe(404);
  });

  it('forbids growers', async () => {
    expect((await t.as('grower', { method: 'POST', url: '/api/admin/users', payload: base() })).statusCode).toBe(403);
    expect((await t.as('grower2', { method: 'DELETE', url: `/api/admin/users/1` })).statusCode).toBe(403);
  });
});
