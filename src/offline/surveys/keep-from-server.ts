// Keeping a survey's server answers on the device (issue 35): after it was opened (survey-source.ts), when the
// grower taps "Keep offline" for a survey not kept yet, and when a changed survey is refreshed in the background
// (refresh.ts). The map data's bytes as they came, with their format and ETag; the statistics; the survey's
// entry of the home list and its other surveys; then its aerial photo's tiles.
import { fetchMapDataBlob, type MapDataBlob } from '../../api/map-data';
import { relatedSurveysQuery } from '../../api/project';
import { fetchStatistics, type StatisticsResponse } from '../../api/statistics';
import { orthophotoQuery } from '../../api/orthophoto';
import { userProjectsQuery, type UserProject } from '../../api/projects';
import { getSession } from '../../api/session';
import { queryClient } from '../../api/query-client';
import { device } from './device';
import { keepPhoto } from './photo-tiles';
import type { KeptSurvey } from './records';

export interface KeepContext {
  statistics: StatisticsResponse | null;
  /** The survey's name as the screen knows it (the home list's wins). */
  name: string | null;
  kept: KeptSurvey | null;
  /** Opened by the user now (it becomes the most recently used), or refreshed in the background. */
  opened: boolean;
}

/**
 * Keeps (or refreshes) a survey from the server's answers; 'unchanged': the kept bytes stay (a 304). False: no room.
 * The bytes are written first (the grower may leave the screen at once); the list entry, the other surveys and
 * the photo follow.
 */
export async function keepFromServer(id: number, map: MapDataBlob | 'unchanged', c: KeepContext): Promise<boolean> {
  const user = getSession()?.user;
  if (!user) return false;
  const store = device();
  const listed = (list: UserProject[] | undefined) => list?.find((p) => p.project_id === id) ?? null;
  const cachedEntry = listed(queryClient.getQueryData(userProjectsQuery().queryKey));
  const statistics = c.statistics ? JSON.stringify(c.statistics) : null;
  if (map === 'unchanged') {
    if (!c.kept) return false;
    if (c.opened) await store.opened(id);
    await store.checked(id);
    if (statistics) await store.update(id, { statistics });
  } else {
    const r = await store.keep({
      projectId: id,
      userId: user.user_id,
      farmId: user.client_id,
      name: cachedEntry?.name ?? c.name ?? c.kept?.name ?? String(id),
      observationDate: cachedEntry?.observation_date ?? c.kept?.observationDate ?? null,
      entry: cachedEntry,
      related: null,
      statistics: statistics ?? c.kept?.statistics ?? null,
      map: { format: map.format, contentType: map.contentType, etag: map.etag },
      blob: map.blob,
      opened: c.opened,
    });
    if (!r.kept) return false;
  }
  const [entry, related, photo] = await Promise.all([
    queryClient
      .fetchQuery(userProjectsQuery())
      .then(listed)
      .catch(() => null),
    queryClient.fetchQuery(relatedSurveysQuery(String(id))).catch(() => null),
    queryClient.fetchQuery(orthophotoQuery(id)).catch(() => undefined),
  ]);
  await store.update(id, {
    ...(entry ? { entry, name: entry.name } : {}),
    ...(related ? { related } : {}),
  });
  // The photo's tiles follow (a new photo version replaces the kept one; an unknown status leaves them).
  if (photo !== undefined) void keepPhoto(id, photo);
  return true;
}

/** Downloads a survey onto the device without opening it ("Keep offline" on a survey not kept yet). */
export async function downloadSurvey(id: number, opened = false): Promise<boolean> {
  const user = getSession()?.user;
  if (!user) return false;
  const kept = await device().get(user.user_id, id);
  const map = await fetchMapDataBlob(String(id), { etag: kept?.map.etag });
  const statistics = map === 'unchanged' ? null : await fetchStatistics(String(id));
  return keepFromServer(id, map, { statistics, name: null, kept, opened });
}
