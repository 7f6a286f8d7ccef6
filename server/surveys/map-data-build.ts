// Builds the map-data payloads of one project from its column arrays: the
// Arrow IPC form (the geo core's encoder over TreeColumns), which is EPSG:4326
// throughout, plots included: the server is a plain column source and the
// worker projects nothing back; the areas and the survey's ranges both forms
// carry. The EPSG:3857 GeoJSON text of client.md §7 is map-data-json.ts's.
import type { Feature, FeatureCollection, Position } from 'geojson';
import {
  DEFAULT_NPK_RANGES,
  TreeColumnsBuilder,
  cropKey,
  encodeMapDataArrow,
  isValidMeasure,
  latToMercatorY,
  lonToMercatorX,
  type AreaGeometry,
  type MapDataResponse,
  type NpkRanges,
  type StringColumn,
  type TreeColumns,
  type TreeProperties,
} from '../../workers/geo';
import { TREE_FIELDS, type AreaRow, type Cell, type ProjectMapRows, type TreeArrays } from './map-data-query';

export interface BuiltMapData {
  json: Buffer;
  arrow: Buffer;
  /** Deduplicated trees (first observation wins), for statistics. */
  trees: TreeColumns;
  treeDuplicates: string[];
  plots: MapDataResponse['plots'];
  irrigationAreas: MapDataResponse['irrigationAreas'];
  biomassRange: { min: number | null; max: number | null };
  npkRanges: NpkRanges;
}

// 3 decimals of a metre: below any survey's precision, and keeps the JSON smaller.
export const round3 = (v: number) => Math.round(v * 1000) / 1000;
const merc = ([lon, lat]: Position): Position => [round3(lonToMercatorX(lon)), round3(latToMercatorY(lat))];

type Crs = 'EPSG:3857' | 'EPSG:4326';

function geometryIn(g: AreaRow['geom'], crs: Crs): AreaGeometry {
  if (crs === 'EPSG:4326') return g as AreaGeometry;
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: (g.coordinates as Position[][]).map((r) => r.map(merc)) };
  return { type: 'MultiPolygon', coordinates: (g.coordinates as Position[][][]).map((p) => p.map((r) => r.map(merc))) };
}

export function plotCollection(rows: AreaRow[], crs: Crs = 'EPSG:3857'): MapDataResponse['plots'] {
  const features: Feature<AreaGeometry, Record<string, unknown>>[] = rows.map((r) => ({
    type: 'Feature',
    id: r.id,
    geometry: geometryIn(r.geom, crs),
    properties: { plot_id: r.id, plot_name: r.name, name: r.name, area: r.area, plot_area: r.area, crop_name: r.crop_name },
  }));
  return { type: 'FeatureCollection', features } as FeatureCollection<AreaGeometry, Record<string, unknown>>;
}

export function areaCollection(rows: AreaRow[], crs: Crs = 'EPSG:3857'): MapDataResponse['irrigationAreas'] {
  const features: Feature<AreaGeometry, Record<string, unknown>>[] = rows.map((r) => ({
    type: 'Feature',
    id: r.id,
    geometry: geometryIn(r.geom, crs),
    properties: { irrigation_area_id: r.id, irrigation_area_name: r.name, name: r.name, plot_id: r.plot_id },
  }));
  return { type: 'FeatureCollection', features } as FeatureCollection<AreaGeometry, Record<string, unknown>>;
}

/** Ranges of the built-in crop table for the crops this project has (keys lowercase, client.md §3). */
export function npkRangesFor(crops: Iterable<Cell>): NpkRanges {
  const out: NpkRanges = {};
  for (const c of crops) {
    const key = cropKey(typeof c === 'string' ? c : null);
    const r = DEFAULT_NPK_RANGES[key];
    if (r && !out[key]) out[key] = { n: { ...r.n }, p: { ...r.p }, k: { ...r.k } };
  }
  return out;
}

/** Min/max biomass over valid values (the geo core's isValidMeasure: numeric, ≥ 0, not Missing; client.md §5). */
export class BiomassRange {
  private min = Infinity;
  private max = -Infinity;

  add(value: Cell, status: Cell): void {
    const v = typeof value === 'number' ? value : NaN;
    if (!isValidMeasure(v, typeof status === 'number' ? status : -1)) return;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  result(): { min: number | null; max: number | null } {
    return this.min <= this.max ? { min: this.min, max: this.max } : { min: null, max: null };
  }
}

/** A duplicate observation (a later row of a tree already seen): dropped from the columns, kept for the ranges. */
export interface DuplicateRow {
  id: string;
  obs: number;
  biomass: number | null;
  status: Cell;
}

/**
 * A survey's trees as its snapshot keeps them: the columns (first observation
 * of each tree), each row's observation id and biomass as read (NaN: none),
 * and the dropped duplicate rows. Built from rows here, or patched
 * (server/snapshots/patch.ts); finishMapArrow makes the same payload of both.
 */
export interface SnapshotTrees {
  columns: TreeColumns;
  obs: Float64Array;
  biomass: Float64Array;
  dups: DuplicateRow[];
}

function grown(a: Float64Array, min: number): Float64Array {
  if (a.length >= min) return a;
  const b = new Float64Array(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}

/** SnapshotTrees from rows fed a chunk at a time (a full read never holds every row as JS values). */
export class SnapshotTreesBuilder {
  private readonly b: TreeColumnsBuilder;
  private obs: Float64Array;
  private biomass: Float64Array;
  private readonly dups: DuplicateRow[] = [];
  private kept = 0;
  // One scratch object reused for every row: the builder only reads it.
  private readonly scratch: Record<string, Cell> = {};

  constructor(capacity = 1024) {
    this.b = new TreeColumnsBuilder(capacity);
    this.obs = new Float64Array(Math.max(1, capacity));
    this.biomass = new Float64Array(Math.max(1, capacity));
  }

  add(trees: TreeArrays): void {
    const { lon, lat, cols, length } = trees;
    this.obs = grown(this.obs, this.kept + length);
    this.biomass = grown(this.biomass, this.kept + length);
    const scratch = this.scratch;
    for (let i = 0; i < length; i++) {
      for (const f of TREE_FIELDS) scratch[f] = cols[f][i];
      const bio = cols.biomass[i];
      if (this.b.push(lon[i], lat[i], scratch as TreeProperties)) {
        this.obs[this.kept] = trees.obs[i];
        this.biomass[this.kept++] = typeof bio === 'number' ? bio : NaN;
      } else {
        this.dups.push({ id: String(cols.tree_id[i]), obs: trees.obs[i], biomass: typeof bio === 'number' ? bio : null, status: cols.tree_status[i] });
      }
    }
  }

  finish(): SnapshotTrees {
    return { columns: this.b.finish().columns, obs: this.obs.slice(0, this.kept), biomass: this.biomass.slice(0, this.kept), dups: this.dups };
  }
}

export function snapshotTrees(trees: TreeArrays): SnapshotTrees {
  const b = new SnapshotTreesBuilder(trees.length);
  b.add(trees);
  return b.finish();
}

/** The biomass range of a snapshot's trees, duplicate rows included as the GeoJSON form has them. */
function snapshotBiomassRange(t: SnapshotTrees): { min: number | null; max: number | null } {
  const range = new BiomassRange();
  for (let i = 0; i < t.biomass.length; i++) range.add(t.biomass[i], t.columns.status[i]);
  for (const d of t.dups) range.add(d.biomass, d.status);
  return range.result();
}

/** The crops of the plots, then of the trees in the order they first appear (as SurveyRanges meets them). */
function snapshotCrops(plots: AreaRow[], crop: StringColumn): Cell[] {
  const out: Cell[] = plots.map((p) => p.crop_name);
  const seen = new Uint8Array(crop.dict.length);
  for (let i = 0; i < crop.codes.length; i++) {
    const c = crop.codes[i];
    if (seen[c]) continue;
    seen[c] = 1;
    out.push(crop.dict[c]);
  }
  return out;
}

/** The areas (EPSG:4326), the ranges and the Arrow form of a snapshot's trees (what the map and the statistics read). */
export function finishMapArrow(t: SnapshotTrees, areas: Pick<ProjectMapRows, 'plots' | 'irrigationAreas'>): Omit<BuiltMapData, 'json'> {
  const duplicates = [...new Set(t.dups.map((d) => d.id))];
  const built = {
    plots: plotCollection(areas.plots, 'EPSG:4326'),
    irrigationAreas: areaCollection(areas.irrigationAreas, 'EPSG:4326'),
    biomassRange: snapshotBiomassRange(t),
    npkRanges: npkRangesFor(snapshotCrops(areas.plots, t.columns.text.crop_name)),
  };
  const arrowBytes = encodeMapDataArrow({ trees: t.columns, treeDuplicates: duplicates, ...built });
  const arrow = Buffer.from(arrowBytes.buffer, arrowBytes.byteOffset, arrowBytes.byteLength);
  return { arrow, trees: t.columns, treeDuplicates: duplicates, ...built };
}

/** The columns, the areas (EPSG:4326) and the Arrow form, from a full read. */
export function buildMapArrow(rows: ProjectMapRows): Omit<BuiltMapData, 'json'> {
  return finishMapArrow(snapshotTrees(rows.trees), rows);
}
