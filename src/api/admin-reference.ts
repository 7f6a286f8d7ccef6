import { del, get, post, put } from './client';

// The eight reference lists: GET/POST /admin/{endpoint}, PUT/DELETE /admin/{endpoint}/{id}.
export const REFERENCE_ENDPOINTS = {
  'crop-types': 'cropTypes',
  'crop-options': 'cropOptions',
  breeds: 'breeds',
  'irrigation-types': 'irrigationTypes',
  'survey-types': 'surveyTypes',
  'disease-types': 'diseaseTypes',
  'tree-status-types': 'treeStatusTypes',
  countries: 'countries',
} as const;
export type ReferenceEndpoint = keyof typeof REFERENCE_ENDPOINTS;
export type ReferenceItem = Record<string, string | number | null> & { version?: number; created_at?: string | null; updated_at?: string | null };

export async function listReference(endpoint: ReferenceEndpoint, signal?: AbortSignal): Promise<ReferenceItem[]> {
  const r = await get<{ success: boolean; message?: string } & Record<string, unknown>>(`/admin/${endpoint}`, { signal });
  if (!r?.success) throw new Error(r?.message || 'Failed to fetch data');
  const list = r[REFERENCE_ENDPOINTS[endpoint]] ?? r.data;
  return Array.isArray(list) ? (list as ReferenceItem[]) : [];
}
export const createReference = (endpoint: ReferenceEndpoint, body: Record<string, unknown>) => post<{ success: boolean; message: string }>(`/admin/${endpoint}`, body);
export const updateReference = (endpoint: ReferenceEndpoint, id: number, body: Record<string, unknown>) =>
  put<{ success: boolean; message: string }>(`/admin/${endpoint}/${id}`, body);
export const deleteReference = (endpoint: ReferenceEndpoint, id: number) => del<{ success: boolean; message: string }>(`/admin/${endpoint}/${id}`);
