// GET trees/{projectId}, falling back to projects/{projectId}/data (client.md §7).
// Asks for the compact form (README "Compact map data"), then Arrow (docs/ARCHITECTURE.md §3), and accepts
// GeoJSON; either way the raw bytes go to the geo worker, which parses them off the main thread.
// A server without the compact form answers Arrow; a kept copy says which form it is (its content type).
// A survey kept on the device (src/offline) is asked for with its ETag: 304 = unchanged, nothing downloaded.
import { getWithFallback, type RequestOptions } from './client';

/** Same value as workers/geo/arrow-schema.ts (not imported: that module pulls in apache-arrow). */
export const ARROW_MIME = 'application/vnd.apache.arrow.stream';
/** Same value as workers/geo/wire-compact.ts (kept apart like ARROW_MIME: the app's bundle stays free of the decoder). */
export const COMPACT_MIME = 'application/vnd.orchard.trees.v2+compact';
/** The compact form's first media type: surveys kept on a device before version 2 carry it (the worker reads both). */
const COMPACT_V1_MIME = 'application/vnd.orchard.trees+compact';

/** How the worker reads the bytes. */
export type MapFormat = 'compact' | 'arrow' | 'json';

export interface MapDataBytes {
  format: MapFormat;
  bytes: ArrayBuffer;
}

/** The answer as it came: its format, content type and ETag, and the body (a Blob: kept on a device as it is). */
export interface MapDataBlob {
  format: MapFormat;
  contentType: string;
  etag: string | null;
  blob: Blob;
}

export const mapFormat = (contentType: string): MapFormat =>
  contentType.startsWith(COMPACT_MIME) || contentType.startsWith(COMPACT_V1_MIME) ? 'compact' : contentType.startsWith(ARROW_MIME) ? 'arrow' : 'json';

/** The map data; with `etag` (a kept copy's), 'unchanged' when the server answers 304. */
export async function fetchMapDataBlob(
  projectId: string,
  opts: Pick<RequestOptions, 'signal' | 'timeoutMs' | 'retries'> & { etag?: string | null } = {},
): Promise<MapDataBlob | 'unchanged'> {
  const id = encodeURIComponent(projectId);
  const headers: Record<string, string> = { Accept: `${COMPACT_MIME}, ${ARROW_MIME};q=0.9, application/json;q=0.8` };
  if (opts.etag) headers['If-None-Match'] = opts.etag;
  const res = await getWithFallback<Response>([`trees/${id}`, `projects/${id}/data`], {
    raw: true,
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
    retries: opts.retries,
    headers,
  });
  if (res.status === 304) return 'unchanged';
  const contentType = res.headers.get('content-type') ?? '';
  return { format: mapFormat(contentType), contentType, etag: res.headers.get('etag'), blob: await res.blob() };
}

export async function fetchMapData(projectId: string, signal?: AbortSignal): Promise<MapDataBytes> {
  const r = await fetchMapDataBlob(projectId, { signal });
  if (r === 'unchanged') throw new Error('unreachable: no validator was sent');
  return { format: r.format, bytes: await r.blob.arrayBuffer() };
}
