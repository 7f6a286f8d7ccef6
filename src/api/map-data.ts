// GET trees/{projectId}, falling back to projects/{projectId}/data (client.md §7).
// Asks for the Arrow form (docs/ARCHITECTURE.md §3) and accepts GeoJSON; either way the
// raw bytes go to the geo worker, which parses them off the main thread.
import { getWithFallback } from './client';

/** Same value as workers/geo/arrow-schema.ts (not imported: that module pulls in apache-arrow). */
export const ARROW_MIME = 'application/vnd.apache.arrow.stream';

export interface MapDataBytes {
  format: 'arrow' | 'json';
  bytes: ArrayBuffer;
}

export async function fetchMapData(projectId: string, signal?: AbortSignal): Promise<MapDataBytes> {
  const id = encodeURIComponent(projectId);
  const res = await getWithFallback<Response>([`trees/${id}`, `projects/${id}/data`], {
    raw: true,
    signal,
    headers: { Accept: `${ARROW_MIME}, application/json;q=0.9` },
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = await res.arrayBuffer();
  return { format: type.startsWith(ARROW_MIME) ? 'arrow' : 'json', bytes };
}
