// A still picture of the farm for the printable report (issue 14): the trees
// drawn into an RGBA image by the map's own rasteriser (tree-raster.ts) and
// the plot and irrigation-area outlines as SVG paths, both in Web Mercator
// pixels of one zoom chosen so the farm fits `side` pixels. Pure.
import type { Polygon } from 'geojson';
import { pointsExtent } from './draw-offsets';
import { extentOf } from './fit';
import { mercX, mercY, rasterizeTrees, worldSize, type TreeRaster } from './tree-raster';

export interface MapSnapshot {
  /** SVG units per world width (Web Mercator [0, 1) × this): where a picture under it lies (the report's aerial photo). */
  worldSize: number;
  /** SVG viewBox in world pixels: x, y, width, height. */
  viewBox: [number, number, number, number];
  /** The trees' image and where it sits in the viewBox (null: no trees). */
  trees: { x: number; y: number; raster: TreeRaster } | null;
  /** SVG path data per plot and per irrigation area. */
  plots: string[];
  areas: string[];
}

export interface SnapshotInput {
  count: number;
  positions: Float64Array;
  rgba: Uint8Array;
  plots: readonly Polygon[];
  areas: readonly Polygon[];
  /** Longest side of the picture in pixels. */
  side: number;
  /** Tree dot radius in pixels. */
  radius?: number;
}

const union = (a: number[] | null, b: number[] | null): [number, number, number, number] | null =>
  a && b ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])] : ((a ?? b) as [number, number, number, number] | null);

export function mapSnapshot(input: SnapshotInput): MapSnapshot | null {
  const box = union(union(extentOf(input.plots), extentOf(input.areas)), pointsExtent(input.positions, input.count));
  if (!box) return null;
  const spanX = Math.max(mercX(box[2]) - mercX(box[0]), 1e-12),
    spanY = Math.max(mercY(box[1]) - mercY(box[3]), 1e-12);
  // The largest zoom at which the farm fits `side` pixels (capped at the map's detail zoom 20).
  const zoom = Math.min(20, Math.log2(input.side / (512 * Math.max(spanX, spanY))));
  const ws = worldSize(zoom);
  const px = (lon: number) => Math.round(mercX(lon) * ws * 10) / 10;
  const py = (lat: number) => Math.round(mercY(lat) * ws * 10) / 10;
  const path = (p: Polygon) => p.coordinates.map((ring) => `M${ring.map(([x, y]) => `${px(x)} ${py(y)}`).join('L')}Z`).join('');
  const raster = rasterizeTrees({
    count: input.count,
    positions: input.positions,
    rgba: input.rgba,
    zoom,
    pixelRatio: 1,
    radius: input.radius ?? 1.2,
    maxSide: input.side + 16,
    maxPixels: (input.side + 16) ** 2,
  });
  const pad = 4;
  const x0 = mercX(box[0]) * ws - pad,
    y0 = mercY(box[3]) * ws - pad;
  return {
    worldSize: ws,
    viewBox: [x0, y0, spanX * ws + 2 * pad, spanY * ws + 2 * pad],
    trees: raster ? { x: mercX(raster.bounds[0]) * ws, y: mercY(raster.bounds[3]) * ws, raster } : null,
    plots: input.plots.map(path),
    areas: input.areas.map(path),
  };
}
