import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RequestOptions } from './client';

// The roots of the query keys, one per area. Every query sits under its area's
// root (['admin', 'clients'], ['projects', 'user'], …), so a write invalidates
// an area with one prefix. The queries themselves (key + fetch function) are
// exported next to their call functions in src/api/*.ts as `…Query()`.

/** /api/admin/*: the admin screens' lists, statistics, reports and activity. */
export const ADMIN_KEY = ['admin'] as const;
/** The signed-in grower's projects: /api/projects/*. */
export const PROJECTS_KEY = ['projects'] as const;
/** The grower's farm: /api/farm/*. */
export const FARM_KEY = ['farm'] as const;
/** The public health check. */
export const HEALTH_KEY = ['health'] as const;

/**
 * What an admin write (a create / update / delete of the admin screens, a
 * data editor change or import) can change: every admin list, and the grower
 * lists and farm the admin may also have open (projects, plots and trees are
 * theirs). The health check is not affected.
 */
export const ADMIN_WRITE_KEYS: readonly QueryKey[] = [ADMIN_KEY, PROJECTS_KEY, FARM_KEY];

/** Marks everything an admin write can change as stale; the queries on screen refetch (the promise settles when they have). */
export async function invalidateAfterAdminWrite(client: QueryClient): Promise<void> {
  await Promise.all(ADMIN_WRITE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** What a call function accepts from its query: the abort signal and the fetcher's retry count. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'retries'>;

/**
 * The fetcher options of a call made by a query: TanStack's signal, and one
 * attempt. TanStack owns the retries of queries (query-client.ts); the
 * fetcher's own retries would multiply them.
 */
export const queryCall = ({ signal }: { signal: AbortSignal }): CallOptions => ({ signal, retries: 0 });
