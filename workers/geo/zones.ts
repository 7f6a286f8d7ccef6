// Statistics per plot and per irrigation area (issue 13): one row per zone,
// taken from the survey statistics engine (survey-statistics.ts, the server's
// statistics response) over the one zone grouping, plus the change since the
// compared survey. Used by the worker (the table on the map) and by the server
// (the table's CSV), so both show the same numbers as the info panel.
import { CHANGE_KEYS, compareTrees, extraPositions, measureDifferences, changeClasses, type Comparison } from './compare';
import type { GeoDataset } from './ingest-geojson';
import type { Analysis } from './pipeline';
import type { TreeStatistics } from './statistics';
import { surveyStatistics, type SurveyStatistics } from './survey-statistics';
import { placeRows } from './zone-groups';

/** A comparison ready to draw: the join, and where the extra trees are. */
export interface PreparedComparison {
  cmp: Comparison;
  other: GeoDataset;
  /** Interleaved lon/lat of the extra trees (drawn after the base trees). */
  extraPositions: Float64Array;
  /** Base plot / irrigation-area zone of each extra tree (-1 none), by the one grouping rule. */
  extraPlot: Int32Array;
  extraArea: Int32Array;
}

export function prepareComparison(base: GeoDataset, other: GeoDataset, otherIsNewer: boolean): PreparedComparison {
  const cmp = compareTrees(base.trees, other.trees, otherIsNewer);
  const placed = placeRows(other.trees, cmp.join.extra, base);
  return { cmp, other, extraPositions: extraPositions(cmp), extraPlot: placed.plot, extraArea: placed.area };
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
  const sum = [0, 0],
    cnt = [0, 0];
  const add = (i: number) => {
    counts[classes[i]]++;
    if (vd[i] === vd[i]) {
      sum[0] += vd[i];
      cnt[0]++;
    }
    if (cd[i] === cd[i]) {
      sum[1] += cd[i];
      cnt[1]++;
    }
  };
  for (let j = 0; j < rows.length; j++) add(rows[j]);
  for (const k of extras) add(n + k);
  return { counts, vitality: cnt[0] ? sum[0] / cnt[0] : null, canopy: cnt[1] ? sum[1] / cnt[1] : null };
}

/**
 * Every plot, then every irrigation area, of the survey (vitality classes use the project's range, as the info
 * panel does). `stats`: the survey's statistics when the caller has them already.
 */
export function zoneTable(
  d: GeoDataset,
  a: Analysis,
  prepared?: PreparedComparison | null,
  stats: SurveyStatistics = surveyStatistics(d, a.zones, a),
): ZoneRow[] {
  const g = a.zones,
    n = d.trees.length;
  const change = prepared
    ? { classes: changeClasses(prepared.cmp), vd: measureDifferences(prepared.cmp, 'biomass'), cd: measureDifferences(prepared.cmp, 'canopy_diameter') }
    : null;
  const extrasOf = (zoneOf: Int32Array | undefined, count: number) => {
    const out = Array.from({ length: count }, () => [] as number[]);
    if (zoneOf) zoneOf.forEach((z, k) => z >= 0 && out[z].push(k));
    return out;
  };
  const rows = (kind: 'plot' | 'area'): ZoneRow[] => {
    const zones = kind === 'plot' ? g.plots : g.areas;
    const extras = extrasOf(kind === 'plot' ? prepared?.extraPlot : prepared?.extraArea, zones.length);
    return zones.map((z, i) => {
      const s = kind === 'plot' ? stats.plots[i] : stats.irrigation_areas[i];
      return {
        kind,
        id: z.id,
        index: z.parts[0],
        stats: s.statistics,
        name: s.name || z.id,
        change: change ? changeOf(z.rows, extras[i], change.classes, change.vd, change.cd, n) : null,
      };
    });
  };
  return [...rows('plot'), ...rows('area')];
}
