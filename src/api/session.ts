import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../domain/contracts/auth';

// The token and user live in browser storage (client.md §3): localStorage
// when "remember me" is ticked, sessionStorage otherwise (gone when the
// browser closes). A 'token-expired' event logs the user out everywhere.

/** The signed-in user as /api/auth/login and /api/auth/me send it (src/domain/contracts/auth.ts). */
export type { SessionUser } from '../domain/contracts/auth';
export interface Session {
  token: string;
  user: SessionUser | null;
}

const TOKEN = 'token';
const USER = 'user';
export const TOKEN_EXPIRED_EVENT = 'token-expired';

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function stores(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

function read(): Session | null {
  for (const s of stores()) {
    const token = s.getItem(TOKEN);
    if (!token) continue;
    try {
      return { token, user: JSON.parse(s.getItem(USER) ?? 'null') as SessionUser | null };
    } catch {
      return { token, user: null };
    }
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

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function saveSession(session: Session, remember: boolean): void {
  clearSession(false);
  const s = remember ? window.localStorage : window.sessionStorage;
  s.setItem(TOKEN, session.token);
  s.setItem(USER, JSON.stringify(session.user));
  changed();
}

export function clearSession(notify = true): void {
  for (const s of stores()) {
    s.removeItem(TOKEN);
    s.removeItem(USER);
  }
  if (notify) changed();
}

/** Called on a 401: drop the session and tell every listener (client.md §8). */
export function expireSession(): void {
  clearSession();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOKEN_EXPIRED_EVENT));
}

/**
 * A request answered 401: the session that sent it (its token) ends, and only that one. A late 401 for a token
 * signed out since, or replaced by another user's sign-in, leaves the current session alone.
 */
export function unauthorized(sentWith: string | null): void {
  if (sentWith && sentWith === getToken()) expireSession();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN || e.key === USER || e.key === null) changed();
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
