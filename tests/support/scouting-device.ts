// The scouting browser test's helpers (issue 36): the grower's calls from Node (the server changes while the
// phones are offline), the survey's dead trees read from its Arrow map data, real JPEG photos made by sharp, and
// what a phone's outbox holds (read from the page's IndexedDB, database "orchard-outbox").
import { tableFromIPC } from 'apache-arrow';
import type { Page } from 'playwright-core';
import { ACCOUNTS, type Account } from './accounts';
import { photoJpeg } from './scouting';

export async function authOf(baseURL: string, account: Account): Promise<Record<string, string>> {
  const r = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS[account]),
  });
  if (r.status !== 200) throw new Error(`login ${account}: ${r.status}`);
  return { authorization: `Bearer ${((await r.json()) as { token: string }).token}` };
}

/** A call of the API from Node: the JSON answer, or an error naming the call and its status. */
export async function call<T>(baseURL: string, auth: Record<string, string>, method: string, url: string, body?: unknown): Promise<T> {
  const r = await fetch(`${baseURL}${url}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

export interface SurveyTree {
  id: number;
  lon: number;
  lat: number;
}

/** The survey's first `n` trees of one status (3: dead, client.md §3; n = Infinity: all), from its Arrow map data as the app reads it. */
export async function treesWithStatus(baseURL: string, auth: Record<string, string>, projectId: number, status: number, n: number): Promise<SurveyTree[]> {
  const r = await fetch(`${baseURL}/api/trees/${projectId}`, { headers: { ...auth, accept: 'application/vnd.apache.arrow.stream' } });
  const table = tableFromIPC(new Uint8Array(await r.arrayBuffer()));
  const [ids, statuses, positions] = ['tree_id', 'tree_status', 'position'].map((c) => table.getChild(c)!);
  const out: SurveyTree[] = [];
  for (let i = 0; i < table.numRows && out.length < n; i++) {
    if (Number(statuses.get(i)) !== status) continue;
    const [lon, lat] = Array.from(positions.get(i) as ArrayLike<number>);
    out.push({ id: Number(ids.get(i)), lon, lat });
  }
  if (Number.isFinite(n) && out.length < n) throw new Error(`the survey has fewer than ${n} trees of status ${status}`);
  return out;
}

/** A real JPEG of `w` × `h` with varied pixels as a file input takes it (a phone photo stands in; the app resizes it). */
export async function photoFile(name: string, seed: number, w = 800, h = 600): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name, mimeType: 'image/jpeg', buffer: await photoJpeg(w, h, seed) };
}

export interface QueuedItem {
  id: string;
  kind: string;
  state: string;
  recordId?: string;
  taskId?: string;
  /** A photo's bytes, base64. */
  bytes?: string;
  type?: string;
  attempts?: number;
  nextAt?: number;
  error?: unknown;
}

/** What the page's outbox holds (photos with their bytes). */
export function outboxItems(page: Page): Promise<QueuedItem[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'orchard-outbox')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('orchard-outbox');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => resolve(req.result);
    });
    const all = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const req = db.transaction('items').objectStore('items').getAll();
      req.onerror = () => reject(req.error);
      req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
    });
    db.close();
    const b64 = async (b: Blob) => {
      const u = new Uint8Array(await b.arrayBuffer());
      let s = '';
      for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode(...u.subarray(i, i + 0x8000));
      return btoa(s);
    };
    return Promise.all(
      all.map(async (i) => ({
        id: i.id as string,
        kind: i.kind as string,
        state: i.state as string,
        recordId: i.recordId as string | undefined,
        taskId: i.taskId as string | undefined,
        bytes: i.blob ? await b64(i.blob as Blob) : undefined,
        type: i.blob ? (i.blob as Blob).type : undefined,
        attempts: i.attempts as number,
        nextAt: i.nextAt as number,
        error: i.error,
      })),
    );
  });
}

/** The writes a page sent to the API and the answers it got (method, path, status). */
export function countWrites(page: Page): { method: string; path: string; status: number }[] {
  const seen: { method: string; path: string; status: number }[] = [];
  page.on('response', (r) => {
    const req = r.request();
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && req.method() !== 'GET' && req.method() !== 'HEAD')
      seen.push({ method: req.method(), path: url.pathname, status: r.status() });
  });
  return seen;
}

/**
 * What an hour offline leaves in the outbox: every item tried `attempts` times and backing off until `ms` from now
 * (the sync's timer alone would wait that long after the connection returned).
 */
export function ageOutbox(page: Page, attempts: number, ms: number): Promise<number> {
  return page.evaluate(
    async ([n, wait]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('orchard-outbox');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => resolve(req.result);
      });
      const store = db.transaction('items', 'readwrite').objectStore('items');
      const all = await new Promise<Record<string, unknown>[]>((resolve) => {
        const req = store.getAll();
        req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
      });
      for (const i of all) store.put({ ...i, attempts: n, nextAt: Date.now() + wait });
      await new Promise((resolve) => (store.transaction.oncomplete = resolve));
      db.close();
      return all.length;
    },
    [attempts, ms] as const,
  );
}
