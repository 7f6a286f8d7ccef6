// GET tree-status-statistics/{projectId} (client.md §3, §7), computed by our server.
import { get, type RequestOptions } from './client';
import type { StatisticsResponse, TreeStatistics } from '../domain/contracts/statistics';

/** The answer as our server sends it: src/domain/contracts/statistics.ts (one statistics object: the geo core's TreeStatistics). */
export type { StatisticsResponse, TreeStatistics };

export const STATISTICS_TIMEOUT_MS = 30_000;

export function fetchStatistics(projectId: string, signal?: AbortSignal, opts?: Pick<RequestOptions, 'timeoutMs' | 'retries'>): Promise<StatisticsResponse> {
  return get<StatisticsResponse>(`tree-status-statistics/${encodeURIComponent(projectId)}`, { timeoutMs: STATISTICS_TIMEOUT_MS, ...opts, signal });
}
