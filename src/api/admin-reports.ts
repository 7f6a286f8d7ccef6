import { get } from './client';
import { downloadFile } from './download';

// GET /admin/reports/tree-status?clientId= (JSON) and &format=csv (a file).
export interface TreeStatusReport {
  client: { client_id: number; name: string };
  statuses: { status_code: number; status_name: string }[];
  projects: { project_id: number; name: string; observation_date: string | null; total_trees: number; counts: Record<string, number>; no_status: number }[];
}

export const treeStatusReport = async (clientId: number, signal?: AbortSignal) =>
  (await get<{ report: TreeStatusReport }>(`/admin/reports/tree-status?clientId=${clientId}`, { signal })).report;

/** Downloads the CSV with the bearer token (a plain link could not send it). */
export const downloadTreeStatusCsv = (clientId: number): Promise<string> =>
  downloadFile(`/admin/reports/tree-status?clientId=${clientId}&format=csv`, 'tree-status.csv', 'text/csv');
