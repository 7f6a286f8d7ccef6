// The naive reference for bench/geo.bench.ts: the same results computed the
// obvious way — an array of GeoJSON feature objects, turf for projection,
// flatten and point-in-polygon (per tree per polygon), Array.prototype.sort
// percentiles, one colour array and one filtered feature list per step.
import { booleanPointInPolygon, flatten, toWgs84 } from '@turf/turf';
import type { Feature, Point, Polygon } from 'geojson';
import type { MapDataResponse, TreeProperties } from '../workers/geo/types';
import { resolveNpkRanges, rangeFor } from '../workers/geo/npk-ranges';

type Tree = Feature<Point, TreeProperties>;
const num = (v: unknown) => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  if (typeof v !== 'string' || ['', 'null', 'undefined', 'n/a', 'nan'].includes(v.trim().toLowerCase())) return NaN;
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
};
const statusOf = (t: Tree) => {
  const s = num(t.properties.tree_status);
  return Number.isInteger(s) && s >= 0 && s <= 5 ? s : 5;
};

function dedup<F extends Feature>(features: F[], idOf: (f: F) => unknown): F[] {
  const seen = new Set<string>();
  return features.filter((f) => {
    const id = idOf(f);
    if (id === null || id === undefined || id === '') return true;
    if (seen.has(String(id))) return false;
    seen.add(String(id));
    return true;
  });
}

function percentile(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p,
    lo = Math.floor(h);
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

function relativeColours(trees: Tree[], key: 'biomass' | 'canopy_diameter', defMax: number): number[][] {
  const valid = (t: Tree) => num(t.properties[key]) >= 0 && statusOf(t) !== 4;
  const values = trees
    .filter(valid)
    .map((t) => num(t.properties[key]))
    .sort((a, b) => a - b);
  const [lo, hi] =
    values.length > 10 ? [percentile(values, 0.05), percentile(values, 0.95)] : values.length ? [values[0], values[values.length - 1]] : [0, defMax];
  return trees.map((t) => {
    if (!valid(t)) return [178, 186, 187, 255];
    const x = hi > lo ? (num(t.properties[key]) - lo) / (hi - lo) : 0.5;
    const b = [0.1, 0.25, 0.45, 0.65, 0.85].filter((th) => x >= th).length;
    return [b * 40, 100, 255 - b * 40, 255];
  });
}

/**
 * Everything derived from a survey, the naive way. `loadMs`: the part the map
 * runs per load (project, place every tree, status colours and their counts),
 * timed inside so the load's ratio needs no second run of the slow reference.
 */
export function naivePipeline(data: MapDataResponse) {
  const t0 = performance.now();
  const ids = { plot: (f: Feature) => f.id ?? f.properties?.plot_id, area: (f: Feature) => f.id ?? f.properties?.irrigation_area_id };
  const plots = flatten(toWgs84({ type: 'FeatureCollection', features: dedup(data.plots.features as Feature[], ids.plot) }) as never)
    .features as unknown as Feature<Polygon>[];
  const areas = flatten(toWgs84({ type: 'FeatureCollection', features: dedup(data.irrigationAreas.features as Feature[], ids.area) }) as never)
    .features as unknown as Feature<Polygon>[];
  const trees = dedup(
    data.trees.features.map((f) => toWgs84(f) as Tree),
    (f) => f.id ?? f.properties.tree_id,
  );
  const treePlot = trees.map((t) => plots.findIndex((p) => booleanPointInPolygon(t, p)));
  const treeArea = trees.map((t) => areas.findIndex((a) => booleanPointInPolygon(t, a)));
  const statusColours = trees.map(
    (t) =>
      [
        [46, 204, 64, 255],
        [255, 220, 0, 255],
        [255, 133, 27, 255],
        [255, 65, 54, 255],
        [0, 0, 0, 255],
        [255, 255, 255, 255],
      ][statusOf(t)],
  );
  const statusCounts = [0, 1, 2, 3, 4, 5].map((c) => trees.filter((t) => statusOf(t) === c).length);
  const loadMs = performance.now() - t0;
  const areaPlot = areas.map((a) => {
    const votes = plots.map((p) => a.geometry.coordinates[0].slice(0, -1).filter((v) => booleanPointInPolygon(v, p)).length);
    const best = Math.max(...votes);
    return best > 0 ? votes.indexOf(best) : -1;
  });
  const colours: Record<string, number[][]> = {
    status: statusColours,
    vitality: relativeColours(trees, 'biomass', 1),
    canopy: relativeColours(trees, 'canopy_diameter', 7),
  };
  for (const k of ['n', 'p', 'k'] as const) {
    const step = k === 'p' ? 0.01 : 0.25,
      count = k === 'p' ? 20 : 16;
    colours[k] = trees.map((t) => {
      const v = num(t.properties[`${k}_mean`]);
      if (Number.isNaN(v) || statusOf(t) === 4) return [0, 0, 0, 0];
      const c = Math.min(count - 1, Math.max(0, Math.floor(v / step + 1e-9)));
      return [255 - c * 10, c * 10, 60, 255];
    });
  }
  const ranges = resolveNpkRanges(data.npkRanges);
  const stats = (sel: Tree[]) => {
    const status = [0, 1, 2, 3, 4, 5].map((c) => sel.filter((t) => statusOf(t) === c).length);
    const npk = (['n', 'p', 'k'] as const).map((k) => {
      const vals = sel.filter((t) => statusOf(t) !== 4 && !Number.isNaN(num(t.properties[`${k}_mean`])));
      const v = vals.map((t) => num(t.properties[`${k}_mean`]));
      const cls = vals.map((t) => {
        const r = rangeFor(ranges, t.properties.crop_name, k),
          x = num(t.properties[`${k}_mean`]);
        return !r || !(r.lower < r.upper) ? 'u' : x < r.lower ? 'low' : x > r.upper ? 'high' : 'opt';
      });
      return {
        count: v.length,
        avg: v.reduce((a, b) => a + b, 0) / (v.length || 1),
        min: v.reduce((a, b) => Math.min(a, b), Infinity),
        max: v.reduce((a, b) => Math.max(a, b), -Infinity),
        low: cls.filter((c) => c === 'low').length,
      };
    });
    const canopy = sel.filter((t) => num(t.properties.canopy_diameter) >= 0 && statusOf(t) !== 4).map((t) => num(t.properties.canopy_diameter));
    const buckets = [0, 1, 2, 3, 4, 5, 6, 7].map((b) => canopy.filter((c) => (b === 7 ? c >= 7 : Math.floor(c) === b)).length);
    return { status, npk, buckets, canopyAvg: canopy.reduce((a, b) => a + b, 0) / (canopy.length || 1) };
  };
  const project = stats(trees);
  const perPlot = plots.map((_, i) => stats(trees.filter((_t, j) => treePlot[j] === i)));
  const perArea = areas.map((_, i) => stats(trees.filter((_t, j) => treeArea[j] === i)));
  return { trees: trees.length, treePlot, treeArea, areaPlot, colours, statusCounts, project, perPlot, perArea, loadMs };
}
