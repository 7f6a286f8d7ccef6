import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import type { TokenService } from '../auth/token';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { LoginThrottle } from '../auth/login-throttle';
import { GateFullError, HashGate } from '../auth/hash-gate';
import { HttpError } from '../http-error';
import { USER_COLUMNS, currentUser } from '../plugins/auth';
import { okMessage } from '../../src/domain/contracts/common';
import { EMAIL_MAX } from '../../src/domain/user-rules';
import { loginResponse, meResponse, sessionUser } from '../../src/domain/contracts/auth';

export interface AuthRouteOptions {
  db: Db;
  tokens: TokenService;
  loginPerMinutePerAddress: number;
  passwordHash: { concurrency: number; queue: number };
}

const LoginBody = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX),
  password: z.string().min(1, 'Password is required').max(1024),
});

// One message for an unknown email, a wrong password and a disabled account,
// and the same hashing cost on every path, so failures cannot be told apart.
const LOGIN_FAILED = 'Invalid email or password';
const TOO_MANY = 'Too many failed login attempts. Please try again later.';
const TOO_MANY_FROM_ADDRESS = 'Too many login attempts from this address. Please try again later.';

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { db, tokens, loginPerMinutePerAddress, passwordHash }) => {
  // In the database: every API process on it counts the same attempts.
  const throttle = new LoginThrottle(db, { perAddressPerMinute: loginPerMinutePerAddress });
  const gate = new HashGate(passwordHash.concurrency, passwordHash.queue);
  const hashing = <T>(fn: () => Promise<T>) =>
    gate.run(fn).catch((e) => {
      if (e instanceof GateFullError) throw new HttpError(503, e.message, undefined, { 'retry-after': '5' }, 'sign_in_busy');
      throw e;
    });

  app.post(
    '/api/auth/login',
    {
      schema: { body: LoginBody, response: { 200: loginResponse } },
      config: { access: 'public' },
      // Per address, before the body is even validated (a rate limit counts every attempt).
      onRequest: async (request) => {
        const wait = await throttle.addressAttempt(request.ip);
        if (wait > 0) throw new HttpError(429, TOO_MANY_FROM_ADDRESS, undefined, { 'retry-after': String(wait) }, 'too_many_from_address');
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const wait = await throttle.retryAfter(email);
      if (wait > 0) throw new HttpError(429, TOO_MANY, undefined, { 'retry-after': String(wait) }, 'too_many_failures');
      const { rows } = await db.query<z.infer<typeof sessionUser> & { password_hash: string; disabled: boolean; token_version: number }>(
        `SELECT ${USER_COLUMNS}, u.password_hash, u.disabled, u.token_version
           FROM users u LEFT JOIN clients c ON c.client_id = u.client_id WHERE lower(u.email) = $1`,
        [email],
      );
      const row = rows[0];
      const stored = row?.password_hash ?? (await dummyPasswordHash());
      const ok = await hashing(() => verifyPassword(request.body.password, stored));
      if (!row || !ok || row.disabled) {
        await throttle.fail(email);
        throw new HttpError(401, LOGIN_FAILED, undefined, undefined, 'invalid_credentials');
      }
      await throttle.succeed(email);
      if (needsRehash(row.password_hash)) {
        // A hash from before argon2id (or weaker parameters): replaced now that we know the password.
        const fresh = await hashing(() => hashPassword(request.body.password));
        await db.query('UPDATE users SET password_hash = $1 WHERE user_id = $2 AND password_hash = $3', [fresh, row.user_id, row.password_hash]);
      }
      const { token, expiresAt } = await tokens.sign(row.user_id, row.token_version);
      // The answer's schema names only the user's public fields: the hash, token version and flag stay here.
      return { success: true as const, message: 'Login successful', token, expiresAt: expiresAt.toISOString(), user: row };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: okMessage } } }, async (request) => {
    const user = currentUser(request);
    await db.query(`INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`, [user.jti, user.exp]);
    await db.query(`DELETE FROM revoked_tokens WHERE expires_at < now()`);
    return { success: true as const, message: 'Logged out' };
  });

  app.get('/api/auth/me', { schema: { response: { 200: meResponse } } }, async (request) => {
    return { success: true as const, user: currentUser(request) };
  });
};
