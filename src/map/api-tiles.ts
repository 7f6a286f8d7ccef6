// Tiles of our own API (the survey's aerial photo, issue 37) are requested with the bearer token, like every
// call: MapLibre's transformRequest adds it. The token is read at request time (src/api/session getToken),
// so a token renewed while the map is open is the one sent (README "Aerial photo", tile authentication).
import type { RequestParameters, ResourceType } from 'maplibre-gl';
import { getToken } from '../api/session';

export function isApiTile(url: string): boolean {
  return url.startsWith(`${window.location.origin}/api/`);
}

export function transformApiRequest(url: string, _kind?: ResourceType): RequestParameters | undefined {
  if (!isApiTile(url)) return undefined;
  const token = getToken();
  return token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
}
