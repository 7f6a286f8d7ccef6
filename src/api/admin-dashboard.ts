import { queryOptions } from '@tanstack/react-query';
import { get } from './client';
import { ADMIN_KEY, HEALTH_KEY, queryCall, type CallOptions } from './query-keys';
import type { ActivityEntry } from '../domain/contracts/activity';
import type { Health } from '../domain/contracts/health';

// The dashboard's own sources: the audit log and the public health check.
export type { ActivityEntry, Health };

export const recentActivity = async (limit = 10, opts?: CallOptions) =>
  (await get<{ activity: ActivityEntry[] }>(`/admin/activity?limit=${limit}`, opts)).activity;
export const health = (signal?: AbortSignal) => get<Health>('/health', { signal, auth: false, retries: 0 });

export const recentActivityQuery = (limit: number) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'activity', limit], queryFn: (ctx) => recentActivity(limit, queryCall(ctx)) });
/** The health check reports what it sees: one attempt, a failure is "offline" at once. */
export const healthQuery = () => queryOptions({ queryKey: HEALTH_KEY, queryFn: ({ signal }) => health(signal), retry: false });
