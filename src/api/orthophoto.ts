// The survey's aerial photo (issue 37, README "Aerial photo"): its status, its tile URLs, and the admin's
// upload (XMLHttpRequest: fetch reports no upload progress) and delete.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orthophotoAccepted, orthophotoStatus } from '../domain/contracts/orthophoto';
import { apiUrl, del, get } from './client';
import { ApiError, errorForStatus } from './errors';
import { getAccessToken, refreshAccessToken } from './access-token';
import { PROJECTS_KEY, queryCall, type CallOptions } from './query-keys';

export type OrthophotoStatus = z.infer<typeof orthophotoStatus>;
export type OrthophotoAccepted = z.infer<typeof orthophotoAccepted>;

/** The status, or null when the survey has no photo (404). */
export async function fetchOrthophoto(projectId: number, opts?: CallOptions): Promise<OrthophotoStatus | null> {
  try {
    return await get<OrthophotoStatus>(`projects/${projectId}/orthophoto`, opts);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

const busy = (s: OrthophotoStatus | null | undefined) => s?.status === 'processing' || s?.pending?.status === 'processing';

/** Polled every 2 s while a photo is being processed. */
export const orthophotoQuery = (projectId: number) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'orthophoto', projectId],
    queryFn: (ctx) => fetchOrthophoto(projectId, queryCall(ctx)),
    enabled: projectId > 0,
    refetchInterval: (q) => (busy(q.state.data) ? 2000 : false),
  });

/**
 * The tile URL template of a ready photo, absolute (MapLibre resolves no relative tile URL). It carries the
 * photo's version (?v=): a URL names one photo for ever, so a browser or service-worker cache may keep it.
 */
export function tileTemplate(s: OrthophotoStatus | null | undefined): string | null {
  return s?.status === 'ready' && s.tiles ? `${window.location.origin}${s.tiles}` : null;
}

/** One tile of a ready photo as a bitmap, fetched with the bearer token (the tree check's crop). */
export async function fetchTile(template: string, z: number, x: number, y: number, signal?: AbortSignal): Promise<ImageBitmap | null> {
  const url = template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
  const token = await getAccessToken();
  const res = await fetch(url, { signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status === 204) return null;
  if (!res.ok) throw errorForStatus(res.status, res.statusText, await res.json().catch(() => null));
  return createImageBitmap(await res.blob());
}

/** Uploads the GeoTIFF as the request body; onProgress(sent, total) as it goes. Resolves when the server accepted it (202). */
export function uploadOrthophoto(
  projectId: number,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<OrthophotoAccepted> {
  // The token is made valid first (sessions: 15-minute access tokens); a 401 still renews it for the next try.
  return getAccessToken().then((token) => send(projectId, file, token, onProgress, signal));
}

function send(
  projectId: number,
  file: Blob,
  token: string | null,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<OrthophotoAccepted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', apiUrl(`admin/projects/${projectId}/orthophoto`));
    xhr.setRequestHeader('content-type', 'image/tiff');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => reject(new ApiError('Network error. Please check your connection.', 'network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* an empty or non-JSON answer: the status speaks */
      }
      if (xhr.status === 202) return resolve(body as OrthophotoAccepted);
      if (xhr.status === 401 && token) void refreshAccessToken(token).catch(() => undefined);
      reject(errorForStatus(xhr.status, xhr.statusText, body));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

export const deleteOrthophoto = (projectId: number) => del<{ success: true; message: string }>(`admin/projects/${projectId}/orthophoto`);
