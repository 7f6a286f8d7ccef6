// Colour modes of the tree layer (client.md §3, §5, §9). Each returns a new
// RGBA Uint8Array (4 bytes per tree); positions are never touched.
import { changeClasses, differenceRange, measureDifferences, type Comparison } from './compare';
import { percentilePair } from './select';
import { type Nutrient, type TreeColumns } from './types';
import { isValidMeasure, isValidNutrient, type VitalityClass } from './values';
import { nutrientRangeClasses, resolveNpkRanges, type ResolvedNpkRanges } from './npk-ranges';

/** Modes of one survey: N/P/K on the spec's fixed scales (client.md §9), or against the tree's crop range (nRange…). */
export type RangeMode = 'nRange' | 'pRange' | 'kRange';
export type SurveyMode = 'status' | 'n' | 'p' | 'k' | RangeMode | 'vitality' | 'canopy';
/** Modes of a comparison of two surveys (compare.ts): change class, vitality and canopy change. */
export type ChangeMode = 'change' | 'vitalityChange' | 'canopyChange';
export type ColourMode = SurveyMode | ChangeMode;
export const COLOUR_MODES: readonly SurveyMode[] = ['status', 'n', 'p', 'k', 'nRange', 'pRange', 'kRange', 'vitality', 'canopy'];
const RANGE_NUTRIENT: Readonly<Record<RangeMode, Nutrient>> = { nRange: 'n', pRange: 'p', kRange: 'k' };
export const isRangeMode = (m: ColourMode): m is RangeMode => m in RANGE_NUTRIENT;
/** The nutrient of a "vs crop range" mode. */
export const rangeModeNutrient = (m: RangeMode): Nutrient => RANGE_NUTRIENT[m];
export const CHANGE_MODES: readonly ChangeMode[] = ['change', 'vitalityChange', 'canopyChange'];
export const ALL_COLOUR_MODES: readonly ColourMode[] = [...COLOUR_MODES, ...CHANGE_MODES];
export const isChangeMode = (m: ColourMode): m is ChangeMode => (CHANGE_MODES as readonly string[]).includes(m);
export type Rgba = readonly [number, number, number, number];

/** 0 green, 1 yellow, 2 orange, 3 red, 4 black, 5 white; 6 grey (statistics only). */
export const STATUS_COLOURS: readonly Rgba[] = [
  [46, 204, 64, 255],
  [255, 220, 0, 255],
  [255, 133, 27, 255],
  [255, 65, 54, 255],
  [0, 0, 0, 255],
  [255, 255, 255, 255],
  [170, 170, 170, 255],
];
/** A CSS colour of an RGBA colour (the legend's swatches, the charts, the report). */
export const cssColour = (c: Rgba): string => `rgb(${c[0]} ${c[1]} ${c[2]})`;
export const NO_VALUE_GREY: Rgba = [0xb2, 0xba, 0xbb, 255];
export const HIDDEN: Rgba = [0, 0, 0, 0];

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

// Red → yellow → green (ColorBrewer RdYlGn ends): low leaf content reads as a problem.
const RAMP: readonly Rgba[] = [
  [215, 48, 39, 255],
  [254, 224, 139, 255],
  [26, 152, 80, 255],
];

/** Linear interpolation through colour stops, t in 0..1 (clamped). */
function rampOf(stops: readonly Rgba[], t: number): Rgba {
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i,
    a = stops[i],
    b = stops[i + 1];
  return [Math.round(a[0] + f * (b[0] - a[0])), Math.round(a[1] + f * (b[1] - a[1])), Math.round(a[2] + f * (b[2] - a[2])), 255];
}
const ramp = (t: number) => rampOf(RAMP, t);

// Prescription rates, light (least product) → dark green (most): ColorBrewer YlGn.
const RATE_RAMP: readonly Rgba[] = [
  [255, 255, 204, 255],
  [120, 198, 121, 255],
  [0, 104, 55, 255],
];

/** Colour of a prescription rate between the lowest and highest rate of the map (the preview and its table). */
function rateColour(rate: number, lo: number, hi: number): Rgba {
  return rampOf(RATE_RAMP, hi > lo ? (rate - lo) / (hi - lo) : 1);
}

/** A prescription rate's colour on the map and in its table, among its rates (ascending): light = lowest, dark = highest. */
export function rateColourIn(rates: readonly { rate: number }[], rate: number): Rgba {
  return rateColour(rate, rates[0]?.rate ?? 0, rates[rates.length - 1]?.rate ?? 0);
}

export function nutrientClassCount(s: NutrientScale): number {
  return Math.round((s.max - s.min) / s.step);
}

/** Step class of a value: floor((v - min) / step) clamped to the scale (1e-9 absorbs 0.03/0.01 = 2.999…). */
export function nutrientStep(v: number, s: NutrientScale): number {
  const c = Math.floor((v - s.min) / s.step + 1e-9);
  return Math.min(nutrientClassCount(s) - 1, Math.max(0, c));
}

/** Legend/palette of a nutrient scale, one colour per step. */
export function nutrientPalette(n: Nutrient): Rgba[] {
  const count = nutrientClassCount(NUTRIENT_SCALES[n]);
  return Array.from({ length: count }, (_, i) => ramp(count === 1 ? 1 : i / (count - 1)));
}

/** Colour of one nutrient value; grey #B2BABB when there is no value. */
export function nutrientColour(v: number, n: Nutrient): Rgba {
  return v === v ? nutrientPalette(n)[nutrientStep(v, NUTRIENT_SCALES[n])] : NO_VALUE_GREY;
}

/** Classes by crop range (npk-ranges.ts NUTRIENT_CLASSES order): low red, optimal green, high blue. */
export const NUTRIENT_CLASS_COLOURS: readonly Rgba[] = [
  [215, 48, 39, 255],
  [26, 152, 80, 255],
  [69, 117, 180, 255],
];

/** Relative bands: under 10% blue, then to 25, 45, 65, 85%, then red. */
export const RELATIVE_THRESHOLDS = [0.1, 0.25, 0.45, 0.65, 0.85] as const;
export const RELATIVE_COLOURS: readonly Rgba[] = [
  [33, 102, 172, 255],
  [103, 169, 207, 255],
  [102, 189, 99, 255],
  [255, 230, 0, 255],
  [253, 141, 60, 255],
  [215, 25, 28, 255],
];

/** Change classes (compare.ts CHANGE order): lost, declined, stable, improved, new, gone, unknown. */
export const CHANGE_COLOURS: readonly Rgba[] = [
  [165, 0, 38, 255],
  [253, 141, 60, 255],
  [189, 189, 189, 255],
  [26, 152, 80, 255],
  [33, 102, 172, 255],
  [118, 42, 131, 255],
  [255, 255, 255, 255],
];
/** Vitality / canopy change, the six relative bands of a range symmetric around 0: decline red → no change pale → growth green (RdYlGn). */
export const DIVERGING_COLOURS: readonly Rgba[] = [
  [165, 0, 38, 255],
  [244, 109, 67, 255],
  [253, 174, 97, 255],
  [255, 255, 191, 255],
  [166, 217, 106, 255],
  [26, 152, 80, 255],
];

/**
 * A vitality class's colour (high, medium, low: thirds of the relative range, values.ts vitalityClass) is the
 * map's band colour at the class's middle, so the chart and the map read the same: low blue → high red.
 */
export function vitalityClassColour(cls: VitalityClass): Rgba {
  const middle = { low: 1 / 6, medium: 1 / 2, high: 5 / 6 }[cls];
  return RELATIVE_COLOURS[relativeBand(middle, { lo: 0, hi: 1 })];
}

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

export interface ColourResult {
  rgba: Uint8Array;
  range: RelativeRange | null;
  /** Trees drawn with a value (the grey no-value trees are drawn but not counted). */
  visible: number;
  /** Trees per class (index = treeClasses number), hidden classes included: the legend's counts. */
  counts: Uint32Array;
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

/** Colour of each class of a mode (index = class; NO_CLASS and unused codes are HIDDEN). */
export function classColours(mode: ColourMode): Rgba[] {
  const out: Rgba[] = Array.from({ length: 256 }, () => HIDDEN);
  if (mode === 'status') for (let s = 0; s < 256; s++) out[s] = STATUS_COLOURS[s] ?? STATUS_COLOURS[5];
  else if (mode === 'change') CHANGE_COLOURS.forEach((c, i) => (out[i] = c));
  else if (mode === 'vitalityChange' || mode === 'canopyChange') {
    DIVERGING_COLOURS.forEach((c, i) => (out[i] = c));
    out[NO_VALUE_CLASS] = NO_VALUE_GREY;
  } else if (mode === 'n' || mode === 'p' || mode === 'k') nutrientPalette(mode).forEach((c, i) => (out[i] = c));
  else if (isRangeMode(mode)) NUTRIENT_CLASS_COLOURS.forEach((c, i) => (out[i] = c));
  else {
    RELATIVE_COLOURS.forEach((c, i) => (out[i] = c));
    out[NO_VALUE_CLASS] = NO_VALUE_GREY;
  }
  out[NO_CLASS] = HIDDEN;
  return out;
}

/** Which classes are drawn (and exported) with these switched off: 1 = shown. NO_CLASS never is. */
export function shownClasses(hidden?: readonly number[] | null): Uint8Array {
  const keep = new Uint8Array(256).fill(1);
  keep[NO_CLASS] = 0;
  for (const h of hidden ?? []) if (h >= 0 && h < 256) keep[h] = 0;
  return keep;
}

/** Trees in the shown classes, from per-class counts (what the map draws and an export holds). */
export function shownCount(counts: ArrayLike<number>, hidden?: readonly number[] | null): number {
  const keep = shownClasses(hidden);
  let n = 0;
  for (let k = 0; k < counts.length; k++) if (keep[k]) n += counts[k];
  return n;
}

// One 32-bit write per tree instead of four byte writes (byte order = platform order).
const LITTLE = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
function pack(c: Rgba): number {
  return LITTLE ? ((c[3] << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0 : ((c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]) >>> 0;
}

/**
 * Status: colour by code. N/P/K: Missing trees and trees without the mean are
 * excluded (alpha 0). Vitality/canopy: invalid values are grey #B2BABB.
 * Hidden classes (the legend filter) get alpha 0: positions are never touched.
 */
export function colourTrees(t: TreeColumns, mode: ColourMode, ctx: ColourContext = {}): ColourResult {
  return paintClasses(treeClasses(t, mode, ctx), mode, ctx.hidden);
}

/** The colours and legend counts of classes already computed (a legend toggle repaints without reclassifying). */
export function paintClasses({ classes, range }: TreeClasses, mode: ColourMode, hidden?: readonly number[] | null): ColourResult {
  const n = classes.length,
    out = new Uint8Array(4 * n),
    px = new Uint32Array(out.buffer);
  const keep = shownClasses(hidden);
  const pal = Uint32Array.from(classColours(mode), (c, k) => (keep[k] ? pack(c) : 0));
  const counts = new Uint32Array(256);
  for (let i = 0; i < n; i++) {
    const k = classes[i];
    px[i] = pal[k];
    counts[k]++;
  }
  let visible = 0;
  const valued = mode === 'vitality' || mode === 'canopy' || mode === 'vitalityChange' || mode === 'canopyChange' ? NO_VALUE_CLASS : NO_CLASS;
  for (let k = 0; k < 256; k++) if (k !== valued && k !== NO_CLASS && pal[k] !== 0) visible += counts[k];
  return { rgba: out, range, visible, counts };
}

/** Trees per class among the drawn trees of one zone (zoneOf: zone-groups.ts drawnZoneOf): the legend of a selection. */
export function countClasses(classes: Uint8Array, zoneOf: Int32Array, zone: number): Uint32Array {
  const counts = new Uint32Array(256);
  if (zone < 0) return counts;
  for (let i = 0; i < classes.length; i++) if (zoneOf[i] === zone) counts[classes[i]]++;
  return counts;
}

/** The trees a filter keeps: not in a hidden class of the mode, drawn in it, in the zones asked for. */
export interface TreeFilter {
  mode: ColourMode;
  hidden?: readonly number[] | null;
  /** Zone of each drawn tree (zone-groups.ts: one plot or irrigation-area grouping) and the zones kept. */
  zones?: { of: Int32Array; want: ReadonlySet<number> } | null;
}

/** Indices (ascending) of the drawn trees the filter keeps (base trees, then a comparison's extra trees). */
export function filterTrees(
  t: TreeColumns,
  f: TreeFilter,
  ctx: Pick<ColourContext, 'biomassRange' | 'npkRanges' | 'comparison'> = {},
  classes = treeClasses(t, f.mode, ctx).classes,
): Uint32Array {
  const keep = shownClasses(f.hidden);
  const z = f.zones;
  const out = new Uint32Array(classes.length);
  let c = 0;
  for (let i = 0; i < classes.length; i++) {
    if (!keep[classes[i]]) continue;
    if (z && !z.want.has(z.of[i])) continue;
    out[c++] = i;
  }
  return out.slice(0, c);
}
