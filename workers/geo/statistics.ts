// Tree statistics of client.md §3/§9 (status counts, vitality classes, N/P/K
// aggregates, canopy) plus real N/P/K class counts and canopy buckets. Pure and
// DOM-free: the server computes /api/tree-status-statistics with it.
import { relativeRange, VITALITY_DEFAULT_MAX, type RelativeRange } from './colours';
import { boundsByCropCode, nutrientClassIndex, type ResolvedNpkRanges } from './npk-ranges';
import { STATUS_MISSING, type Nutrient, type StringColumn } from './types';
import { CANOPY_BUCKET_COUNT, canopyBucket, canopyBucketLabel, isValidMeasure, vitalityClass } from './values';

/** English names of the status codes 0–5, the one list (src/domain/tree-status-names.ts reads it); 5 is client.md §3's Unknown with its whitewash label (issue 32). */
export const STATUS_LABELS = ['Healthy', 'Weak', 'Weak-Dead', 'Dead', 'Missing', 'Unknown / whitewash'] as const;

export interface NpkStat {
  avg_value: number | null;
  min_value: number | null;
  max_value: number | null;
  measurement_count: number;
}
export interface NpkClassCounts {
  low: number;
  optimal: number;
  high: number;
  unclassified: number;
}
type ByNutrient<T> = { nitrogen: T; phosphorus: T; potassium: T };

export interface TreeStatistics {
  total_trees: number;
  total_plots: number;
  total_irrigation_areas: number;
  status_counts: { code: number; label: string; count: number }[];
  vitality_stats: { high_vitality: number; medium_vitality: number; low_vitality: number; no_vitality: number };
  npk_stats: ByNutrient<NpkStat>;
  canopy_diameter_stats: { avg_buffer_size: number | null; buffer_measurements: number };
  /** Beyond the spec's shape: counts by crop range (low < lower ≤ optimal ≤ upper < high). */
  npk_classes: ByNutrient<NpkClassCounts>;
  /**
   * Trees by their three classes together (README "NPK combined"): low when any nutrient is low, else high when
   * any is high, else optimal (all three optimal); unclassified when one of the three has no class. Counts trees.
   */
  npk_combined: NpkClassCounts;
  canopy_buckets: { label: string; count: number }[];
  vitality_range: { lo: number; hi: number };
  /** Beyond the spec's shape: mean and standard deviation (population) of each measure's valid values. */
  spread: Record<Measure, Spread>;
}

export type Measure = 'n' | 'p' | 'k' | 'vitality' | 'canopy';
export const MEASURES: readonly Measure[] = ['n', 'p', 'k', 'vitality', 'canopy'];
export interface Spread {
  mean: number | null;
  sd: number | null;
  count: number;
}

/** The columns statistics read; TreeColumns satisfies it, and so can a server query result. */
export interface StatisticsColumns {
  length: number;
  status: Uint8Array;
  numeric: { n_mean: Float32Array; p_mean: Float32Array; k_mean: Float32Array; biomass: Float32Array; canopy_diameter: Float32Array };
  text: { crop_name: StringColumn };
}

export interface StatisticsContext {
  npkRanges: ResolvedNpkRanges;
  totalPlots: number;
  totalIrrigationAreas: number;
  /**
   * Vitality classes are thirds of this range (pass the whole project's range so
   * plots compare fairly); default: the relative range of the selection itself.
   */
  vitalityRange?: Pick<RelativeRange, 'lo' | 'hi'>;
  biomassRange?: { min: number | null; max: number | null } | null;
}

/** The first counter of the combined N/P/K classes (after status, vitality, canopy and 3 × 5 nutrient counters). */
const COMBINED = 6 + 4 + 8 + 15;
/** Counter slots of the vitality classes (high, medium, low; 9 = none). */
const VITALITY_COUNTER = { high: 6, medium: 7, low: 8 } as const;

const NUTRIENTS: [Nutrient, keyof ByNutrient<unknown>][] = [
  ['n', 'nitrogen'],
  ['p', 'phosphorus'],
  ['k', 'potassium'],
];

/**
 * Statistics over `selection` (ascending or not, tree indices) or all trees.
 * Vitality: none = no valid biomass (status 4, missing, negative); otherwise
 * t = (v - lo) / (hi - lo) with t ≥ 2/3 high, ≥ 1/3 medium, else low.
 */
export function computeStatistics(t: StatisticsColumns, ctx: StatisticsContext, selection?: Uint32Array | null): TreeStatistics {
  const m = selection ? selection.length : t.length;
  const st = t.status;
  const vr = ctx.vitalityRange ?? relativeRange(t.numeric.biomass, st, VITALITY_DEFAULT_MAX, ctx.biomassRange, selection);
  const bio = t.numeric.biomass,
    can = t.numeric.canopy_diameter,
    crop = t.text.crop_name.codes;
  const vals = [t.numeric.n_mean, t.numeric.p_mean, t.numeric.k_mean];
  const bounds = NUTRIENTS.map(([nut]) => boundsByCropCode(ctx.npkRanges, t.text.crop_name, nut));
  // counters: status 0..5 | vitality high, medium, low, none | canopy buckets 0..7 | per nutrient low, opt, high,
  // unclassified, count | combined low, optimal, high, unclassified
  const counts = new Float64Array(COMBINED + 4);
  // sums / sums of squares / counts: n, p, k, vitality, canopy (the canopy count is the buckets' total)
  const sums = new Float64Array(5),
    squares = new Float64Array(5);
  let vCount = 0;
  const mins = new Float64Array(3).fill(Infinity),
    maxs = new Float64Array(3).fill(-Infinity);
  // One pass over the selection; typed counters keep the loop free of allocations.
  for (let j = 0; j < m; j++) {
    const i = selection === null || selection === undefined ? j : selection[j];
    const s = st[i];
    counts[s < 6 ? s : 5]++;
    if (s === STATUS_MISSING) {
      counts[9]++;
      continue;
    }
    const b = bio[i];
    if (isValidMeasure(b, s)) {
      sums[4] += b;
      squares[4] += b * b;
      vCount++;
      counts[VITALITY_COUNTER[vitalityClass(b, vr)]]++;
    } else counts[9]++;
    const c = can[i];
    if (isValidMeasure(c, s)) {
      sums[3] += c;
      squares[3] += c * c;
      counts[10 + canopyBucket(c)]++;
    }
    const code = crop[i];
    // Per tree: the lowest and highest class of its three nutrients, and how many were classified.
    let classified = 0,
      lowest = 2,
      highest = 0;
    for (let k = 0; k < 3; k++) {
      const v = vals[k][i];
      if (v !== v) continue;
      sums[k] += v;
      squares[k] += v * v;
      if (v < mins[k]) mins[k] = v;
      if (v > maxs[k]) maxs[k] = v;
      const cls = nutrientClassIndex(v, bounds[k].lower[code], bounds[k].upper[code]),
        o = 18 + 5 * k;
      counts[o + 4]++;
      counts[cls < 0 ? o + 3 : o + cls]++;
      if (cls < 0) continue;
      classified++;
      if (cls < lowest) lowest = cls;
      if (cls > highest) highest = cls;
    }
    // Combined (README "NPK combined"): a tree counts once, optimal only when all three are optimal.
    counts[COMBINED + (classified < 3 ? 3 : lowest === 0 ? 0 : highest === 2 ? 2 : 1)]++;
  }
  const status = Array.from(counts.subarray(0, 6));
  const buckets = Array.from(counts.subarray(10, 10 + CANOPY_BUCKET_COUNT));
  let cCount = 0;
  for (const b of buckets) cCount += b;
  const cSum = sums[3];
  const [vHigh, vMed, vLow, vNone] = counts.subarray(6, 10);
  const npk = {} as ByNutrient<NpkStat>;
  const classes = {} as ByNutrient<NpkClassCounts>;
  NUTRIENTS.forEach(([, key], k) => {
    const o = 18 + 5 * k,
      count = counts[o + 4];
    npk[key] = count
      ? { avg_value: sums[k] / count, min_value: mins[k], max_value: maxs[k], measurement_count: count }
      : { avg_value: null, min_value: null, max_value: null, measurement_count: 0 };
    classes[key] = { low: counts[o], optimal: counts[o + 1], high: counts[o + 2], unclassified: counts[o + 3] };
  });
  return {
    total_trees: m,
    total_plots: ctx.totalPlots,
    total_irrigation_areas: ctx.totalIrrigationAreas,
    status_counts: STATUS_LABELS.map((label, code) => ({ code, label, count: status[code] })),
    vitality_stats: { high_vitality: vHigh, medium_vitality: vMed, low_vitality: vLow, no_vitality: vNone },
    npk_stats: npk,
    canopy_diameter_stats: { avg_buffer_size: cCount ? cSum / cCount : null, buffer_measurements: cCount },
    npk_classes: classes,
    npk_combined: { low: counts[COMBINED], optimal: counts[COMBINED + 1], high: counts[COMBINED + 2], unclassified: counts[COMBINED + 3] },
    canopy_buckets: buckets.map((count, k) => ({ label: canopyBucketLabel(k), count })),
    vitality_range: { lo: vr.lo, hi: vr.hi },
    spread: {
      n: spread(sums[0], squares[0], counts[22]),
      p: spread(sums[1], squares[1], counts[27]),
      k: spread(sums[2], squares[2], counts[32]),
      vitality: spread(sums[4], squares[4], vCount),
      canopy: spread(sums[3], squares[3], cCount),
    },
  };
}

function spread(sum: number, squares: number, count: number): Spread {
  if (!count) return { mean: null, sd: null, count: 0 };
  const mean = sum / count;
  return { mean, sd: Math.sqrt(Math.max(0, squares / count - mean * mean)), count };
}
