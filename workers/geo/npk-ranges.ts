// Leaf-analysis sufficiency ranges (% of leaf dry weight) per crop, merged with
// the server's npkRanges (client.md §3, §9). The spec hides the original values;
// these are published leaf-analysis standards (mid-season, mature leaves):
//  - avocado: Embleton & Jones, California Avocado Society Yearbook 50 (1966);
//    UC ANR avocado leaf standards: N 1.6–2.0, P 0.08–0.25, K 0.75–2.0.
//  - orange/lemon/grapefruit/pomela: Embleton et al., "Leaf analysis as a
//    diagnostic tool and guide to fertilization", UC ANR (1973); Obreza &
//    Morgan, UF/IFAS SL253 (citrus: N 2.5–2.7, P 0.12–0.16, K 1.2–1.7).
//  - almond: UC ANR Almond Production Manual 3364 (N 2.2–2.5, P 0.1–0.3, K 1.4–2.0).
//  - mango: Young & Koo (1971); Reuter & Robinson, Plant Analysis: an
//    Interpretation Manual, CSIRO (1997) (N 1.0–1.5, P 0.08–0.18, K 0.3–1.2).
//  - banana: Lahav & Turner, IPI Bulletin 7 (1983) (N 2.6–3.5, P 0.18–0.27, K 3.0–4.0).
//  - pear: Shear & Faust, Hort. Reviews 2 (1980) (N 1.8–2.6, P 0.12–0.25, K 1.0–2.0).
//  - olive: Fernández-Escobar (2004); UC ANR Olive Production Manual 3353
//    (N 1.5–2.0, P 0.1–0.3, K 0.8–1.2).
//  - palm (date palm): Reuter & Robinson (1997) approx. (N 1.7–2.4, P 0.1–0.2, K 0.8–1.4).
//  - pomegranate (incl. Wonderful): Raghupathi & Bhargava, Commun. Soil Sci.
//    Plant Anal. 29 (1998); Hepaksoy et al. (2000) (N 1.2–1.7, P 0.12–0.2, K 0.8–1.3).
// The server's values override these per crop, nutrient and bound.
import type { Nutrient, NutrientRange, NpkRanges, StringColumn, TreeColumns } from './types';
import { isValidNutrient } from './values';

type CropRanges = Record<Nutrient, NutrientRange>;
const r = (nl: number, nu: number, pl: number, pu: number, kl: number, ku: number): CropRanges => ({
  n: { lower: nl, upper: nu },
  p: { lower: pl, upper: pu },
  k: { lower: kl, upper: ku },
});
const CITRUS = r(2.4, 2.7, 0.12, 0.16, 0.7, 1.7);

export const DEFAULT_CROP = 'avocado';
export const DEFAULT_NPK_RANGES: Readonly<Record<string, CropRanges>> = {
  avocado: r(1.6, 2.0, 0.08, 0.25, 0.75, 2.0),
  palm: r(1.7, 2.4, 0.1, 0.2, 0.8, 1.4),
  almond: r(2.2, 2.5, 0.1, 0.3, 1.4, 2.0),
  mango: r(1.0, 1.5, 0.08, 0.18, 0.3, 1.2),
  lemon: r(2.2, 2.7, 0.12, 0.16, 0.7, 1.5),
  banana: r(2.6, 3.5, 0.18, 0.27, 3.0, 4.0),
  orange: CITRUS,
  pomela: CITRUS,
  grapefruit: r(2.5, 2.7, 0.12, 0.16, 1.2, 1.7),
  pear: r(1.8, 2.6, 0.12, 0.25, 1.0, 2.0),
  olive: r(1.5, 2.0, 0.1, 0.3, 0.8, 1.2),
  pomegranate: r(1.2, 1.7, 0.12, 0.2, 0.8, 1.3),
  pomegranate_wonderful: r(1.2, 1.7, 0.12, 0.2, 0.8, 1.3),
};

/** Missing bounds stay NaN so the widget shows its placeholder. */
export type ResolvedNpkRanges = Record<string, CropRanges>;

/** Crop key: lowercase, trimmed, spaces/hyphens as '_' ("Pomegranate Wonderful" → pomegranate_wonderful). */
export function cropKey(crop: string | null | undefined): string {
  const k = (crop ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return k === '' ? DEFAULT_CROP : k;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : NaN);

export function resolveNpkRanges(server: NpkRanges | null | undefined): ResolvedNpkRanges {
  const out: ResolvedNpkRanges = {};
  for (const [crop, ranges] of Object.entries(DEFAULT_NPK_RANGES)) {
    out[crop] = { n: { ...ranges.n }, p: { ...ranges.p }, k: { ...ranges.k } };
  }
  for (const [rawCrop, ranges] of Object.entries(server ?? {})) {
    const crop = cropKey(rawCrop);
    const base = out[crop] ?? r(NaN, NaN, NaN, NaN, NaN, NaN);
    for (const nut of ['n', 'p', 'k'] as const) {
      const s = ranges?.[nut];
      const lower = num(s?.lower),
        upper = num(s?.upper);
      base[nut] = { lower: Number.isNaN(lower) ? base[nut].lower : lower, upper: Number.isNaN(upper) ? base[nut].upper : upper };
    }
    out[crop] = base;
  }
  return out;
}

/** Range for a crop; empty crop → avocado; unknown crop → undefined. */
export function rangeFor(ranges: ResolvedNpkRanges, crop: string | null | undefined, n: Nutrient): NutrientRange | undefined {
  return ranges[cropKey(crop)]?.[n];
}

/** Per-dictionary-code bounds of a crop column, so per-tree lookups are two array reads. */
export function boundsByCropCode(ranges: ResolvedNpkRanges, crops: StringColumn, n: Nutrient): { lower: Float64Array; upper: Float64Array } {
  const lower = new Float64Array(crops.dict.length).fill(NaN);
  const upper = new Float64Array(crops.dict.length).fill(NaN);
  crops.dict.forEach((crop, code) => {
    const rg = rangeFor(ranges, crop, n);
    if (rg) {
      lower[code] = rg.lower;
      upper[code] = rg.upper;
    }
  });
  return { lower, upper };
}

export type NutrientClass = 'low' | 'optimal' | 'high';
/** The classes by crop range, in their index order (0 low, 1 optimal, 2 high). */
export const NUTRIENT_CLASSES: readonly NutrientClass[] = ['low', 'optimal', 'high'];
/** A tree without a class by crop range: no value, Missing, or no usable range for its crop. */
export const NO_NUTRIENT_CLASS = 255;

/** 0 low (below lower), 1 optimal (bounds inclusive), 2 high (above upper); -1 when the value or range is unusable. */
export function nutrientClassIndex(value: number, lower: number, upper: number): number {
  if (!(value === value && lower < upper)) return -1;
  return value < lower ? 0 : value > upper ? 2 : 1;
}

/** low below lower, high above upper, optimal in between (bounds inclusive); null when unusable. */
export function nutrientClass(value: number, lower: number, upper: number): NutrientClass | null {
  return NUTRIENT_CLASSES[nutrientClassIndex(value, lower, upper)] ?? null;
}

/**
 * Every tree's class by its crop's range for one nutrient (the one rule behind the "vs crop range" colour
 * modes, their legend and exports, the statistics' class counts and a prescription's N/P/K zones):
 * 0 low, 1 optimal, 2 high, NO_NUTRIENT_CLASS for a Missing tree, no value or no range.
 */
export function nutrientRangeClasses(t: Pick<TreeColumns, 'length' | 'status' | 'numeric' | 'text'>, ranges: ResolvedNpkRanges, n: Nutrient): Uint8Array {
  const out = new Uint8Array(t.length).fill(NO_NUTRIENT_CLASS);
  const vals = t.numeric[`${n}_mean`],
    crop = t.text.crop_name.codes,
    st = t.status;
  const { lower, upper } = boundsByCropCode(ranges, t.text.crop_name, n);
  for (let i = 0; i < t.length; i++) {
    if (!isValidNutrient(vals[i], st[i])) continue;
    const c = nutrientClassIndex(vals[i], lower[crop[i]], upper[crop[i]]);
    if (c >= 0) out[i] = c;
  }
  return out;
}

export type WidgetPosition = { placeholder: true } | { placeholder: false; zone: NutrientClass; percent: number };

const THIRD = 100 / 3;

/**
 * NPK range bar (client.md §5, §9): thirds of 33.33% for low / optimal / high.
 * The optimal third spans [lower, upper]; the outer thirds span one range width
 * below and above, clamped to the bar. Placeholder when the value or a bound is
 * missing or lower ≥ upper.
 */
export function npkWidgetPosition(value: number | null | undefined, range: Partial<NutrientRange> | null | undefined): WidgetPosition {
  const v = num(value),
    lo = num(range?.lower),
    up = num(range?.upper);
  if (Number.isNaN(v) || Number.isNaN(lo) || Number.isNaN(up) || lo >= up) return { placeholder: true };
  const span = up - lo;
  const percent = Math.min(100, Math.max(0, THIRD * ((v - (lo - span)) / span)));
  return { placeholder: false, zone: nutrientClass(v, lo, up)!, percent };
}

/** Vitality widget: position of value in [min, max]; placeholder unless min < max and value is valid. */
export function vitalityWidgetPercent(value: number | null | undefined, min: number | null | undefined, max: number | null | undefined): number | null {
  const v = num(value),
    lo = num(min),
    hi = num(max);
  if (Number.isNaN(v) || !(lo < hi)) return null;
  return Math.min(100, Math.max(0, ((v - lo) / (hi - lo)) * 100));
}

/** Canopy bar: 0–7 m in 8 bands of 12.5% (0–1 … 6–7, 7m+); the 7m+ band fills up to 8 m. */
export function canopyBarPercent(value: number | null | undefined): number | null {
  const v = num(value);
  if (Number.isNaN(v) || v < 0) return null;
  return Math.min(100, (v / 8) * 100);
}
