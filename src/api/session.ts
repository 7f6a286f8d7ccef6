import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../domain/contracts/auth';

// The access token and user live in browser storage (client.md §3): localStorage
// when "remember me" is ticked, sessionStorage otherwise (gone when the browser
// closes). The refresh token is an HttpOnly cookie page scripts never see
// (README: sessions); src/api/access-token.ts renews the access token with it.
// A 'token-expired' event logs the user out everywhere.

/** The signed-in user as /api/auth/login and /api/auth/me send it (src/domain/contracts/auth.ts). */
export type { SessionUser } from '../domain/contracts/auth';
export interface Session {
  token: string;
  user: SessionUser | null;
  /** When the access token expires, on this device's clock (ms); null: unknown (refreshed on its first 401). */
  expiresAt: number | null;
  /** The server's session (sign-in) id: the same across refreshes, another for another sign-in. */
  sessionId: number | null;
}

const TOKEN = 'token';
const USER = 'user';
const EXPIRES = 'token_expires';
const SESSION_ID = 'session_id';
const KEYS = [TOKEN, USER, EXPIRES, SESSION_ID];
export const TOKEN_EXPIRED_EVENT = 'token-expired';

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function stores(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

const numberOr = (v: string | null) => (v && Number.isFinite(Number(v)) ? Number(v) : null);

function readFrom(s: Storage): Session | null {
  const token = s.getItem(TOKEN);
  if (!token) return null;
  let user: SessionUser | null = null;
  try {
    user = JSON.parse(s.getItem(USER) ?? 'null') as SessionUser | null;
  } catch {
    /* unreadable: no user */
  }
  return { token, user, expiresAt: numberOr(s.getItem(EXPIRES)), sessionId: numberOr(s.getItem(SESSION_ID)) };
}

function read(): Session | null {
  for (const s of stores()) {
    const session = readFrom(s);
    if (session) return session;
  }
  return null;
}

function changed(): void {
  cached = undefined;
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

/** The session as storage holds it now (another tab may have refreshed it a moment ago), bypassing the cache. */
export function readSessionNow(): Session | null {
  const now = read();
  if (now?.token !== getSession()?.token) changed();
  return now;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

function write(s: Storage, session: Session): void {
  s.setItem(TOKEN, session.token);
  s.setItem(USER, JSON.stringify(session.user));
  if (session.expiresAt === null) s.removeItem(EXPIRES);
  else s.setItem(EXPIRES, String(session.expiresAt));
  if (session.sessionId === null) s.removeItem(SESSION_ID);
  else s.setItem(SESSION_ID, String(session.sessionId));
}

export function saveSession(session: Session, remember: boolean): void {
  clearSession(false);
  write(remember ? window.localStorage : window.sessionStorage, session);
  changed();
}

/** A refreshed access token (or user) of the session signed in now: kept where the session is kept. */
export function updateSession(next: Partial<Session>): void {
  for (const s of stores()) {
    const current = readFrom(s);
    if (!current) continue;
    write(s, { ...current, ...next });
    changed();
    return;
  }
}

export function clearSession(notify = true): void {
  for (const s of stores()) for (const k of KEYS) s.removeItem(k);
  if (notify) changed();
}

/** Called when the session is over (its refresh answered 401): drop it and tell every listener (client.md §8). */
export function expireSession(): void {
  clearSession();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOKEN_EXPIRED_EVENT));
}

/** Who is signed in, in which sign-in: a refresh keeps it, a sign-out or another sign-in changes it. */
export function sessionIdentity(session: Session | null = getSession()): string | null {
  return session ? `${session.user?.user_id ?? '?'}:${session.sessionId ?? session.token}` : null;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || KEYS.includes(e.key)) changed();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

export function isAdmin(session: Session | null): boolean {
  return session?.user?.role === 'admin';
}
