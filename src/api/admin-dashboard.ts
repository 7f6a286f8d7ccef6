import { get } from './client';
import type { ActivityEntry } from '../domain/contracts/activity';
import type { Health } from '../domain/contracts/health';

// The dashboard's own sources: the audit log and the public health check.
export type { ActivityEntry, Health };

export const recentActivity = async (limit = 10, signal?: AbortSignal) =>
  (await get<{ activity: ActivityEntry[] }>(`/admin/activity?limit=${limit}`, { signal })).activity;
export const health = (signal?: AbortSignal) => get<Health>('/health', { signal, auth: false, retries: 0 });
