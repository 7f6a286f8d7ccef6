import { get } from './client';

// The dashboard's own sources: the audit log and the public health check.
export interface ActivityEntry {
  audit_id: number;
  user_email: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entity_id: string | null;
  /** English, for API users and older entries. */
  summary: string;
  /** The name of what changed (null on entries written before migration 053). */
  subject?: string | null;
  created_at: string;
}
export interface Health {
  success: boolean;
  backend: 'online';
  database: 'connected' | 'unavailable';
  dataSource: 'embedded' | 'postgresql';
  pingMs: number;
}

export const recentActivity = async (limit = 10, signal?: AbortSignal) =>
  (await get<{ activity: ActivityEntry[] }>(`/admin/activity?limit=${limit}`, { signal })).activity;
export const health = (signal?: AbortSignal) => get<Health>('/health', { signal, auth: false, retries: 0 });
