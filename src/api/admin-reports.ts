import { get } from './client';
import { downloadFile } from './download';
import type { TreeStatusReport } from '../domain/contracts/reports';

// GET /admin/reports/tree-status?clientId= (JSON) and &format=csv (a file).
export type { TreeStatusReport };

export const treeStatusReport = async (clientId: number, signal?: AbortSignal) =>
  (await get<{ report: TreeStatusReport }>(`/admin/reports/tree-status?clientId=${clientId}`, { signal })).report;

/** Downloads the CSV with the bearer token (a plain link could not send it). */
export const downloadTreeStatusCsv = (clientId: number): Promise<string> =>
  downloadFile(`/admin/reports/tree-status?clientId=${clientId}&format=csv`, 'tree-status.csv', 'text/csv');
