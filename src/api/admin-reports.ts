import { queryOptions } from '@tanstack/react-query';
import { get } from './client';
import { ADMIN_KEY, queryCall, type CallOptions } from './query-keys';
import { downloadFile } from './download';
import type { TreeStatusReport } from '../domain/contracts/reports';

// GET /admin/reports/tree-status?clientId= (JSON) and &format=csv (a file).
export type { TreeStatusReport };

export const treeStatusReport = async (clientId: number, opts?: CallOptions) =>
  (await get<{ report: TreeStatusReport }>(`/admin/reports/tree-status?clientId=${clientId}`, opts)).report;
export const treeStatusReportQuery = (clientId: number) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'reports', 'tree-status', clientId], queryFn: (ctx) => treeStatusReport(clientId, queryCall(ctx)) });

/** Downloads the CSV with the bearer token (a plain link could not send it). */
export const downloadTreeStatusCsv = (clientId: number): Promise<string> =>
  downloadFile(`/admin/reports/tree-status?clientId=${clientId}&format=csv`, 'tree-status.csv', 'text/csv');
