// Back online (issue 35): every kept survey is checked against the server by its ETag. An unchanged one answers
// 304 and nothing is downloaded; a changed one is downloaded and kept anew in the background; one no longer
// shared with the user (404, or gone from their list) leaves the device. A farm kept offline gets its surveys
// not on the device yet; photos cut short go on (keep-from-server.ts). Also: another user's sign-in removes what others kept.
import { fetchMapDataBlob } from '../../api/map-data';
import { fetchStatistics } from '../../api/statistics';
import { userProjectsQuery } from '../../api/projects';
import { queryClient } from '../../api/query-client';
import { getSession, subscribe } from '../../api/session';
import { serverReachable, subscribeReach } from '../../api/reachability';
import { device, deviceSupported } from './device';
import { browserOffline, isNotFound, unreachable } from './reach';
import { keepFromServer } from './keep-from-server';
import { downloadFarm } from './actions';

export interface RefreshResult {
  unchanged: number[];
  refreshed: number[];
  removed: number[];
  /** The server could not be reached: the rest waits for the next time. */
  stopped: boolean;
}

let running: Promise<RefreshResult> | null = null;

/** Checks every kept survey of the signed-in user (one run at a time). */
export function refreshKept(): Promise<RefreshResult> {
  running ??= refreshNow().finally(() => (running = null));
  return running;
}

async function refreshNow(): Promise<RefreshResult> {
  const result: RefreshResult = { unchanged: [], refreshed: [], removed: [], stopped: false };
  const user = getSession()?.user;
  if (!user || !deviceSupported() || browserOffline()) return { ...result, stopped: true };
  const store = device();
  const kept = await store.list(user.user_id);
  const farmPinned = user.client_id !== null && (await store.farmPinned(user.user_id, user.client_id));
  // Nothing kept on this device: nothing to check, and the list on screen is not fetched again for it.
  if (kept.length === 0 && !farmPinned) return result;
  let shared: Set<number>;
  try {
    shared = new Set((await queryClient.fetchQuery({ ...userProjectsQuery(), staleTime: 0 })).map((p) => p.project_id));
  } catch {
    return { ...result, stopped: true };
  }
  for (const r of kept) {
    if (!shared.has(r.projectId)) {
      await store.remove(r.projectId);
      result.removed.push(r.projectId);
      continue;
    }
    try {
      const map = await fetchMapDataBlob(String(r.projectId), { etag: r.map.etag, retries: 0 });
      const statistics = map === 'unchanged' ? null : await fetchStatistics(String(r.projectId), undefined, { retries: 0 });
      await keepFromServer(r.projectId, map, { statistics, name: null, kept: r, opened: false });
      (map === 'unchanged' ? result.unchanged : result.refreshed).push(r.projectId);
    } catch (e) {
      if (isNotFound(e)) {
        await store.remove(r.projectId);
        result.removed.push(r.projectId);
      } else if (unreachable(e)) return { ...result, stopped: true };
    }
  }
  // (keepFromServer also went on with each survey's photo where its download had been cut short.)
  if (farmPinned) await downloadFarm().catch(() => undefined);
  return result;
}

/** When checks run: at start (once the app had a moment) and whenever the browser comes back online. */
export const START_DELAY_MS = 5_000;

export function startKeptSync(): () => void {
  if (typeof window === 'undefined' || !deviceSupported()) return () => undefined;
  const run = () => void refreshKept().catch(() => undefined);
  // Back online: the browser says so, or a call gets through again after none did (src/api/reachability.ts).
  let reachable = serverReachable();
  const offReach = subscribeReach(() => {
    const now = serverReachable();
    if (now && !reachable) run();
    reachable = now;
  });
  const timer = setTimeout(run, START_DELAY_MS);
  // Another user signs in on this device: what others kept goes (their clients' data), before anything shows it.
  let userId = getSession()?.user?.user_id ?? null;
  if (userId !== null) void device().forgetOtherUsers(userId);
  const off = subscribe(() => {
    const next = getSession()?.user?.user_id ?? null;
    if (next === null || next === userId) return;
    userId = next;
    void device().forgetOtherUsers(next);
  });
  return () => {
    offReach();
    clearTimeout(timer);
    off();
  };
}
