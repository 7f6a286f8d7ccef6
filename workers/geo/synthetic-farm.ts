// Deterministic synthetic farm in the map-data shape (EPSG:3857), used by the
// benchmarks and tests: plots on a grid (some MultiPolygon), several irrigation
// strips per plot, trees in rows 5 m apart, realistic gaps and oddities
// (missing values, "N/A" text, unknown status, duplicate and missing ids,
// a few trees outside every plot). Each tree's plot_id / irrigation_area_id is
// what our server stores: the zone that holds it (storeZoneIds), none outside.
import type { Feature, Point, Position } from 'geojson';
import { assignPointsToPolygons } from './assign';
import { normalizeAreas } from './features';
import { latToMercatorY, lonToMercatorX, mercatorXToLon, mercatorYToLat } from './projection';
import type { AreaGeometry, IrrigationAreaProperties, MapDataResponse, PlotProperties, TreeProperties } from './types';

export interface FarmOptions {
  trees: number;
  plots?: number;
  areasPerPlot?: number;
  seed?: number;
}

const CROPS = [
  'avocado',
  'palm',
  'almond',
  'mango',
  'lemon',
  'banana',
  'orange',
  'pomela',
  'grapefruit',
  'pear',
  'olive',
  'pomegranate',
  'pomegranate_wonderful',
];
const STEP = 0.000045; // ≈ 5 m in degrees

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const m = (lon: number, lat: number): Position => [lonToMercatorX(lon), latToMercatorY(lat)];

/** Rectangle with extra, slightly outward-jittered vertices on each edge (~17 vertices). */
function plotRing(x0: number, y0: number, x1: number, y1: number, rnd: () => number, j: number): Position[] {
  const pts: Position[] = [];
  const side = (ax: number, ay: number, bx: number, by: number, nx: number, ny: number) => {
    for (let k = 0; k < 4; k++) {
      const t = k / 4,
        o = k === 0 ? 0 : rnd() * j;
      pts.push(m(ax + (bx - ax) * t + nx * o, ay + (by - ay) * t + ny * o));
    }
  };
  side(x0, y0, x1, y0, 0, -1);
  side(x1, y0, x1, y1, 1, 0);
  side(x1, y1, x0, y1, 0, 1);
  side(x0, y1, x0, y0, -1, 0);
  pts.push(pts[0]);
  return pts;
}

const rectM = (x0: number, y0: number, x1: number, y1: number): Position[] => [m(x0, y0), m(x1, y0), m(x1, y1), m(x0, y1), m(x0, y0)];

export function syntheticFarm(opts: FarmOptions): MapDataResponse {
  const rnd = mulberry32(opts.seed ?? 42);
  const P = opts.plots ?? 30,
    A = opts.areasPerPlot ?? 4,
    N = opts.trees;
  const perPlot = Math.ceil(N / P);
  const cols = Math.max(1, Math.ceil(Math.sqrt(perPlot)));
  const rows = Math.max(1, Math.ceil(perPlot / cols));
  const w = (cols + 1) * STEP,
    h = (rows + 1) * STEP,
    gridCols = Math.ceil(Math.sqrt(P));
  const plots: Feature<AreaGeometry, PlotProperties>[] = [];
  const areas: Feature<AreaGeometry, IrrigationAreaProperties>[] = [];
  const trees: Feature<Point, TreeProperties>[] = [];
  let treeNo = 0;
  for (let p = 0; p < P && treeNo < N; p++) {
    const x0 = 35 + (p % gridCols) * (w + 20 * STEP),
      y0 = 32 + Math.floor(p / gridCols) * (h + 20 * STEP);
    const ring = plotRing(x0, y0, x0 + w, y0 + h, rnd, 3 * STEP);
    // every 10th plot also owns a small detached block → MultiPolygon (split to _poly0/_poly1)
    const geometry: AreaGeometry =
      p % 10 === 9
        ? { type: 'MultiPolygon', coordinates: [[ring], [rectM(x0 - 8 * STEP, y0, x0 - 3 * STEP, y0 + 5 * STEP)]] }
        : { type: 'Polygon', coordinates: [ring] };
    const crop = CROPS[p % CROPS.length];
    plots.push({
      type: 'Feature',
      properties: { plot_id: p + 1, plot_name: `Plot ${p + 1}`, name: `Plot ${p + 1}`, plot_area: 12.5, crop_name: crop },
      geometry,
    });
    for (let a = 0; a < A; a++) {
      const ax0 = x0 + (a * w) / A,
        ax1 = x0 + ((a + 1) * w) / A;
      areas.push({
        type: 'Feature',
        properties: { irrigation_area_id: p * A + a + 1, irrigation_area_name: `Valve ${a + 1}`, plot_id: p + 1 },
        geometry: { type: 'Polygon', coordinates: [rectM(ax0, y0, ax1, y0 + h)] },
      });
    }
    for (let k = 0; k < perPlot && treeNo < N; k++, treeNo++) {
      const r = Math.floor(k / cols),
        c = k % cols;
      const outside = rnd() < 0.005;
      const lon = outside ? x0 - 12 * STEP : x0 + (c + 1) * STEP + (rnd() - 0.5) * 0.2 * STEP;
      const lat = y0 + (r + 1) * STEP + (rnd() - 0.5) * 0.2 * STEP;
      const u = rnd();
      const id = u < 0.001 ? null : u < 0.002 ? Math.max(1, treeNo - 1) : treeNo + 1;
      const s = rnd();
      const status = s < 0.7 ? 0 : s < 0.8 ? 1 : s < 0.86 ? 2 : s < 0.9 ? 3 : s < 0.94 ? 4 : s < 0.97 ? 5 : null;
      const miss = rnd() < 0.05;
      const n = miss ? null : 1 + rnd() * 2,
        pp = miss ? 'N/A' : 0.05 + rnd() * 0.2,
        kk = miss ? null : 0.5 + rnd() * 2;
      const canopy = rnd() < 0.03 ? 'null' : 1 + rnd() * 7,
        biomass = rnd() < 0.03 ? null : rnd() * 1.2;
      trees.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: m(lon, lat) },
        properties: {
          tree_id: id,
          row_num: r + 1,
          tree_num: c + 1,
          planting_date: `${2008 + (p % 12)}-03-01`,
          tree_status: status,
          crop_name: crop,
          n_mean: n,
          p_mean: pp,
          k_mean: kk,
          n_label: n === null ? null : n.toFixed(2),
          p_label: typeof pp === 'number' ? pp.toFixed(2) : null,
          k_label: kk === null ? null : kk.toFixed(2),
          n_classification: n === null ? null : n < 1.6 ? 'low' : n > 2 ? 'high' : 'optimal',
          p_classification: 'optimal',
          k_classification: 'optimal',
          n_classification_label: 'N',
          p_classification_label: 'P',
          k_classification_label: 'K',
          canopy_diameter: canopy,
          canopy_diameter_label: typeof canopy === 'number' ? `${canopy.toFixed(1)} m` : null,
          canopy_classification: typeof canopy === 'number' ? Math.min(7, Math.floor(canopy)) : null,
          canopy_classification_label: null,
          biomass,
          biomass_label: biomass === null ? null : biomass.toFixed(2),
          irrigation_area_id: p * A + Math.min(A - 1, Math.floor((c * A) / cols)) + 1,
          plot_id: p + 1,
        },
      });
    }
  }
  const farm = {
    plots: { type: 'FeatureCollection' as const, features: plots },
    irrigationAreas: { type: 'FeatureCollection' as const, features: areas },
    trees: { type: 'FeatureCollection' as const, features: trees },
    biomassRange: { min: 0, max: 1.2 },
    npkRanges: { avocado: { n: { lower: 1.7, upper: 2.1 } } },
  };
  storeZoneIds(farm);
  return farm;
}

/** Sets each tree's plot_id / irrigation_area_id the way the server assigns them when trees are written. */
function storeZoneIds(farm: Pick<MapDataResponse, 'plots' | 'irrigationAreas' | 'trees'>): void {
  const trees = farm.trees.features;
  const pos = new Float64Array(2 * trees.length);
  trees.forEach((t, i) => {
    const [x, y] = t.geometry!.coordinates;
    pos[2 * i] = mercatorXToLon(x);
    pos[2 * i + 1] = mercatorYToLat(y);
  });
  for (const [fc, kind, idField] of [
    [farm.plots, 'plot', 'plot_id'],
    [farm.irrigationAreas, 'irrigation area', 'irrigation_area_id'],
  ] as const) {
    const zones = normalizeAreas(fc, { kind, idField, fromMercator: true }).features;
    const at = assignPointsToPolygons(
      pos,
      zones.map((z) => z.geometry),
    );
    trees.forEach((t, i) => {
      (t.properties as Record<string, unknown>)[idField] = at[i] >= 0 ? zones[at[i]].sourceId : null;
    });
  }
}
