import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from './client';
import { ADMIN_KEY, queryCall, type CallOptions } from './query-keys';
import { REFERENCE_LIST_KEYS, type ReferenceEndpoint } from '../domain/reference-rules';
import type { ReferenceItemOf, ReferenceListAnswer } from '../domain/contracts/reference';

// The eight reference lists: GET/POST /admin/{endpoint}, PUT/DELETE /admin/{endpoint}/{id}
// (answers: src/domain/contracts/reference.ts).
export { REFERENCE_LIST_KEYS as REFERENCE_ENDPOINTS, type ReferenceEndpoint };
/** An item of any list, read by column name (the configuration screen is one table for all eight). */
export type ReferenceItem = ReferenceItemOf<ReferenceEndpoint> & Record<string, string | number | null>;
type Msg = { success: true; message: string };

export async function listReference<E extends ReferenceEndpoint>(endpoint: E, opts?: CallOptions): Promise<ReferenceItem[]> {
  const r = await get<ReferenceListAnswer<E>>(`/admin/${endpoint}`, opts);
  return r[REFERENCE_LIST_KEYS[endpoint]] as ReferenceItem[];
}
/** One reference list (the configuration screen's tab, and the lists its forms choose from). */
export const referenceQuery = (endpoint: ReferenceEndpoint) =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'reference', endpoint], queryFn: (ctx) => listReference(endpoint, queryCall(ctx)) });
export const createReference = (endpoint: ReferenceEndpoint, body: Record<string, unknown>) => post<Msg & { item: ReferenceItem }>(`/admin/${endpoint}`, body);
export const updateReference = (endpoint: ReferenceEndpoint, id: number, body: Record<string, unknown>) =>
  put<Msg & { item: ReferenceItem }>(`/admin/${endpoint}/${id}`, body);
export const deleteReference = (endpoint: ReferenceEndpoint, id: number) => del<Msg>(`/admin/${endpoint}/${id}`);
