// Helpers of the session and password API tests (tests/api/sessions.test.ts, passwords.test.ts).
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './api-app';
import { insertUser } from '../../server/db/seed';

export function sessionHelpers(t: TestApp) {
  const call = (o: InjectOptions) => t.app.inject(o);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (token: string) => call({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const admin = (o: InjectOptions) => t.as('admin', o);
  const clientA = async () => (await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`)).rows[0].client_id;
  const login = (email: string, password: string, opts: { address?: string; remember?: boolean } = {}) =>
    call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, ...(opts.remember !== undefined ? { remember: opts.remember } : {}) },
      remoteAddress: opts.address ?? '127.0.0.1',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36' },
    });
  const refresh = (refreshToken?: string, cookie?: string) =>
    call({ method: 'POST', url: '/api/auth/refresh', payload: refreshToken ? { refreshToken } : {}, headers: cookie ? { cookie } : {} });
  const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'orchard_refresh');
  /** A throwaway grower of client A. */
  const freshUser = async (tag: string) => {
    const email = `${tag}-${randomUUID().slice(0, 8)}@demo.farm`;
    const password = `Pw-${randomUUID()}`;
    const client = await clientA();
    const id = await t.db.transaction((tx) => insertUser(tx, { email, password, first: tag, last: 'Test' }, client, 'user'));
    return { id, email, password };
  };
  const signedIn = async (tag: string) => {
    const u = await freshUser(tag);
    const res = await login(u.email, u.password);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    return { ...u, token: b.token as string, refreshToken: b.refreshToken as string, sessionId: b.sessionId as number };
  };
  return { call, bearer, me, admin, login, refresh, cookieOf, freshUser, signedIn };
}
