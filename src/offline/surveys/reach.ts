// Whether the app is offline and whether a failed call means "the server cannot be reached now" (then a kept
// copy answers) rather than a real answer (404: not shared any more, 403, …).
import { ApiError } from '../../api/errors';
import { serverReachable } from '../../api/reachability';

/** No connection: the browser says so (airplane mode), or the last call got no answer at all (src/api/reachability.ts). */
export const browserOffline = () => !serverReachable();

/** A call that got no answer at all (no connection), rather than a failing server. */
export const noAnswer = (e: unknown) => (e instanceof ApiError ? e.status === 0 && e.code !== 'timeout' : e instanceof TypeError);

/** No connection, a timeout, or the server (or a gateway) failing: a kept copy may answer instead. */
export function unreachable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return e instanceof TypeError;
  if (e.code === 'sessionExpired') return false;
  return e.status === 0 || e.status >= 500 || e.status === 408 || e.status === 429;
}

export const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;
