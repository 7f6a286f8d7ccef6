import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/adapter';
import type { TokenService } from '../auth/token';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { LoginThrottle } from '../auth/login-throttle';
import { GateFullError, HashGate } from '../auth/hash-gate';
import { endSession, pruneSessions, rotateRefreshToken, startSession } from '../auth/sessions';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from '../auth/refresh-cookie';
import { HttpError } from '../http-error';
import { currentUser } from '../plugins/auth';
import { replaceHash, signInByEmail, signInById, type SignInRow } from '../repos/auth-users';
import { okMessage } from '../../src/domain/contracts/common';
import { EMAIL_MAX } from '../../src/domain/user-rules';
import { loginResponse, meResponse } from '../../src/domain/contracts/auth';
import { sessionRoutes } from './auth-sessions';
import type { ErrorCode } from '../../src/domain/error-codes';

export interface AuthRouteOptions {
  db: Db;
  tokens: TokenService;
  loginPerMinutePerAddress: number;
  passwordHash: { concurrency: number; queue: number };
}

const LoginBody = z.strictObject({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX),
  password: z.string().min(1, 'Password is required').max(1024),
  /** "Remember me" (client.md §2): the session lasts 30 days; otherwise it ends with the browser (README: sessions). */
  remember: z.boolean().default(false),
});
const RefreshBody = z.strictObject({ refreshToken: z.string().max(200).optional() }).optional();

type UserRow = SignInRow;

// One message for an unknown email, a wrong password and a disabled account,
// and the same hashing cost on every path, so failures cannot be told apart.
const LOGIN_FAILED = 'Invalid email or password';
const TOO_MANY = 'Too many failed sign-ins from this address. Please wait a few minutes and try again.';
const TOO_MANY_FROM_ADDRESS = 'Too many login attempts from this address. Please try again later.';
const SESSION_OVER = 'Your session has ended. Please sign in again.';

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, opts) => {
  const { db, tokens, loginPerMinutePerAddress, passwordHash } = opts;
  // In the database: every API process on it counts the same attempts.
  const throttle = new LoginThrottle(db, { perAddressPerMinute: loginPerMinutePerAddress });
  const gate = new HashGate(passwordHash.concurrency, passwordHash.queue);
  const hashing = <T>(fn: () => Promise<T>) =>
    gate.run(fn).catch((e) => {
      if (e instanceof GateFullError) throw new HttpError(503, e.message, undefined, { 'retry-after': '5' }, 'sign_in_busy');
      throw e;
    });
  let logins = 0;

  /** The answer of a sign-in or a refresh: a fresh access token of the session, the refresh token in body and cookie. */
  const issue = async (request: FastifyRequest, reply: FastifyReply, user: UserRow, sessionId: number, refreshToken: string, remember: boolean) => {
    const { token, expiresAt, expiresIn } = await tokens.sign(user.user_id, user.token_version, sessionId);
    setRefreshCookie(request, reply, refreshToken, remember);
    reply.header('cache-control', 'no-store');
    // The answer's schema names only the user's public fields: the hash, token version and flag stay here.
    return { success: true as const, message: 'Login successful', token, expiresAt: expiresAt.toISOString(), expiresIn, sessionId, refreshToken, user };
  };

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
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      // This address has been failing for this account: it waits (the account's owner elsewhere does not).
      const wait = await throttle.pairAttempt(email, request.ip);
      if (wait > 0) throw new HttpError(429, TOO_MANY, undefined, { 'retry-after': String(wait) }, 'too_many_failures');
      const row = await signInByEmail(db, email);
      const stored = row?.password_hash ?? (await dummyPasswordHash());
      const ok = await hashing(() => verifyPassword(request.body.password, stored));
      if (!row || !ok || row.disabled) {
        await throttle.fail(email);
        throw new HttpError(401, LOGIN_FAILED, undefined, undefined, 'invalid_credentials');
      }
      await throttle.succeed(email, request.ip);
      if (needsRehash(row.password_hash)) {
        // A hash from before argon2id (or weaker parameters): replaced now that we know the password.
        const fresh = await hashing(() => hashPassword(request.body.password));
        await replaceHash(db, row.user_id, fresh, row.password_hash);
      }
      const { remember } = request.body;
      const { sessionId, refreshToken } = await startSession(db, row.user_id, {
        remember,
        userAgent: request.headers['user-agent'] ?? '',
        address: request.ip,
      });
      if (++logins % 100 === 1) void pruneSessions(db).catch(() => undefined);
      return issue(request, reply, row, sessionId, refreshToken, remember);
    },
  );

  // The refresh token is the credential here (no bearer: the access token may have expired). It is used once.
  app.post(
    '/api/auth/refresh',
    {
      schema: { body: RefreshBody, response: { 200: loginResponse }, summary: 'A new access token and the next refresh token of the session' },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const presented = refreshTokenOf(request, request.body?.refreshToken);
      const fail = (message: string, code: ErrorCode) => {
        clearRefreshCookie(request, reply);
        return new HttpError(401, message, undefined, undefined, code);
      };
      if (!presented) throw fail('No refresh token: please sign in.', 'refresh_missing');
      const r = await rotateRefreshToken(db, presented);
      if (r.kind === 'reused') throw fail('This sign-in was used from two places, so it has been ended. Please sign in again.', 'refresh_reused');
      if (r.kind === 'invalid') throw fail(SESSION_OVER, 'session_ended');
      const row = await signInById(db, r.userId);
      if (!row || row.disabled) throw fail(SESSION_OVER, 'session_ended');
      return issue(request, reply, row, r.sessionId, r.refreshToken, r.remember);
    },
  );

  // Sign-out ends the whole session: this access token at its next use and every refresh token of the session.
  app.post('/api/auth/logout', { schema: { response: { 200: okMessage } }, config: { beforePasswordChange: true } }, async (request, reply) => {
    const user = currentUser(request);
    await endSession(db, user.sid, 'sign_out');
    clearRefreshCookie(request, reply);
    return { success: true as const, message: 'Logged out' };
  });

  app.get('/api/auth/me', { schema: { response: { 200: meResponse } }, config: { beforePasswordChange: true } }, async (request) => {
    return { success: true as const, user: currentUser(request) };
  });

  await app.register(sessionRoutes, { db, throttle, hashing });
};
