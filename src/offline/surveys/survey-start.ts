// How a survey page starts (issue 35: reopen from the device ≤ 2 s): its geo worker, which reads and decodes the
// user's kept copy of the survey ahead, and the kept record the page's load decides with (survey-source.ts).
// When the app starts on a survey's address (a reopen from the home screen, a link, a reload), both start at once,
// while the page's own code and the map are still loading, and the page takes them; otherwise the page starts
// them itself, and the worker's read runs beside the map's set-up.
import { createGeoClient, type GeoClient } from '../../map/geo-client';
import { getSession, subscribe } from '../../api/session';
import { device, deviceSupported } from './device';
import type { KeptSurvey } from './records';
import { projectIdOfPath } from '../../domain/project-route';

export interface SurveyStart {
  client: GeoClient;
  /** The signed-in user's kept copy of the survey, or null. */
  kept: Promise<KeptSurvey | null>;
}

/** How long an early start waits for its page (a sign-in or password page first): then its worker goes. */
const EARLY_KEPT_MS = 60_000;

let early: (SurveyStart & { projectId: string; userId: number; timer: ReturnType<typeof setTimeout> }) | null = null;

function dropEarly(): void {
  if (!early) return;
  clearTimeout(early.timer);
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

/** The worker reads the kept record (one answer to wait for on a busy main thread, not IndexedDB's several). */
function start(projectId: string): SurveyStart {
  const client = createGeoClient();
  const userId = getSession()?.user?.user_id,
    id = Number(projectId);
  if (userId == null || !deviceSupported() || !Number.isFinite(id)) return { client, kept: Promise.resolve(null) };
  return { client, kept: client.prepareKept(userId, id).catch(() => keptFor(id)) };
}

/**
 * At the app's start: a survey's address starts its page's worker and kept-record read now (a signed-in user).
 * Never in the way of the app: an address that cannot be read or a worker that cannot start just starts nothing.
 */
export function startEarly(pathname: string): void {
  try {
    const projectId = projectIdOfPath(pathname);
    const userId = getSession()?.user?.user_id;
    if (projectId == null || typeof Worker === 'undefined' || userId == null || !deviceSupported()) return;
    early = { projectId, userId, ...start(projectId), timer: setTimeout(dropEarly, EARLY_KEPT_MS) };
    // Another user signs in (or the session ends) before the page takes it: the copy read for the first goes.
    const stop = subscribe(() => {
      if (early?.userId !== getSession()?.user?.user_id) dropEarly();
      if (!early) stop();
    });
  } catch {
    early = null;
  }
}

/** The survey page's start: the one begun when the app started, for this survey and this user, or a new one. */
export function surveyStart(projectId: string): SurveyStart {
  const e = early;
  if (e && e.projectId === projectId && e.userId === getSession()?.user?.user_id) {
    clearTimeout(e.timer);
    early = null;
    return { client: e.client, kept: e.kept };
  }
  dropEarly();
  return start(projectId);
}
