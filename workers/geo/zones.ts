// Statistics per plot and per irrigation area (issue 13): one row per zone from
// the one statistics engine (computeStatistics), plus the change since the
// compared survey. Used by the worker (the table on the map) and by the server
// (the table's CSV), so both show the same numbers.
import { assignPointsToPolygons } from './assign';
import { CHANGE_KEYS, compareTrees, extraPositions, measureDifferences, changeClasses, type Comparison } from './compare';
import { zoneLabel } from './features';
import type { GeoDataset } from './ingest-geojson';
import type { Analysis } from './pipeline';
import { computeStatistics, type TreeStatistics } from './statistics';

/** A comparison ready to draw: the join, and where the extra trees are. */
export interface PreparedComparison {
  cmp: Comparison;
  other: GeoDataset;
  /** Interleaved lon/lat of the extra trees (drawn after the base trees). */
  extraPositions: Float64Array;
  /** Base plot / irrigation-area index of each extra tree (-1 none), by the same point-in-polygon rule. */
  extraPlot: Int32Array;
  extraArea: Int32Array;
}

export function prepareComparison(base: GeoDataset, other: GeoDataset, otherIsNewer: boolean): PreparedComparison {
  const cmp = compareTrees(base.trees, other.trees, otherIsNewer);
  const pos = extraPositions(cmp);
  return {
    cmp, other, extraPositions: pos,
    extraPlot: assignPointsToPolygons(pos, base.plots.map((p) => p.geometry)),
    extraArea: assignPointsToPolygons(pos, base.irrigationAreas.map((p) => p.geometry)),
  };
}

export interface ZoneChange {
  /** Trees per change class (CHANGE order). */
  counts: number[];
  /** Mean of newer − older over the trees measured in both surveys (null: none). */
  vitality: number | null;
  canopy: number | null;
}

export interface ZoneRow {
  kind: 'plot' | 'area';
  /** The id the server sent (parts of a MultiPolygon are one zone). */
  id: string;
  name: string;
  /** Index of the zone's first part in the dataset's plots / irrigation areas (what the map selects). */
  index: number;
  stats: TreeStatistics;
  change: ZoneChange | null;
}

function changeOf(rows: Uint32Array, extras: number[], classes: Uint8Array, vd: Float32Array, cd: Float32Array, n: number): ZoneChange {
  const counts = new Array<number>(CHANGE_KEYS.length).fill(0);
  const sum = [0, 0], cnt = [0, 0];
  const add = (i: number) => {
    counts[classes[i]]++;
    if (vd[i] === vd[i]) { sum[0] += vd[i]; cnt[0]++; }
    if (cd[i] === cd[i]) { sum[1] += cd[i]; cnt[1]++; }
  };
  for (let j = 0; j < rows.length; j++) add(rows[j]);
  for (const k of extras) add(n + k);
  return { counts, vitality: cnt[0] ? sum[0] / cnt[0] : null, canopy: cnt[1] ? sum[1] / cnt[1] : null };
}

/** Every plot, then every irrigation area, of the survey (vitality classes use the project's range, as the info panel does). */
export function zoneTable(d: GeoDataset, a: Analysis, prepared?: PreparedComparison | null): ZoneRow[] {
  const base = { npkRanges: a.npkRanges, vitalityRange: a.vitalityRange };
  const n = d.trees.length;
  const change = prepared
    ? { classes: changeClasses(prepared.cmp), vd: measureDifferences(prepared.cmp, 'biomass'), cd: measureDifferences(prepared.cmp, 'canopy_diameter') }
    : null;
  const out: ZoneRow[] = [];
  const group = (kind: 'plot' | 'area') => {
    const list = kind === 'plot' ? d.plots : d.irrigationAreas;
    const perPart = kind === 'plot' ? a.treesPerPlot : a.treesPerArea;
    const extraOf = prepared ? (kind === 'plot' ? prepared.extraPlot : prepared.extraArea) : null;
    const parts = new Map<string, number[]>();
    list.forEach((f, i) => {
      const id = String(f.sourceId);
      parts.set(id, [...(parts.get(id) ?? []), i]);
    });
    for (const [id, idx] of parts) {
      const size = idx.reduce((s, i) => s + (perPart[i]?.length ?? 0), 0);
      const rows = new Uint32Array(size);
      let o = 0;
      for (const i of idx) { rows.set(perPart[i] ?? [], o); o += perPart[i]?.length ?? 0; }
      const areas = kind === 'plot' ? a.areaPlot.filter((p) => idx.includes(p)).length : 1;
      const plots = kind === 'plot' ? 1 : (a.areaPlot[idx[0]] ?? -1) >= 0 ? 1 : 0;
      const stats = computeStatistics(d.trees, { ...base, totalPlots: plots, totalIrrigationAreas: areas }, rows);
      const extras: number[] = [];
      if (extraOf) for (let k = 0; k < extraOf.length; k++) if (idx.includes(extraOf[k])) extras.push(k);
      out.push({
        kind, id, index: idx[0], stats,
        name: zoneLabel(list[idx[0]].properties) ?? id,
        change: change ? changeOf(rows, extras, change.classes, change.vd, change.cd, n) : null,
      });
    }
  };
  group('plot');
  group('area');
  return out;
}
