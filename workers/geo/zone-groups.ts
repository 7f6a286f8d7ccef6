// Which plot and which irrigation area each tree belongs to: the ONE grouping
// rule behind the info panel (server statistics), the legend counts of a
// selection, the areas table, the tree list and the exports.
//
// Rule: a tree belongs to the zone its stored plot_id / irrigation_area_id
// names (the server assigns them when a tree or a boundary is written), when
// that zone is part of the survey. Only a tree without such an id is placed by
// point-in-polygon (a GeoJSON from elsewhere, a tree stored outside every plot),
// so a survey written by our server needs no per-tree geometry work at all.
// An irrigation area's plot is its stored plot_id, else the plot holding most
// of its vertices. The parts of a MultiPolygon are one zone.
import { assignPointsToPolygons, assignPolygonsToParents, groupIndices } from './assign';
import type { AreaFeature, StringColumn, TreeColumns } from './types';

export interface Zone {
  /** The id the server sent (String of the feature's sourceId). */
  id: string;
  /** Indices of the zone's parts in the dataset's plots / irrigation areas (parts[0] is what the map selects). */
  parts: number[];
  /** Tree indices (ascending) of the zone. */
  rows: Uint32Array;
}

export interface ZoneGrouping {
  plots: Zone[];
  areas: Zone[];
  /** Zone index per tree (-1: none). */
  treePlot: Int32Array;
  treeArea: Int32Array;
  /** Zone index of each part (feature index → zone index). */
  plotOfPart: Int32Array;
  areaOfPart: Int32Array;
  /** Plot zone of each irrigation-area zone (-1: none). */
  areaPlot: Int32Array;
}

interface ZoneIndex {
  zones: Omit<Zone, 'rows'>[];
  byId: Map<string, number>;
  ofPart: Int32Array;
}

function indexZones(features: readonly AreaFeature[]): ZoneIndex {
  const zones: Omit<Zone, 'rows'>[] = [];
  const byId = new Map<string, number>();
  const ofPart = new Int32Array(features.length);
  features.forEach((f, i) => {
    const id = String(f.sourceId);
    let z = byId.get(id);
    if (z === undefined) {
      byId.set(id, (z = zones.length));
      zones.push({ id, parts: [] });
    }
    zones[z].parts.push(i);
    ofPart[i] = z;
  });
  return { zones, byId, ofPart };
}

/**
 * Zone index of each listed row of `stored` (a survey's plot_id or
 * irrigation_area_id column): the zone the stored id names, else the zone
 * whose polygon holds the tree's position. `rows` null = every row.
 */
function assignRows(
  stored: StringColumn,
  positions: Float64Array,
  rows: ArrayLike<number> | null,
  zones: ZoneIndex,
  features: readonly AreaFeature[],
): Int32Array {
  const m = rows ? rows.length : stored.codes.length;
  const codeZone = Int32Array.from(stored.dict, (s) => (s === '' ? -1 : (zones.byId.get(s) ?? -1)));
  const out = new Int32Array(m);
  const unplaced: number[] = [];
  for (let j = 0; j < m; j++) {
    const z = codeZone[stored.codes[rows ? rows[j] : j]];
    out[j] = z;
    if (z < 0) unplaced.push(j);
  }
  if (unplaced.length && features.length) {
    const pos = new Float64Array(2 * unplaced.length);
    unplaced.forEach((j, k) => {
      const i = rows ? rows[j] : j;
      pos[2 * k] = positions[2 * i];
      pos[2 * k + 1] = positions[2 * i + 1];
    });
    const part = assignPointsToPolygons(
      pos,
      features.map((f) => f.geometry),
    );
    unplaced.forEach((j, k) => (out[j] = part[k] >= 0 ? zones.ofPart[part[k]] : -1));
  }
  return out;
}

export interface ZoneSource {
  trees: Pick<TreeColumns, 'length' | 'positions' | 'text'>;
  plots: readonly AreaFeature[];
  irrigationAreas: readonly AreaFeature[];
}

/** The grouping of a survey's trees into its plots and irrigation areas (rule above). */
export function groupZones(d: ZoneSource): ZoneGrouping {
  const p = indexZones(d.plots),
    a = indexZones(d.irrigationAreas);
  const t = d.trees;
  const treePlot = assignRows(t.text.plot_id, t.positions, null, p, d.plots);
  const treeArea = assignRows(t.text.irrigation_area_id, t.positions, null, a, d.irrigationAreas);
  const plotRows = groupIndices(treePlot, p.zones.length),
    areaRows = groupIndices(treeArea, a.zones.length);
  let byVertex: Int32Array | null = null; // only when an area has no stored plot of this survey
  const areaPlot = Int32Array.from(a.zones, (z) => {
    const stored = (d.irrigationAreas[z.parts[0]].properties as Record<string, unknown> | null)?.plot_id;
    const named = stored === null || stored === undefined ? undefined : p.byId.get(String(stored));
    if (named !== undefined) return named;
    byVertex ??= assignPolygonsToParents(
      d.irrigationAreas.map((f) => f.geometry),
      d.plots.map((f) => f.geometry),
    );
    const part = byVertex[z.parts[0]];
    return part >= 0 ? p.ofPart[part] : -1;
  });
  return {
    plots: p.zones.map((z, i) => ({ ...z, rows: plotRows[i] })),
    areas: a.zones.map((z, i) => ({ ...z, rows: areaRows[i] })),
    treePlot,
    treeArea,
    plotOfPart: p.ofPart,
    areaOfPart: a.ofPart,
    areaPlot,
  };
}

/** The zone of every drawn tree: ours, then a comparison's extra trees (their zones in our grouping). */
export function drawnZoneOf(ours: Int32Array, extra?: Int32Array | null): Int32Array {
  if (!extra?.length) return ours;
  const out = new Int32Array(ours.length + extra.length);
  out.set(ours);
  out.set(extra, ours.length);
  return out;
}

/** The zones of another survey's trees (a comparison's extra trees) in this survey's grouping. */
export function placeRows(
  other: Pick<TreeColumns, 'positions' | 'text'>,
  rows: ArrayLike<number>,
  d: Pick<ZoneSource, 'plots' | 'irrigationAreas'>,
): { plot: Int32Array; area: Int32Array } {
  return {
    plot: assignRows(other.text.plot_id, other.positions, rows, indexZones(d.plots), d.plots),
    area: assignRows(other.text.irrigation_area_id, other.positions, rows, indexZones(d.irrigationAreas), d.irrigationAreas),
  };
}
