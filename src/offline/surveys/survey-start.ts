// How a survey page starts (issue 35: reopen from the device ≤ 2 s, first open over 4G ≤ 10 s): its geo worker,
// which reads and decodes the user's kept copy of the survey ahead, the kept record the page's load decides with
// (survey-source.ts), and the map data's request to the server, asked with that copy's ETag as soon as the record
// is known. When the app starts on a survey's address (a reopen from the home screen, a link, a reload), all three
// start at once, while the page's own code and the map are still loading, and the page takes them; otherwise the
// page starts them itself, and the worker's read runs beside the map's set-up.
import { createGeoClient, type GeoClient } from '../../map/geo-client';
import { fetchMapDataBlob, type MapDataBlob } from '../../api/map-data';
import { getSession, subscribe } from '../../api/session';
import { device, deviceSupported } from './device';
import { browserOffline } from './reach';
import type { KeptSurvey } from './records';
import { projectIdOfPath } from '../../domain/project-route';

/** How long a kept survey waits for the server's first answer before it opens from the device. */
export const KEPT_WAIT_MS = 10_000;

export interface SurveyStart {
  client: GeoClient;
  /** The signed-in user's kept copy of the survey, or null. */
  kept: Promise<KeptSurvey | null>;
  /**
   * The server's answer for the map data: 'unchanged' (304 to the kept copy's ETag); null: not asked (a kept copy
   * and no connection). Rejects as the request does (survey-source.ts decides when the kept copy answers instead).
   */
  map: Promise<MapDataBlob | 'unchanged' | null>;
}

/** How long an early start waits for its page: then it goes (a download under way first finishes: `expire`). */
const EARLY_KEPT_MS = 60_000;

/** `failed`: its map request failed (not aborted) before a page took it; a page then asks again. */
type Started = SurveyStart & { abort: AbortController; failed: boolean };

let early: (Started & { projectId: string; userId: number; timer: ReturnType<typeof setTimeout> }) | null = null;

/** Marks of an early start (bench:offline reads them beside the page's `survey-load:*`, which a load clears). */
const earlyMark = (name: string) => performance.mark(`survey-early:${name}`);

function dropEarly(): void {
  if (!early) return;
  earlyMark('dropped');
  clearTimeout(early.timer);
  early.abort.abort();
  early.client.dispose();
  early = null;
}

/** The signed-in user's kept copy of a survey, or null. */
export async function keptFor(projectId: number): Promise<KeptSurvey | null> {
  const userId = getSession()?.user?.user_id;
  if (userId == null || !deviceSupported() || !Number.isFinite(projectId)) return null;
  return device()
    .get(userId, projectId)
    .catch(() => null);
}

/** The map data asked for with the kept copy's ETag (a kept copy waits KEPT_WAIT_MS, then opens from the device). */
function askMap(projectId: string, kept: KeptSurvey | null, signal: AbortSignal): Promise<MapDataBlob | 'unchanged' | null> {
  if (kept && browserOffline()) return Promise.resolve(null);
  return kept ? fetchMapDataBlob(projectId, { signal, etag: kept.map.etag, timeoutMs: KEPT_WAIT_MS, retries: 0 }) : fetchMapDataBlob(projectId, { signal });
}

/** The worker reads the kept record (one answer to wait for on a busy main thread, not IndexedDB's several). */
function start(projectId: string): Started {
  const client = createGeoClient();
  const abort = new AbortController();
  const userId = getSession()?.user?.user_id,
    id = Number(projectId);
  const kept = userId == null || !deviceSupported() || !Number.isFinite(id) ? Promise.resolve(null) : client.prepareKept(userId, id).catch(() => keptFor(id));
  const started: Started = { client, kept, map: kept.then((k) => askMap(projectId, k, abort.signal)), abort, failed: false };
  // The page's load awaits it; an early start the page never takes must not be "unhandled".
  started.map.catch(() => {
    if (!abort.signal.aborted) started.failed = true;
  });
  return started;
}

/** The page's signal ends the request too (it leaves the survey, or a new load starts). */
function takenBy({ client, kept, map, abort }: Started, signal: AbortSignal): SurveyStart {
  if (signal.aborted) abort.abort();
  else signal.addEventListener('abort', () => abort.abort(), { once: true });
  return { client, kept, map };
}

/**
 * At the app's start: a survey's address starts its page's worker and kept-record read now (a signed-in user).
 * Never in the way of the app: an address that cannot be read or a worker that cannot start just starts nothing.
 */
export function startEarly(pathname: string): void {
  try {
    const projectId = projectIdOfPath(pathname);
    const user = getSession()?.user;
    const userId = user?.user_id;
    // A password to change first: every call is refused until then, so nothing is asked for now.
    if (projectId == null || typeof Worker === 'undefined' || userId == null || user?.must_change_password || !deviceSupported()) return;
    early = { projectId, userId, ...start(projectId), timer: setTimeout(expire, EARLY_KEPT_MS) };
    earlyMark('started');
    early.map.then(
      () => earlyMark('map-settled'),
      () => earlyMark('map-settled'),
    );
    // Another user signs in (or the session ends) before the page takes it: the copy read for the first goes.
    const stop = subscribe(() => {
      if (early?.userId !== getSession()?.user?.user_id) dropEarly();
      if (!early) stop();
    });
  } catch {
    early = null;
  }
}

/** The page has not come in EARLY_KEPT_MS: the early start goes, but a download under way is not cut short. */
function expire(): void {
  const e = early;
  if (!e) return;
  void e.map
    .catch(() => undefined)
    .finally(() => {
      if (early === e) dropEarly();
    });
}

/** The app went to another address before the survey page took its early start (home, sign-in): it goes. */
export function leftAddress(pathname: string): void {
  if (early && projectIdOfPath(pathname) !== early.projectId) dropEarly();
}

/** The survey page's start: the one begun when the app started, for this survey and this user, or a new one. */
export function surveyStart(projectId: string, signal: AbortSignal): SurveyStart {
  const e = early;
  if (e && !e.failed && e.projectId === projectId && e.userId === getSession()?.user?.user_id) {
    clearTimeout(e.timer);
    early = null;
    earlyMark('taken');
    return takenBy(e, signal);
  }
  dropEarly();
  return takenBy(start(projectId), signal);
}
