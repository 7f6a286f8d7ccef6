// The project map's loading source (issue 35): the survey from the server, or from this device. Online, a kept
// survey is asked for with its ETag — 304 reads the kept bytes, nothing is downloaded again; a changed survey
// is downloaded and kept anew. Without a connection (the browser says so, or the server cannot be reached) a
// kept survey opens from the device: its map data, statistics, name, other surveys and aerial photo. After the
// screen has shown it, `done()` keeps what came from the server (see README "Surveys on this device").
import { fetchMapDataBlob, type MapDataBlob, type MapDataBytes } from '../../api/map-data';
import type { KeptRef } from '../../map/geo-client';
import { fetchProject, relatedSurveysQuery } from '../../api/project';
import { fetchStatistics, type StatisticsResponse } from '../../api/statistics';
import { orthophotoQuery } from '../../api/orthophoto';
import { getSession } from '../../api/session';
import { KEPT_WAIT_MS, keptFor, type SurveyStart } from './survey-start';
import { queryClient } from '../../api/query-client';
import { ApiError, MESSAGES } from '../../api/errors';
import { device, deviceSupported } from './device';
import { browserOffline, isNotFound, unreachable } from './reach';
import { offlinePhotoStatus } from './photo-tiles';
import { keepFromServer } from './keep-from-server';
import type { KeptSurvey } from './records';

export type SurveyOrigin = 'network' | 'unchanged' | 'device';

/**
 * The map data from the server, or the device's kept copy, which the geo worker reads itself; `fromDevice` reads
 * the same bytes on the page, for a worker that cannot open the device's database.
 */
export type SurveyMap = MapDataBytes | { kept: KeptRef; fromDevice: () => Promise<MapDataBytes> };

export interface SurveyLoad {
  project: Promise<{ name: string }>;
  map: Promise<SurveyMap>;
  statistics: Promise<StatisticsResponse>;
  /** Where the map data came from: the server, the device because the server said 304, the device offline. */
  origin: Promise<SurveyOrigin>;
  /** The screen shows the survey: keep it (from the server) or mark it opened (from the device). Background work. */
  done(): void;
}

type MapOutcome = ({ origin: 'network' } & MapDataBlob) | { origin: 'unchanged' | 'device'; kept: KeptSurvey };

const noConnection = () => new ApiError(MESSAGES.network, 'network');

const fromKept = (kept: KeptSurvey, origin: 'unchanged' | 'device'): MapOutcome => ({ origin, kept });

/** `start`: the user's kept copy of the survey and the map data's request, begun as the page started (survey-start.ts). */
export function loadSurvey(projectId: string, stateName: string | undefined, start: Omit<SurveyStart, 'client'>, signal: AbortSignal): SurveyLoad {
  const id = Number(projectId);
  const keptP = start.kept.finally(() => performance.mark('survey-load:kept-read'));
  const offline = browserOffline();

  const outcomeP: Promise<MapOutcome> = (async () => {
    const kept = await keptP;
    try {
      const r = await start.map;
      if (r === null || r === 'unchanged') {
        if (!kept) throw new Error('unreachable: no kept copy to answer for the server');
        return fromKept(kept, r === null ? 'device' : 'unchanged');
      }
      return { origin: 'network', ...r };
    } catch (e) {
      if (!kept || signal.aborted || !unreachable(e)) {
        // Not shared any more (or gone): the device forgets it too.
        if (kept && isNotFound(e)) void device().remove(id);
        throw e;
      }
      return fromKept(kept, 'device');
    }
  })();

  const statsNet = offline ? null : fetchStatistics(projectId, signal, { retries: 0, timeoutMs: KEPT_WAIT_MS });
  statsNet?.catch(() => undefined);
  const statistics = (async () => {
    const [m, kept] = await Promise.all([outcomeP, keptP]);
    const fromKept = () => {
      if (!kept?.statistics) throw noConnection();
      return JSON.parse(kept.statistics) as StatisticsResponse;
    };
    if (m.origin === 'device' || !statsNet) return fromKept();
    try {
      return await statsNet;
    } catch (e) {
      if (kept?.statistics && unreachable(e)) return fromKept();
      throw e;
    }
  })();

  const project = (async () => {
    if (stateName) return { name: stateName };
    const kept = await keptP;
    if (kept && offline) return { name: kept.name };
    try {
      return await fetchProject(projectId, signal, kept ? { retries: 0, timeoutMs: KEPT_WAIT_MS } : undefined);
    } catch (e) {
      if (kept && unreachable(e)) return { name: kept.name };
      throw e;
    }
  })();

  const origin = outcomeP.then((m) => m.origin);
  // From the device: the screens that ask the server for the survey's other surveys and photo get the kept ones.
  void Promise.all([origin, keptP])
    .then(([o, kept]) => o === 'device' && kept && seedQueries(kept))
    .catch(() => undefined);

  return {
    project,
    map: outcomeP.then(async (m): Promise<SurveyMap> => {
      performance.mark('survey-load:map-blob');
      if (m.origin !== 'network') {
        const k = m.kept;
        return { kept: { userId: k.userId, projectId: k.projectId, etag: k.map.etag }, fromDevice: () => keptBytes(k) };
      }
      return { format: m.format, bytes: await m.blob.arrayBuffer() };
    }),
    statistics,
    origin,
    done: () => void afterShown(id, outcomeP, statistics, project, keptP).catch(() => undefined),
  };
}

async function keptBytes(kept: KeptSurvey): Promise<MapDataBytes> {
  const blob = await device().readMap(kept.projectId);
  if (!blob) throw noConnection();
  return { format: kept.map.format, bytes: await blob.arrayBuffer() };
}

/** The kept answers for the survey's other queries (TanStack), so its panels show them offline. */
function seedQueries(kept: KeptSurvey): void {
  const id = kept.projectId;
  if (kept.related) queryClient.setQueryData(relatedSurveysQuery(String(id)).queryKey, kept.related);
  queryClient.setQueryData(orthophotoQuery(id).queryKey, offlinePhotoStatus(kept.photo));
}

async function afterShown(
  id: number,
  outcomeP: Promise<MapOutcome>,
  statisticsP: Promise<StatisticsResponse>,
  projectP: Promise<{ name: string }>,
  keptP: Promise<KeptSurvey | null>,
): Promise<void> {
  if (!getSession()?.user || !deviceSupported()) return;
  const [m, kept] = await Promise.all([outcomeP, keptP]);
  if (m.origin === 'device') return device().opened(id);
  const [statistics, project] = await Promise.all([statisticsP.catch(() => null), projectP.catch(() => null)]);
  await keepFromServer(id, m.origin === 'network' ? m : 'unchanged', { statistics, name: project?.name ?? null, kept, opened: true });
}

/** The map data of a survey to compare with: from the server, or from the device when the server cannot be reached. */
export async function comparedMapData(projectId: string, signal?: AbortSignal): Promise<MapDataBytes> {
  const kept = await keptFor(Number(projectId));
  const fromDevice = async () => {
    if (!kept) throw noConnection();
    return keptBytes(kept);
  };
  if (kept && browserOffline()) return fromDevice();
  try {
    const r = await fetchMapDataBlob(projectId, { signal, etag: kept?.map.etag, ...(kept ? { timeoutMs: KEPT_WAIT_MS, retries: 0 } : {}) });
    if (r === 'unchanged') return await fromDevice();
    return { format: r.format, bytes: await r.blob.arrayBuffer() };
  } catch (e) {
    if (kept && unreachable(e)) return fromDevice();
    throw e;
  }
}
