// Whether the app is online and whether a failed call means "the server cannot be reached now" (then a kept
// copy answers) rather than a real answer (404: not shared any more, 403, …). Pure but for navigator.onLine.
import { ApiError } from '../../api/errors';

/** The browser says it has no network (navigator.onLine false: Playwright's setOffline, airplane mode). */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** No connection, a timeout, or the server (or a gateway) failing: a kept copy may answer instead. */
export function unreachable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return e instanceof TypeError;
  if (e.code === 'sessionExpired') return false;
  return e.status === 0 || e.status >= 500 || e.status === 408 || e.status === 429;
}

export const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;
