// Reading loose property values, and the spec's valid-number rule (client.md §5).
import { STATUS_MISSING, STATUS_UNKNOWN, type LooseNumber } from './types';

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
  return value >= 0 && status !== STATUS_MISSING; // NaN >= 0 is false
}

/** Nutrient layers exclude Missing trees and trees without the mean. */
export function isValidNutrient(value: number, status: number): boolean {
  return value === value && status !== STATUS_MISSING;
}

/** Text of an id/label property, '' when absent. */
export function looseText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return typeof v === 'string' ? v : String(v);
}
