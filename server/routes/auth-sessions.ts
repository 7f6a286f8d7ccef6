import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import type { LoginThrottle } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/password';
import { endSession, endUserSessions, liveSessions } from '../auth/sessions';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { HttpError, notFound } from '../http-error';
import { currentUser } from '../plugins/auth';
import { audit } from '../db/audit';
import { passwordHashOf, sessionUserById, setOwnPassword } from '../repos/auth-users';
import { dbId } from '../../src/domain/contracts/common';
import { passwordBody, passwordChangedResponse, sessionsEndedResponse, sessionsResponse } from '../../src/domain/contracts/auth';

import type { ErrorCode } from '../../src/domain/error-codes';

interface Options {
  db: Db;
  throttle: LoginThrottle;
  hashing: <T>(fn: () => Promise<T>) => Promise<T>;
}

const SessionParams = z.strictObject({ sessionId: dbId('sessionId') });
const tags = ['auth'];

/**
 * The signed-in user's own sessions and password (Profile; README: sessions): list the live sessions, end one or all
 * others, change the password (confirming the current one; ends the other sessions).
 */
export const sessionRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, throttle, hashing }) => {
  app.get(
    '/api/auth/sessions',
    { schema: { tags, summary: 'Your live sessions (device, last seen)', response: { 200: sessionsResponse } } },
    async (request) => {
      const user = currentUser(request);
      const rows = await liveSessions(db, user.user_id);
      return { success: true as const, message: 'Sessions loaded', sessions: rows.map((s) => ({ ...s, current: s.session_id === user.sid })) };
    },
  );

  app.delete(
    '/api/auth/sessions/:sessionId',
    { schema: { tags, summary: 'End one of your sessions (another device, or this one)', params: SessionParams, response: { 200: sessionsEndedResponse } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { sessionId } = request.params;
      // Another user's session is as unknown as a missing one.
      if (!(await endSession(db, sessionId, 'ended_by_user', user.user_id))) throw notFound('session');
      if (sessionId === user.sid) clearRefreshCookie(request, reply);
      return { success: true as const, message: 'Session ended', ended: 1 };
    },
  );

  app.post(
    '/api/auth/sessions/end-others',
    { schema: { tags, summary: 'End all your sessions but this one', response: { 200: sessionsEndedResponse } } },
    async (request) => {
      const user = currentUser(request);
      const ended = await endUserSessions(db, user.user_id, 'ended_by_user', user.sid);
      return { success: true as const, message: `${ended} session(s) ended`, ended };
    },
  );

  app.post(
    '/api/auth/password',
    {
      schema: {
        tags,
        summary: 'Change your password (the current one confirms it); ends your other sessions',
        body: passwordBody,
        response: { 200: passwordChangedResponse },
      },
      config: { beforePasswordChange: true },
    },
    async (request) => {
      const user = currentUser(request);
      const b = request.body;
      const field = (name: string, message: string, code: ErrorCode) => new HttpError(422, message, [{ field: name, message }], undefined, code);
      // A stolen access token must not turn into a password by guessing here: same backoff as the sign-in.
      const wait = await throttle.pairAttempt(user.email.toLowerCase(), request.ip);
      if (wait > 0)
        throw new HttpError(429, 'Too many wrong passwords. Please wait a few minutes.', undefined, { 'retry-after': String(wait) }, 'too_many_failures');
      const currentHash = await passwordHashOf(db, user.user_id);
      if (!(await hashing(() => verifyPassword(b.current_password, currentHash)))) {
        await throttle.fail(user.email.toLowerCase());
        throw field('current_password', 'The current password is not correct', 'current_password_wrong');
      }
      await throttle.succeed(user.email.toLowerCase(), request.ip);
      if (b.new_password === b.current_password) throw field('new_password', 'Choose a password different from the current one', 'password_unchanged');
      const hash = await hashing(() => hashPassword(b.new_password));
      const result = await db.transaction(async (tx) => {
        await setOwnPassword(tx, user.user_id, hash);
        const ended = await endUserSessions(tx, user.user_id, 'password_changed', user.sid);
        await audit(tx, user, 'update', 'user_password', user.user_id, `${user.email} changed their password (${ended} other session(s) ended)`, user.email);
        return { ended, user: await sessionUserById(tx, user.user_id) };
      });
      return { success: true as const, message: 'Password changed', user: result.user, ended_sessions: result.ended };
    },
  );
};
