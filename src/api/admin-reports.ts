import { get, request } from './client';

// GET /admin/reports/tree-status?clientId= (JSON) and &format=csv (a file).
export interface TreeStatusReport {
  client: { client_id: number; name: string };
  statuses: { status_code: number; status_name: string }[];
  projects: { project_id: number; name: string; observation_date: string | null; total_trees: number; counts: Record<string, number>; no_status: number }[];
}

export const treeStatusReport = async (clientId: number, signal?: AbortSignal) =>
  (await get<{ report: TreeStatusReport }>(`/admin/reports/tree-status?clientId=${clientId}`, { signal })).report;

/** Downloads the CSV with the bearer token (a plain link could not send it). */
export async function downloadTreeStatusCsv(clientId: number): Promise<string> {
  const res = await request<Response>('GET', `/admin/reports/tree-status?clientId=${clientId}&format=csv`, { raw: true, headers: { Accept: 'text/csv' } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'tree-status.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
