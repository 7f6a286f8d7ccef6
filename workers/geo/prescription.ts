// A variable-rate prescription from a survey (issue 14): zones (plots,
// irrigation areas or grid cells clipped to the plots), each zone's class and
// rate, its area and product quantity. One core for the map's preview (in the
// worker) and the API's ISOXML / shapefile files (in the server's job thread).
//
// Zone class (README "Prescription maps"): the majority class of the zone's
// measured trees (a valid value of the layer and, for N/P/K, a range for the
// tree's crop); a tie goes to the lower class (the deficient side, so a split
// zone is not under-fed). A zone without measured trees gets the default rate.
// Quantity: kg/ha and l/ha × the zone's area; g/tree × the zone's treated trees
// (every tree but Dead and Missing) — which is also how g/tree becomes the
// kg/ha an applicator meters (applied rate).
import type { Position } from 'geojson';
import earcut from 'earcut';
import { bandClasses, rateColourIn } from './colours';
import { areaSquareMeters } from './geodesy';
import { cellOf, farmCells, gridSpec, PrescriptionError, type GridSpec } from './prescription-grid';
import { fieldOutsideZones, OUTSIDE_ZONES_KEY, OUTSIDE_ZONES_NAME } from './prescription-field';
import { layerClasses, MAX_ZONES, quantityUnit, type PrescriptionInput, type RateUnit } from './prescription-input';
import { nutrientRangeClasses } from './npk-ranges';
import type { Analysis } from './pipeline';
import { zoneLabel } from './features';
import { extentOf } from './fit';
import type { GeoDataset } from './ingest-geojson';
import { STATUS_MISSING, type TreeColumns } from './types';

export { PrescriptionError } from './prescription-grid';

const STATUS_DEAD = 3;

export interface PrescriptionZone {
  /** Plot / irrigation-area id, the grid cell "R{row}C{col}" (from 1, south-west first), or "outside" (the field outside every irrigation area). */
  key: string;
  /** The grid cell (row * cols + col, row 0 in the south); -1 for a plot or irrigation area. */
  cell: number;
  name: string;
  /** MultiPolygon coordinates, EPSG:4326. */
  polygons: Position[][][];
  trees: number;
  /** Trees that take product: all but Dead and Missing. */
  treated: number;
  measured: number;
  /** Measured trees per class (layerClasses order). */
  counts: number[];
  /** The zone's class (index into layerClasses), -1 without measured trees and for the field outside every zone. */
  cls: number;
  /** In the input's rate unit. */
  rate: number;
  /** What an applicator meters: kg/ha (kg/ha, g/tree) or l/ha. */
  applied: number;
  areaHa: number;
  /** kg (kg/ha, g/tree) or l (l/ha). */
  quantity: number;
}

export interface RateRow {
  rate: number;
  zones: number;
  areaHa: number;
  trees: number;
  quantity: number;
}

export interface Prescription {
  zones: PrescriptionZone[];
  byRate: RateRow[];
  total: { zones: number; areaHa: number; trees: number; quantity: number; quantityUnit: 'kg' | 'l' };
  /** The grid of unit "grid" (the ISOXML grid uses the same cells). */
  grid: GridSpec | null;
  /** The farm: the plots' polygons (MultiPolygon coordinates, EPSG:4326). */
  boundary: Position[][][];
}

/** Class of every tree in the layer; a class number ≥ the layer's class count means "not measured". */
export function layerTreeClasses(
  t: TreeColumns,
  a: Pick<Analysis, 'npkRanges' | 'vitalityRange' | 'canopyRange'>,
  layer: PrescriptionInput['layer'],
): Uint8Array {
  const st = t.status;
  // The legend's bands over the survey's range (the analysis holds the same range the map colours by).
  if (layer === 'vitality') return bandClasses(t.numeric.biomass, st, a.vitalityRange);
  if (layer === 'canopy') return bandClasses(t.numeric.canopy_diameter, st, a.canopyRange);
  // N/P/K: the class by the tree's crop range (NO_NUTRIENT_CLASS without a value or range: not measured).
  return nutrientRangeClasses(t, a.npkRanges, layer);
}

/** Majority class of the counts; a tie goes to the lower class; -1 when nothing is counted. */
export function majorityClass(counts: readonly number[]): number {
  let best = -1;
  counts.forEach((n, k) => {
    if (n > 0 && (best < 0 || n > counts[best])) best = k;
  });
  return best;
}

interface ZoneShape {
  key: string;
  cell: number;
  name: string;
  polygons: Position[][][];
  /** The field outside every zone: the default rate whatever its trees say. */
  defaultRate?: boolean;
}

function zoneShapes(
  d: Pick<GeoDataset, 'trees' | 'plots' | 'irrigationAreas'>,
  a: Analysis,
  input: PrescriptionInput,
): { shapes: ZoneShape[]; zoneOf: Int32Array; grid: GridSpec | null } {
  const t = d.trees;
  if (!d.plots.length) throw new PrescriptionError('noPlots', 'this survey has no plots to make zones from');
  if (input.unit !== 'grid') {
    const plots = input.unit === 'plot';
    const zones = plots ? a.zones.plots : a.zones.areas;
    const features = plots ? d.plots : d.irrigationAreas;
    if (!zones.length) throw new PrescriptionError('noAreas', 'this survey has no irrigation areas: choose plots or a grid');
    const shapes: ZoneShape[] = zones.map((z) => ({
      key: z.id,
      cell: -1,
      name: zoneLabel(features[z.parts[0]].properties) ?? z.id,
      polygons: z.parts.map((p) => features[p].geometry.coordinates),
    }));
    if (plots) return { shapes, zoneOf: a.zones.treePlot, grid: null };
    // The field the areas leave uncovered is one more zone at the default rate (its trees: in a plot, in no area).
    const outside = fieldOutsideZones(
      d.plots.map((f) => f.geometry.coordinates),
      shapes.flatMap((z) => z.polygons),
    );
    const zoneOf = a.zones.treeArea;
    if (!outside.length) return { shapes, zoneOf, grid: null };
    const rest = shapes.length;
    shapes.push({ key: OUTSIDE_ZONES_KEY, cell: -1, name: OUTSIDE_ZONES_NAME, polygons: outside, defaultRate: true });
    const withRest = Int32Array.from(zoneOf, (z, i) => (z < 0 && a.zones.treePlot[i] >= 0 ? rest : z));
    return { shapes, zoneOf: withRest, grid: null };
  }
  const grid = gridSpec(extentOf(d.plots.map((f) => f.geometry))!, input.gridSize ?? 10);
  const cells = farmCells(grid, d.plots, MAX_ZONES);
  const zoneOfCell = new Map<number, number>();
  const shapes = cells.map((c, z) => {
    zoneOfCell.set(c.index, z);
    const col = c.index % grid.cols,
      row = (c.index - col) / grid.cols;
    const key = `R${row + 1}C${col + 1}`;
    return { key, cell: c.index, name: key, polygons: c.polygons };
  });
  const zoneOf = new Int32Array(t.length).fill(-1),
    pos = t.positions;
  for (let i = 0; i < t.length; i++) {
    const cell = cellOf(grid, pos[2 * i], pos[2 * i + 1]);
    if (cell >= 0) zoneOf[i] = zoneOfCell.get(cell) ?? -1;
  }
  return { shapes, zoneOf, grid };
}

function quantityOf(rate: number, unit: RateUnit, areaHa: number, treated: number): number {
  return unit === 'g/tree' ? (rate * treated) / 1000 : rate * areaHa;
}

export function buildPrescription(d: Pick<GeoDataset, 'trees' | 'plots' | 'irrigationAreas'>, a: Analysis, input: PrescriptionInput): Prescription {
  const t = d.trees;
  const nClasses = layerClasses(input.layer).length;
  if (input.rates.length !== nClasses)
    throw new PrescriptionError('rates', `rates must hold ${nClasses} numbers for layer ${input.layer}`, { count: nClasses, layer: input.layer });
  const { shapes, zoneOf, grid } = zoneShapes(d, a, input);
  const classes = layerTreeClasses(t, a, input.layer);
  const n = shapes.length;
  const counts = new Uint32Array(n * nClasses),
    trees = new Uint32Array(n),
    treated = new Uint32Array(n);
  for (let i = 0; i < t.length; i++) {
    const z = zoneOf[i];
    if (z < 0) continue;
    trees[z]++;
    const s = t.status[i];
    if (s !== STATUS_DEAD && s !== STATUS_MISSING) treated[z]++;
    const k = classes[i];
    if (k < nClasses) counts[z * nClasses + k]++;
  }
  const zones = shapes.map((s, z): PrescriptionZone => {
    const c = Array.from(counts.subarray(z * nClasses, (z + 1) * nClasses));
    const cls = s.defaultRate ? -1 : majorityClass(c);
    const rate = cls < 0 ? input.defaultRate : input.rates[cls];
    const areaHa = areaSquareMeters({ type: 'MultiPolygon', coordinates: s.polygons }) / 10_000;
    const quantity = quantityOf(rate, input.rateUnit, areaHa, treated[z]);
    return {
      key: s.key,
      cell: s.cell,
      name: s.name,
      polygons: s.polygons,
      trees: trees[z],
      treated: treated[z],
      measured: c.reduce((p, q) => p + q, 0),
      counts: c,
      cls,
      rate,
      applied: input.rateUnit === 'g/tree' ? (areaHa > 0 ? quantity / areaHa : 0) : rate,
      areaHa,
      quantity,
    };
  });
  return { zones, ...summarise(zones, input.rateUnit), grid, boundary: d.plots.map((f) => f.geometry.coordinates) };
}

/** The preview's table: area, trees and quantity per rate, and the totals. */
export function summarise(zones: readonly PrescriptionZone[], unit: RateUnit): Pick<Prescription, 'byRate' | 'total'> {
  const rows = new Map<number, RateRow>();
  const total = { zones: zones.length, areaHa: 0, trees: 0, quantity: 0, quantityUnit: quantityUnit(unit) };
  for (const z of zones) {
    let row = rows.get(z.rate);
    if (!row) rows.set(z.rate, (row = { rate: z.rate, zones: 0, areaHa: 0, trees: 0, quantity: 0 }));
    row.zones++;
    row.areaHa += z.areaHa;
    row.trees += z.trees;
    row.quantity += z.quantity;
    total.areaHa += z.areaHa;
    total.trees += z.trees;
    total.quantity += z.quantity;
  }
  return { byRate: [...rows.values()].sort((p, q) => p.rate - q.rate), total };
}

/**
 * What the map's preview draws, triangulated here (earcut) so the main thread
 * only uploads buffers: one polygon per zone part, its rings' vertices in
 * `positions` from startIndices[i], the triangles in `indices` and an RGBA per
 * vertex by the zone's rate (rateColourIn, light = least). Transferred.
 */
export interface PrescriptionShapes {
  count: number;
  startIndices: Uint32Array;
  positions: Float64Array;
  indices: Uint32Array;
  colours: Uint8Array;
}

export interface PrescriptionPreview {
  shapes: PrescriptionShapes;
  byRate: RateRow[];
  total: Prescription['total'];
}

export function previewOf(p: Prescription): PrescriptionPreview {
  const parts = p.zones.flatMap((z) => z.polygons.map((rings) => ({ rings, rate: z.rate })));
  const startIndices = new Uint32Array(parts.length + 1);
  let vertices = 0;
  parts.forEach((x, i) => {
    startIndices[i] = vertices;
    for (const r of x.rings) vertices += r.length;
  });
  startIndices[parts.length] = vertices;
  const positions = new Float64Array(2 * vertices),
    colours = new Uint8Array(4 * vertices);
  const indices: number[] = [];
  parts.forEach((x, i) => {
    const start = startIndices[i],
      flat: number[] = [],
      holes: number[] = [];
    for (const r of x.rings) {
      if (flat.length) holes.push(flat.length / 2);
      for (const [lon, lat] of r) flat.push(lon, lat);
    }
    positions.set(flat, 2 * start);
    const c = rateColourIn(p.byRate, x.rate);
    for (let v = start; v < startIndices[i + 1]; v++) colours.set(c, 4 * v);
    for (const k of earcut(flat, holes)) indices.push(k + start);
  });
  return { shapes: { count: parts.length, startIndices, positions, indices: Uint32Array.from(indices), colours }, byRate: p.byRate, total: p.total };
}

/** The buffers of a preview, to transfer from the worker. */
export const previewBuffers = (p: PrescriptionPreview): ArrayBuffer[] =>
  [p.shapes.startIndices, p.shapes.positions, p.shapes.indices, p.shapes.colours].map((a) => a.buffer as ArrayBuffer);
