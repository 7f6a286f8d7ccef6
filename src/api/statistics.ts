// GET tree-status-statistics/{projectId} (client.md §3, §7), computed by our server.
import { get } from './client';
import type { TreeStatistics } from '../../workers/geo/statistics';

export type { TreeStatistics };

export interface StatisticsResponse {
  success?: boolean;
  statistics: TreeStatistics;
  total: TreeStatistics;
  plots: { plot_id: number; plot_name: string; name: string; statistics: TreeStatistics }[];
  irrigation_areas: { irrigation_area_id: number; irrigation_area_name: string; name: string; plot_id: number | null; statistics: TreeStatistics }[];
  _debug?: Record<string, unknown>;
}

export const STATISTICS_TIMEOUT_MS = 30_000;

export function fetchStatistics(projectId: string, signal?: AbortSignal): Promise<StatisticsResponse> {
  return get<StatisticsResponse>(`tree-status-statistics/${encodeURIComponent(projectId)}`, { timeoutMs: STATISTICS_TIMEOUT_MS, signal });
}
