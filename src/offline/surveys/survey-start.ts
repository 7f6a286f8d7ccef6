// How a survey page starts (issue 35: reopen from the device ≤ 2 s): its geo worker, which reads and decodes the
// user's kept copy of the survey ahead, and the kept record the page's load decides with (survey-source.ts).
// When the app starts on a survey's address (a reopen from the home screen, a link, a reload), both start at once,
// while the page's own code and the map are still loading, and the page takes them; otherwise the page starts
// them itself, and the worker's read runs beside the map's set-up.
import { createGeoClient, type GeoClient } from '../../map/geo-client';
import { getSession } from '../../api/session';
import { device, deviceSupported } from './device';
import type { KeptSurvey } from './records';

/** The survey page's route (src/app/routes.tsx: /view/:projectId/:observationTime). */
const SURVEY_PATH = /^\/view\/([^/]+)\/[^/]+\/?$/;

export interface SurveyStart {
  client: GeoClient;
  /** The signed-in user's kept copy of the survey, or null. */
  kept: Promise<KeptSurvey | null>;
}

let early: (SurveyStart & { projectId: string }) | null = null;

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

/** At the app's start: a survey's address starts its page's worker and kept-record read now (a signed-in user). */
export function startEarly(pathname: string): void {
  const m = SURVEY_PATH.exec(pathname);
  if (!m || typeof Worker === 'undefined' || getSession()?.user == null || !deviceSupported()) return;
  const projectId = decodeURIComponent(m[1]);
  early = { projectId, ...start(projectId) };
}

/** The survey page's start: the one begun when the app started, if it was for this survey, or a new one. */
export function surveyStart(projectId: string): SurveyStart {
  const e = early;
  early = null;
  if (e && e.projectId === projectId) return e;
  e?.client.dispose();
  return start(projectId);
}
