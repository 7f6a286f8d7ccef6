import { del, get, post, put } from './client';
import { REFERENCE_LIST_KEYS, type ReferenceEndpoint } from '../domain/reference-rules';
import type { ReferenceItemOf, ReferenceListAnswer } from '../domain/contracts/reference';

// The eight reference lists: GET/POST /admin/{endpoint}, PUT/DELETE /admin/{endpoint}/{id}
// (answers: src/domain/contracts/reference.ts).
export { REFERENCE_LIST_KEYS as REFERENCE_ENDPOINTS, type ReferenceEndpoint };
/** An item of any list, read by column name (the configuration screen is one table for all eight). */
export type ReferenceItem = ReferenceItemOf<ReferenceEndpoint> & Record<string, string | number | null>;
type Msg = { success: true; message: string };

export async function listReference<E extends ReferenceEndpoint>(endpoint: E, signal?: AbortSignal): Promise<ReferenceItem[]> {
  const r = await get<ReferenceListAnswer<E>>(`/admin/${endpoint}`, { signal });
  return r[REFERENCE_LIST_KEYS[endpoint]] as ReferenceItem[];
}
export const createReference = (endpoint: ReferenceEndpoint, body: Record<string, unknown>) => post<Msg & { item: ReferenceItem }>(`/admin/${endpoint}`, body);
export const updateReference = (endpoint: ReferenceEndpoint, id: number, body: Record<string, unknown>) =>
  put<Msg & { item: ReferenceItem }>(`/admin/${endpoint}/${id}`, body);
export const deleteReference = (endpoint: ReferenceEndpoint, id: number) => del<Msg>(`/admin/${endpoint}/${id}`);
