// Number formats of client.md §9 for the info panel: thousands separators,
// N/P/K with 2 decimals, canopy with 1 decimal (the caller adds the unit in the UI's
// language: units.metres), planting date as year.
export type FieldKind = 'int' | 'npk' | 'number1' | 'year' | 'number' | 'text';

export const FIELD_KINDS: Record<string, FieldKind> = {
  tree_id: 'text',
  row_num: 'int',
  tree_num: 'int',
  planting_date: 'year',
  tree_status: 'int',
  n_mean: 'npk',
  p_mean: 'npk',
  k_mean: 'npk',
  canopy_diameter: 'number1',
  biomass: 'number',
};

export function formatField(value: string | number | null | undefined, kind: FieldKind, locale: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'number' ? value : Number(value);
  switch (kind) {
    case 'int':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(n) : String(value);
    case 'npk':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n) : String(value);
    case 'number1':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n) : String(value);
    case 'year': {
      const m = /^(\d{4})/.exec(String(value));
      return m ? m[1] : String(value);
    }
    case 'number':
      return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(n) : String(value);
    default:
      return String(value);
  }
}

export const formatCount = (n: number, locale: string) => new Intl.NumberFormat(locale).format(n);
