// The legend class of every tree in a colour mode (client.md §5, §9): the one rule behind the colours, the legend
// filter, the statistics' charts and the exports. Scales of N/P/K, relative bands of vitality and canopy.
import { changeClasses, differenceRange, measureDifferences, type Comparison } from './compare';
import { percentilePair } from './select';
import { type Nutrient, type TreeColumns } from './types';
import { isValidMeasure, isValidNutrient } from './values';
import { nutrientRangeClasses, resolveNpkRanges, type ResolvedNpkRanges } from './npk-ranges';
import { isChangeMode, isRangeMode, rangeModeNutrient, type ColourMode, type SurveyMode } from './colour-modes';

export interface NutrientScale {
  min: number;
  max: number;
  step: number;
}
export const NUTRIENT_SCALES: Readonly<Record<Nutrient, NutrientScale>> = {
  n: { min: 0, max: 4, step: 0.25 },
  p: { min: 0, max: 0.2, step: 0.01 },
  k: { min: 0, max: 4, step: 0.25 },
};

export function nutrientClassCount(s: NutrientScale): number {
  return Math.round((s.max - s.min) / s.step);
}

/** Step class of a value: floor((v - min) / step) clamped to the scale (1e-9 absorbs 0.03/0.01 = 2.999…). */
export function nutrientStep(v: number, s: NutrientScale): number {
  const c = Math.floor((v - s.min) / s.step + 1e-9);
  return Math.min(nutrientClassCount(s) - 1, Math.max(0, c));
}

/** Relative bands: under 10% blue, then to 25, 45, 65, 85%, then red. */
export const RELATIVE_THRESHOLDS = [0.1, 0.25, 0.45, 0.65, 0.85] as const;

export interface RelativeRange {
  lo: number;
  hi: number;
  count: number;
  source: 'percentile' | 'minmax' | 'default';
}
export const CANOPY_DEFAULT_MAX = 7;
export const VITALITY_DEFAULT_MAX = 1;

/**
 * Range of the valid values (≥ 0, status ≠ 4): more than 10 values → 5th/95th
 * percentile, otherwise min/max; none → [0, defaultMax] (or `fallback`).
 */
export function relativeRange(
  values: Float32Array,
  status: Uint8Array,
  defaultMax: number,
  fallback?: { min: number | null; max: number | null } | null,
  selection?: Uint32Array | null,
): RelativeRange {
  const n = selection ? selection.length : values.length;
  const scratch = new Float64Array(n);
  let c = 0,
    min = Infinity,
    max = -Infinity;
  for (let j = 0; j < n; j++) {
    const i = selection ? selection[j] : j;
    const v = values[i];
    if (!isValidMeasure(v, status[i])) continue;
    scratch[c++] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (c > 10) {
    const [lo, hi] = percentilePair(scratch, 0.05, 0.95, c);
    return { lo, hi, count: c, source: 'percentile' };
  }
  if (c > 0) return { lo: min, hi: max, count: c, source: 'minmax' };
  const fMin = fallback?.min,
    fMax = fallback?.max;
  if (typeof fMin === 'number' && typeof fMax === 'number' && fMin < fMax) return { lo: fMin, hi: fMax, count: 0, source: 'default' };
  return { lo: 0, hi: defaultMax, count: 0, source: 'default' };
}

/** Band 0..5 of a value in a range; a zero-width range puts everything in the middle band. */
export function relativeBand(v: number, r: Pick<RelativeRange, 'lo' | 'hi'>): number {
  const t = r.hi > r.lo ? (v - r.lo) / (r.hi - r.lo) : 0.5;
  let b = 0;
  while (b < RELATIVE_THRESHOLDS.length && t >= RELATIVE_THRESHOLDS[b]) b++;
  return b;
}

export interface ColourContext {
  biomassRange?: { min: number | null; max: number | null } | null;
  /** The crop ranges of the "vs crop range" modes (defaults when absent). */
  npkRanges?: ResolvedNpkRanges | null;
  /** Legend classes the grower switched off (treeClasses numbers): drawn with alpha 0. */
  hidden?: readonly number[] | null;
  /** Set while comparing: classes cover the drawn trees (base + extra), change modes need it. */
  comparison?: Comparison | null;
}

/** N/P/K: a Missing tree or a tree without the mean is in no class (not drawn). */
export const NO_CLASS = 255;
/** Vitality/canopy: the grey "no value" class after the six bands. */
export const NO_VALUE_CLASS = 6;

export interface TreeClasses {
  classes: Uint8Array;
  range: RelativeRange | null;
}

/**
 * The legend class of every tree in a colour mode, the one rule behind the
 * colours, the legend filter and the exports: status → its code (0..5);
 * N/P/K → the step of the scale, NO_CLASS without a value or when Missing;
 * N/P/K vs crop range → 0 low, 1 optimal, 2 high, NO_CLASS without a value or a range for the crop;
 * vitality/canopy → the relative band 0..5, NO_VALUE_CLASS when invalid.
 */
export function treeClasses(t: TreeColumns, mode: ColourMode, ctx: ColourContext = {}): TreeClasses {
  const cmp = ctx.comparison;
  if (isChangeMode(mode)) {
    if (!cmp) throw new Error(`colour mode ${mode} needs a comparison`);
    if (mode === 'change') return { classes: changeClasses(cmp), range: null };
    const diffs = measureDifferences(cmp, mode === 'vitalityChange' ? 'biomass' : 'canopy_diameter');
    const range = differenceRange(diffs);
    const out = new Uint8Array(diffs.length);
    for (let i = 0; i < diffs.length; i++) out[i] = diffs[i] === diffs[i] ? relativeBand(diffs[i], range) : NO_VALUE_CLASS;
    return { classes: out, range };
  }
  const own = surveyClasses(t, mode, ctx);
  if (!cmp || cmp.join.extra.length === 0) return own;
  // The other survey's extra trees are not part of a one-survey mode: no class, not drawn.
  const padded = new Uint8Array(t.length + cmp.join.extra.length).fill(NO_CLASS);
  padded.set(own.classes);
  return { classes: padded, range: own.range };
}

function surveyClasses(t: TreeColumns, mode: SurveyMode, ctx: ColourContext): TreeClasses {
  const n = t.length,
    st = t.status;
  if (mode === 'status') return { classes: st, range: null };
  if (isRangeMode(mode)) return { classes: nutrientRangeClasses(t, ctx.npkRanges ?? resolveNpkRanges(null), rangeModeNutrient(mode)), range: null };
  const out = new Uint8Array(n);
  if (mode === 'n' || mode === 'p' || mode === 'k') {
    const vals = t.numeric[`${mode}_mean`],
      s = NUTRIENT_SCALES[mode];
    for (let i = 0; i < n; i++) {
      const v = vals[i];
      out[i] = isValidNutrient(v, st[i]) ? nutrientStep(v, s) : NO_CLASS;
    }
    return { classes: out, range: null };
  }
  const vals = mode === 'vitality' ? t.numeric.biomass : t.numeric.canopy_diameter;
  const range = mode === 'vitality' ? relativeRange(vals, st, VITALITY_DEFAULT_MAX, ctx.biomassRange) : relativeRange(vals, st, CANOPY_DEFAULT_MAX);
  return { classes: bandClasses(vals, st, range, out), range };
}

/** The relative band 0..5 of every valid value in a range, NO_VALUE_CLASS for the invalid (vitality, canopy). */
export function bandClasses(
  values: Float32Array,
  status: Uint8Array,
  range: Pick<RelativeRange, 'lo' | 'hi'>,
  out = new Uint8Array(values.length),
): Uint8Array {
  for (let i = 0; i < values.length; i++) out[i] = isValidMeasure(values[i], status[i]) ? relativeBand(values[i], range) : NO_VALUE_CLASS;
  return out;
}

/** Trees per class among the drawn trees of one zone (zoneOf: zone-groups.ts drawnZoneOf): the legend of a selection. */
export function countClasses(classes: Uint8Array, zoneOf: Int32Array, zone: number): Uint32Array {
  const counts = new Uint32Array(256);
  if (zone < 0) return counts;
  for (let i = 0; i < classes.length; i++) if (zoneOf[i] === zone) counts[classes[i]]++;
  return counts;
}
