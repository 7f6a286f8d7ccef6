// Tree statistics of client.md §3/§9 (status counts, vitality classes, N/P/K
// aggregates, canopy) plus real N/P/K class counts and canopy buckets. Pure and
// DOM-free: the server computes /api/tree-status-statistics with it.
import { relativeRange, VITALITY_DEFAULT_MAX, type RelativeRange } from './colours';
import { boundsByCropCode, type ResolvedNpkRanges } from './npk-ranges';
import { STATUS_MISSING, type Nutrient, type StringColumn } from './types';

export const STATUS_LABELS = ['Healthy', 'Weak', 'Weak-Dead', 'Dead', 'Missing', 'Unknown'] as const;
export const CANOPY_BUCKETS = ['0-1', '1-2', '2-3', '3-4', '4-5', '5-6', '6-7', '7m+'] as const;

export interface NpkStat { avg_value: number | null; min_value: number | null; max_value: number | null; measurement_count: number }
export interface NpkClassCounts { low: number; optimal: number; high: number; unclassified: number }
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
  canopy_buckets: { label: string; count: number }[];
  vitality_range: { lo: number; hi: number };
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

const NUTRIENTS: [Nutrient, keyof ByNutrient<unknown>][] = [['n', 'nitrogen'], ['p', 'phosphorus'], ['k', 'potassium']];

/**
 * Statistics over `selection` (ascending or not, tree indices) or all trees.
 * Vitality: none = no valid biomass (status 4, missing, negative); otherwise
 * t = (v - lo) / (hi - lo) with t ≥ 2/3 high, ≥ 1/3 medium, else low.
 */
export function computeStatistics(t: StatisticsColumns, ctx: StatisticsContext, selection?: Uint32Array | null): TreeStatistics {
  const m = selection ? selection.length : t.length;
  const st = t.status;
  const status = new Array<number>(6).fill(0);
  const buckets = new Array<number>(8).fill(0);
  const vr = ctx.vitalityRange ?? relativeRange(t.numeric.biomass, st, VITALITY_DEFAULT_MAX, ctx.biomassRange, selection);
  const vSpan = vr.hi - vr.lo;
  let vHigh = 0, vMed = 0, vLow = 0, vNone = 0, cSum = 0, cCount = 0;
  const bio = t.numeric.biomass, can = t.numeric.canopy_diameter;
  for (let j = 0; j < m; j++) {
    const i = selection ? selection[j] : j;
    const s = st[i];
    status[s < 6 ? s : 5]++;
    const b = bio[i];
    if (b >= 0 && s !== STATUS_MISSING) {
      const tt = vSpan > 0 ? (b - vr.lo) / vSpan : 0.5;
      if (tt >= 2 / 3) vHigh++; else if (tt >= 1 / 3) vMed++; else vLow++;
    } else vNone++;
    const c = can[i];
    if (c >= 0 && s !== STATUS_MISSING) {
      cSum += c; cCount++;
      buckets[c < 7 ? Math.floor(c) : 7]++;
    }
  }
  const npk = {} as ByNutrient<NpkStat>;
  const classes = {} as ByNutrient<NpkClassCounts>;
  for (const [nut, key] of NUTRIENTS) {
    const vals = t.numeric[`${nut}_mean`];
    const crop = t.text.crop_name;
    const { lower, upper } = boundsByCropCode(ctx.npkRanges, crop, nut);
    let sum = 0, count = 0, min = Infinity, max = -Infinity, low = 0, opt = 0, high = 0, unc = 0;
    for (let j = 0; j < m; j++) {
      const i = selection ? selection[j] : j;
      const v = vals[i];
      if (v !== v || st[i] === STATUS_MISSING) continue;
      sum += v; count++;
      if (v < min) min = v;
      if (v > max) max = v;
      const code = crop.codes[i], lo = lower[code], up = upper[code];
      if (!(lo < up)) unc++; else if (v < lo) low++; else if (v > up) high++; else opt++;
    }
    npk[key] = count ? { avg_value: sum / count, min_value: min, max_value: max, measurement_count: count }
      : { avg_value: null, min_value: null, max_value: null, measurement_count: 0 };
    classes[key] = { low, optimal: opt, high, unclassified: unc };
  }
  return {
    total_trees: m,
    total_plots: ctx.totalPlots,
    total_irrigation_areas: ctx.totalIrrigationAreas,
    status_counts: STATUS_LABELS.map((label, code) => ({ code, label, count: status[code] })),
    vitality_stats: { high_vitality: vHigh, medium_vitality: vMed, low_vitality: vLow, no_vitality: vNone },
    npk_stats: npk,
    canopy_diameter_stats: { avg_buffer_size: cCount ? cSum / cCount : null, buffer_measurements: cCount },
    npk_classes: classes,
    canopy_buckets: CANOPY_BUCKETS.map((label, k) => ({ label, count: buckets[k] })),
    vitality_range: { lo: vr.lo, hi: vr.hi },
  };
}
