// A kept survey's aerial photo on the device (issue 37 "Offline"): its tiles in Cache Storage, one cache per
// survey, keyed by their full URL with the photo's version (?v=): a URL never changes content, so a kept tile is
// never revalidated, and the service worker answers it (src/sw/sw.ts). The tiles kept are every zoom up to the
// deepest that fits the room the budget leaves (photo-plan.ts), and, when the grower asks, the full resolution
// over one plot. A new photo version replaces the kept tiles; a download cut short goes on at the next chance.
import { getAccessToken } from '../../api/access-token';
import { getSession } from '../../api/session';
import type { OrthophotoStatus } from '../../api/orthophoto';
import type { Bounds } from '../../domain/tile-math';
import { device } from './device';
import { photoCacheName } from './cache-names';
import { keptTileUrls, photoZoomThatFits, plotDetailPlan } from './photo-plan';
import type { KeptPhoto, KeptPlotDetail } from './records';

const PARALLEL = 4;
const SAVE_EVERY = 100;

/** The photo's status as the map should use it offline: no zoom deeper than the device holds (it stretches those). */
export function offlinePhotoStatus(photo: KeptPhoto | null): OrthophotoStatus | null {
  if (!photo || (photo.zoom === null && !photo.plot)) return null;
  const s = photo.status as unknown as OrthophotoStatus;
  return { ...s, maxzoom: photo.plot ? s.maxzoom : photo.zoom };
}

export interface PlotChoice {
  plotId: string;
  name: string;
  bounds: Bounds;
}

export type KeepPhotoResult = 'kept' | 'none' | 'noRoom' | 'stopped';

const running = new Map<number, Promise<KeepPhotoResult>>();

/**
 * Keeps the survey's photo tiles (status null: the survey has no photo, any kept tiles go). `plot`: keep that
 * plot at full resolution too (null: none any more; undefined: as it was).
 */
export function keepPhoto(projectId: number, status: OrthophotoStatus | null, plot?: PlotChoice | null): Promise<KeepPhotoResult> {
  const before = running.get(projectId) ?? Promise.resolve<KeepPhotoResult>('none');
  const next = before.catch(() => 'stopped' as const).then(() => keepNow(projectId, status, plot));
  running.set(projectId, next);
  void next.finally(() => running.get(projectId) === next && running.delete(projectId));
  return next;
}

async function keepNow(projectId: number, status: OrthophotoStatus | null, plotAsked: PlotChoice | null | undefined): Promise<KeepPhotoResult> {
  const store = device();
  const userId = getSession()?.user?.user_id;
  if (userId == null) return 'none';
  const r = await store.get(userId, projectId);
  if (!r) return 'none';
  const cacheName = photoCacheName(projectId);
  if (!status || status.status !== 'ready' || !status.tiles) {
    if (r.photo) {
      await caches.delete(cacheName);
      await store.update(projectId, { photo: null });
    }
    return 'none';
  }
  // Another version of the photo: its tiles are another photo's, all of them go.
  if (r.photo && r.photo.status.version !== status.version) await caches.delete(cacheName);
  const same = r.photo?.status.version === status.version ? r.photo : null;
  const plot = plotAsked === undefined ? (same?.plot ?? null) : plotAsked;

  const room = await store.photoRoom(projectId);
  let whole = photoZoomThatFits(status, room);
  let detail = plot ? plotDetailPlan(status, whole.zoom, plot.bounds) : null;
  // The plot the grower asked for comes first: the whole photo gives up zooms until both fit.
  while (detail && whole.zoom !== null && whole.bytes + detail.bytes > room) {
    whole = photoZoomThatFits(status, Math.max(0, whole.bytes - 1));
    detail = plotDetailPlan(status, whole.zoom, plot!.bounds);
  }
  if (detail && whole.bytes + detail.bytes > room) return 'noRoom';
  // All there already (the usual case on every open): nothing to look at.
  if (same?.complete && same.zoom === whole.zoom && same.plot?.plotId === plot?.plotId) return 'kept';

  const kept: KeptPhoto = {
    status: status as unknown as KeptPhoto['status'],
    zoom: whole.zoom,
    tiles: 0,
    bytes: 0,
    complete: false,
    plot: plot && detail ? ({ ...plot, tiles: 0, bytes: 0 } satisfies KeptPlotDetail) : null,
  };
  const cache = await caches.open(cacheName);
  const urls = [...keptTileUrls(status, whole.zoom, plot?.bounds ?? null)];
  const plotFrom = whole.zoom === null ? 0 : [...keptTileUrls(status, whole.zoom, null)].length;
  let done = 0;
  let stopped = false;
  const save = () => store.update(projectId, { photo: { ...kept } });
  const one = async (i: number) => {
    const url = `${location.origin}${urls[i]}`;
    let res = await cache.match(url, { ignoreVary: true });
    if (!res) {
      const token = await getAccessToken();
      const got = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!got.ok) throw new Error(`tile ${got.status}`);
      await cache.put(url, got.clone());
      res = got;
    }
    const bytes = res.status === 204 ? 0 : Number(res.headers.get('content-length')) || (await res.blob()).size;
    if (i >= plotFrom && kept.plot) {
      kept.plot.tiles++;
      kept.plot.bytes += bytes;
    } else {
      kept.tiles++;
      kept.bytes += bytes;
    }
    if (++done % SAVE_EVERY === 0) await save();
  };
  let next = 0;
  const worker = async () => {
    while (!stopped && next < urls.length) {
      const i = next++;
      try {
        await one(i);
      } catch {
        stopped = true; // offline, signed out, or the photo replaced meanwhile: what is kept stays, the rest later
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  kept.complete = !stopped;
  // Removed from the device meanwhile: its tiles go too.
  if (!(await store.get(userId, projectId))) {
    await caches.delete(cacheName);
    return 'stopped';
  }
  await save();
  return stopped ? 'stopped' : 'kept';
}
