import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from './errors';

import { sessionIdentity, subscribe } from './session';

// The one QueryClient of the app (reads: useQuery over the `…Query()`
// definitions of src/api/*.ts).
//
// Retries: TanStack owns the retries of queries; their calls ask the fetcher
// for one attempt (query-keys.ts, queryCall). Writes are not retried by
// TanStack: the fetcher keeps its own retries for idempotent writes (client.ts).
// Failed reads retry with TanStack's exponential backoff (1 s, 2 s, 4 s)
// when a retry can help (retryQuery: isRetryableError of errors.ts, the fetcher's rule too).
//
// Not on window focus (admin tables should not jump), but on reconnect
// (growers' field networks are weak); a read is fresh for 30 s, so going
// from screen to screen does not refetch what another screen just loaded.
//
// The cache belongs to one session: it is dropped when the user signs out or
// the session ends, and reset when another user signs in (bindToSession).

export const QUERY_RETRIES = 3;
export const QUERY_STALE_MS = 30_000;

/** TanStack's `retry`: `failureCount` failures so far (0 on the first), at most QUERY_RETRIES retries. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isRetryableError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryQuery,
        staleTime: QUERY_STALE_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        // Fetch (and fail with the network error and Retry) even when the browser says it is offline,
        // as before; coming back online refetches what failed.
        networkMode: 'always',
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Ties the cache to the session: signing out, an expired session (401) or a
 * sign-out in another tab drops every query and mutation (and cancels their
 * requests); another user's session (signed in in another tab) resets every
 * query, so the screens on show refetch with the new token. A refreshed access token of the same sign-in
 * (every 15 minutes) changes nothing. Runs before
 * React re-renders for the change, so no screen of the next user reads the
 * previous user's data.
 */
export function bindToSession(client: QueryClient): () => void {
  let identity = sessionIdentity();
  return subscribe(() => {
    const next = sessionIdentity();
    if (next === identity) return;
    identity = next;
    if (next === null) {
      client.clear();
      return;
    }
    client.getMutationCache().clear();
    void client.resetQueries();
  });
}

export const queryClient = createQueryClient();
bindToSession(queryClient);
