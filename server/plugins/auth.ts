import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/adapter';
import type { TokenService } from '../auth/token';
import { HttpError, forbidden } from '../http-error';
import type { z } from 'zod';
import type { sessionUser } from '../../src/domain/contracts/auth';
import { cachedQuery } from '../db/read-cache';

/** The signed-in user (the sign-in contract's fields), the token it came with and its session. */
export type AuthUser = z.infer<typeof sessionUser> & { jti: string; exp: number; sid: number };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Default 'user'; anything under /api/admin is 'admin'. */
    access?: 'public' | 'user' | 'admin';
    /** Callable while the user must change a password an administrator reset (the change itself, me, sign-out). */
    beforePasswordChange?: boolean;
  }
}

export const USER_COLUMNS = `u.user_id, u.email, u.role, u.client_id, u.first_name, u.last_name, c.name AS client_name, u.must_change_password`;

/** Every /api route requires a valid bearer token unless it says `access: 'public'`. */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/')) return;
    const access = request.routeOptions.config?.access ?? (url.startsWith('/api/admin') ? 'admin' : 'user');
    if (access === 'public') return;
    request.user = await authenticate(request, db, tokens);
    if (request.user.must_change_password && !request.routeOptions.config?.beforePasswordChange) {
      throw new HttpError(403, 'Choose a new password first', undefined, undefined, 'password_change_required');
    }
    if ((access === 'admin' || url.startsWith('/api/admin')) && request.user.role !== 'admin') throw forbidden();
  });
}

async function authenticate(request: FastifyRequest, db: Db, tokens: TokenService): Promise<AuthUser> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
  if (!match) throw new HttpError(401, 'Authentication required', undefined, undefined, 'auth_required');
  const claims = await tokens.verify(match[1]);
  if (!claims) throw new HttpError(401, 'Invalid or expired token', undefined, undefined, 'token_invalid');
  // Every request asks this: answered from the exact read cache while an import holds the embedded database.
  // The session must be live: ending it (sign-out, Profile, an admin, a password change) ends this token at once.
  // Its expiry is checked where it moves (the refresh), so this read has no clock in it and stays cacheable.
  const { rows } = await cachedQuery<Omit<AuthUser, 'jti' | 'exp' | 'sid'> & { token_version: number; disabled: boolean; live: boolean }>(
    db,
    `SELECT ${USER_COLUMNS}, u.token_version, u.disabled,
            EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = $2 AND s.user_id = u.user_id AND s.ended_at IS NULL) AS live
       FROM users u LEFT JOIN clients c ON c.client_id = u.client_id
      WHERE u.user_id = $1`,
    [Number(claims.sub), claims.sid],
  );
  const u = rows[0];
  if (!u || u.disabled || !u.live || u.token_version !== claims.tv) throw new HttpError(401, 'Invalid or expired token', undefined, undefined, 'token_invalid');
  return {
    user_id: u.user_id,
    email: u.email,
    role: u.role,
    client_id: u.client_id,
    first_name: u.first_name,
    last_name: u.last_name,
    client_name: u.client_name,
    must_change_password: u.must_change_password,
    jti: claims.jti,
    exp: claims.exp,
    sid: claims.sid,
  };
}

/** The signed-in user; routes behind the auth hook can rely on it. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'Authentication required', undefined, undefined, 'auth_required');
  return request.user;
}
