// Reading loose property values, and the spec's valid-number rule (client.md §5).
import { STATUS_MISSING, STATUS_UNKNOWN, type LooseNumber } from './types';

// The Missing code as a constant of this module: the hot loops that call the rules below (compare.ts) were
// measured 4-6x slower reading the imported binding (bench/README.md "Comparison").
const MISSING = STATUS_MISSING;

const NOT_A_VALUE = new Set(['', 'null', 'undefined', 'n/a', 'nan']);

/** A number from a number or numeric text; NaN for missing/"null"/"undefined"/"N/A". */
export function parseLooseNumber(v: LooseNumber | unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : NaN;
  if (typeof v !== 'string') return NaN;
  const t = v.trim();
  if (NOT_A_VALUE.has(t.toLowerCase())) return NaN;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
}

/** Status code 0..5; anything else (empty, unknown, out of range) is Unknown (5). */
export function parseStatus(v: LooseNumber | unknown): number {
  const n = parseLooseNumber(v);
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : STATUS_UNKNOWN;
}

/**
 * Biomass/canopy counts only when numeric, ≥ 0 and the tree is not Missing (4).
 * Text values were already turned into NaN at ingest.
 */
export function isValidMeasure(value: number, status: number): boolean {
  return value >= 0 && status !== MISSING; // NaN >= 0 is false
}

/** Nutrient layers exclude Missing trees and trees without the mean. */
export function isValidNutrient(value: number, status: number): boolean {
  return value === value && status !== MISSING;
}

/** Text of an id/label property, '' when absent. */
export function looseText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return typeof v === 'string' ? v : String(v);
}

/** Canopy buckets of client.md §9: 0-1 m … 6-7 m, then 7m+ (index 0..7). */
export const CANOPY_BUCKET_COUNT = 8;
/** The bucket (0..7) of a valid canopy diameter in metres. */
export function canopyBucket(metres: number): number {
  return metres < CANOPY_BUCKET_COUNT - 1 ? Math.max(0, Math.floor(metres)) : CANOPY_BUCKET_COUNT - 1;
}
/** The API's bucket label (English, client.md §9): '0-1' … '6-7', '7m+'. Screens word it in their language. */
export const canopyBucketLabel = (b: number): string => (b < CANOPY_BUCKET_COUNT - 1 ? `${b}-${b + 1}` : `${b}m+`);

export type VitalityClass = 'high' | 'medium' | 'low';
/**
 * Vitality class of a valid biomass (client.md §9 "Vitality classes: high, medium, low, none"): thirds of
 * the survey's relative range (t ≥ 2/3 high, ≥ 1/3 medium, else low); a zero-width range is medium.
 */
export function vitalityClass(biomass: number, range: { lo: number; hi: number }): VitalityClass {
  const span = range.hi - range.lo;
  const t = span > 0 ? (biomass - range.lo) / span : 0.5;
  return t >= 2 / 3 ? 'high' : t >= 1 / 3 ? 'medium' : 'low';
}

/**
 * Share of healthy trees (status 0) among the trees a survey could assess (status 0–3): Missing (4) and
 * Unknown (5, or no status) are left out, because a gap in the row or an unreadable tree says nothing about
 * the health of the orchard. Counts are by status code ('0' … '5'); null when nothing was assessed. The one
 * copy of the rule: the farm map's plots and the home cards' trend (server/routes/projects.ts) both call it.
 */
export function healthyShare(counts: Readonly<Record<string, number | undefined>> | null | undefined): number | null {
  if (!counts) return null;
  let assessed = 0;
  for (const code of ['0', '1', '2', '3']) assessed += counts[code] ?? 0;
  return assessed > 0 ? (counts['0'] ?? 0) / assessed : null;
}
