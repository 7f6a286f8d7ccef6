// The colours of the tree layer's classes (client.md §9), its legend and charts, and the prescription's rates.
import type { Nutrient } from './types';
import type { VitalityClass } from './values';
import { isRangeMode, type ColourMode } from './colour-modes';
import { NO_CLASS, NO_VALUE_CLASS, NUTRIENT_SCALES, nutrientClassCount, nutrientStep, relativeBand } from './colour-classes';

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

/** The six relative bands (colour-classes.ts RELATIVE_THRESHOLDS): under 10% blue … over 85% red. */
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
