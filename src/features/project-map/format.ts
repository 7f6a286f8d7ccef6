// Number formats of client.md §9 for the info panel: thousands separators,
// each field's decimals (workers/geo/fields.ts: N/P/K 2, canopy 1, …; the caller
// adds a unit in the UI's language), the planting date as its year.
import type { TreeFieldSpec } from '../../../workers/geo/fields';

/** A tree field's value as the panel shows it ('—' for none). */
export function formatValue(
  value: string | number | null | undefined,
  spec: Pick<TreeFieldSpec, 'store' | 'decimals' | 'year' | 'unit'>,
  locale: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (spec.year) {
    const m = /^(\d{4})/.exec(String(value));
    return m ? m[1] : String(value);
  }
  const n = typeof value === 'number' ? value : Number(value);
  if (spec.store !== 'numeric' || !Number.isFinite(n)) return String(value);
  // Percentages and metres keep their decimals ("2.10", "4.0"); an index is written as short as it is ("0.45").
  const d = spec.decimals ?? 3;
  const fixed = spec.unit === 'percent' || spec.unit === 'metre';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: fixed ? d : 0, maximumFractionDigits: d }).format(n);
}

export const formatCount = (n: number, locale: string) => new Intl.NumberFormat(locale).format(n);
