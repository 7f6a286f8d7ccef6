import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_DAYS } from './sessions';

// Browsers keep the refresh token in an HttpOnly cookie that only /api/auth
// receives (README: sessions): page scripts never see it, other pages never
// send it (SameSite=Strict). "Remember me" makes it last 30 days; otherwise it
// is a browser-session cookie, gone when the browser closes.
export const REFRESH_COOKIE = 'orchard_refresh';
const PATH = '/api/auth';

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, remember: boolean): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: PATH,
    secure: request.protocol === 'https',
    ...(remember ? { maxAge: REMEMBER_DAYS * 24 * 3600 } : {}),
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: PATH, secure: request.protocol === 'https' });
}

/** The refresh token of the call: the body's (API clients), else the cookie's (browsers). */
export function refreshTokenOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody || request.cookies?.[REFRESH_COOKIE] || undefined;
}
