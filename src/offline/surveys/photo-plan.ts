// Which of a survey's aerial photo tiles are kept on the device (issue 37 "Offline"): every zoom from the
// photo's lowest up to the deepest that fits the room given to it, and — when the grower asks — the full
// resolution over one plot. Tiles are listed from the photo's status (bounds, zooms, tile template) as README
// "Aerial photo" says an offline cache should. Pure.
import { tileRange, type Bounds } from '../../domain/tile-math';

export interface PhotoStatusLike {
  status: string;
  version: string;
  bounds: Bounds | null;
  minzoom: number | null;
  maxzoom: number | null;
  /** Bytes of all the photo's tiles on the server, and how many there are. */
  bytes: number;
  tiles: string | null;
}

/** Tiles of `bounds` at zooms from..to (inclusive). */
export function tileCount(bounds: Bounds, from: number, to: number): number {
  let n = 0;
  for (let z = from; z <= to; z++) {
    const [x0, y0, x1, y1] = tileRange(bounds, z);
    n += (x1 - x0 + 1) * (y1 - y0 + 1);
  }
  return n;
}

/** Bytes per tile, from the server's total (the deepest zoom holds most tiles, so this is close for any set). */
export function meanTileBytes(s: PhotoStatusLike): number {
  const all = s.bounds && s.minzoom !== null && s.maxzoom !== null ? tileCount(s.bounds, s.minzoom, s.maxzoom) : 0;
  return all > 0 ? s.bytes / all : 0;
}

export interface PhotoPlan {
  /** The deepest zoom kept (null: not even the lowest fits). */
  zoom: number | null;
  tiles: number;
  /** Estimated bytes. */
  bytes: number;
}

/** The deepest zoom whose tiles, with every lower zoom's, fit `room` bytes. */
export function photoZoomThatFits(s: PhotoStatusLike, room: number): PhotoPlan {
  if (s.status !== 'ready' || !s.bounds || s.minzoom === null || s.maxzoom === null) return { zoom: null, tiles: 0, bytes: 0 };
  const per = meanTileBytes(s);
  let best: PhotoPlan = { zoom: null, tiles: 0, bytes: 0 };
  let tiles = 0;
  for (let z = s.minzoom; z <= s.maxzoom; z++) {
    tiles += tileCount(s.bounds, z, z);
    const bytes = Math.round(tiles * per);
    if (bytes > room) break;
    best = { zoom: z, tiles, bytes };
  }
  return best;
}

/** The full resolution over one plot: the zooms deeper than `keptZoom`, in the plot's bounds (within the photo). */
export function plotDetailPlan(s: PhotoStatusLike, keptZoom: number | null, plot: Bounds): PhotoPlan {
  if (s.status !== 'ready' || !s.bounds || s.minzoom === null || s.maxzoom === null) return { zoom: null, tiles: 0, bytes: 0 };
  const inside = intersect(plot, s.bounds);
  const from = Math.max(s.minzoom, (keptZoom ?? s.minzoom - 1) + 1);
  if (!inside || from > s.maxzoom) return { zoom: s.maxzoom, tiles: 0, bytes: 0 };
  const tiles = tileCount(inside, from, s.maxzoom);
  return { zoom: s.maxzoom, tiles, bytes: Math.round(tiles * meanTileBytes(s)) };
}

function intersect(a: Bounds, b: Bounds): Bounds | null {
  const r: Bounds = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[0] < r[2] && r[1] < r[3] ? r : null;
}

/** The tile URLs (path and query, as the status's template gives them) of `bounds` at zooms from..to. */
export function* tileUrls(template: string, bounds: Bounds, from: number, to: number): Generator<string> {
  for (let z = from; z <= to; z++) {
    const [x0, y0, x1, y1] = tileRange(bounds, z);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) yield template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
  }
}

/** The photo's tiles kept for the survey and for its detailed plot. */
export function* keptTileUrls(s: PhotoStatusLike, keptZoom: number | null, plot: Bounds | null): Generator<string> {
  if (!s.tiles || !s.bounds || s.minzoom === null || s.maxzoom === null) return;
  if (keptZoom !== null) yield* tileUrls(s.tiles, s.bounds, s.minzoom, keptZoom);
  const inside = plot && intersect(plot, s.bounds);
  const from = Math.max(s.minzoom, (keptZoom ?? s.minzoom - 1) + 1);
  if (inside && from <= s.maxzoom) yield* tileUrls(s.tiles, inside, from, s.maxzoom);
}
