// The app's transport for the outbox: fetch to the same-origin API with the token from getAccessToken (THE way
// to a valid token, src/api/access-token.ts). A 401 renews the token once and sends again; a refresh that cannot
// reach the server is "no connection" (the outbox waits), only a refused refresh is a 401 (sign in again).
import { getAccessToken, refreshAccessToken } from '../api/access-token';
import { apiUrl } from '../api/client';
import { noteReach } from '../api/reachability';
import type { Answer, Transport } from './sync';

const TIMEOUT_MS = 30_000;

async function once(req: Parameters<Transport>[0], token: string | null): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    // Headers, not a plain object: the sync names its headers in lower case ('content-type' of a photo chunk), and
    // a second 'Content-Type' key would be joined to it ("image/jpeg, application/octet-stream": a 415).
    const headers = new Headers({ Accept: 'application/json', ...req.headers });
    if (typeof req.body === 'string') headers.set('Content-Type', 'application/json');
    else if (req.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const res = await fetch(apiUrl(req.path), { method: req.method, headers, body: req.body, signal: controller.signal });
    noteReach(true); // any answer: the server is reachable (src/api/reachability.ts probes while it is not)
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: status alone */
    }
    return { status: res.status, json };
  } catch {
    noteReach(false);
    return { status: 'network', json: null };
  } finally {
    clearTimeout(timer);
  }
}

export const browserTransport: Transport = async (req) => {
  let token: string | null;
  try {
    token = await getAccessToken();
  } catch (e) {
    return (e as { code?: string }).code === 'sessionExpired' ? { status: 401, json: null } : { status: 'network', json: null };
  }
  const first = await once(req, token);
  if (first.status !== 401 || !token) return first;
  try {
    return await once(req, await refreshAccessToken(token));
  } catch (e) {
    return (e as { code?: string }).code === 'sessionExpired' ? first : { status: 'network', json: null };
  }
};
