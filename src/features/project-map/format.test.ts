import { describe, expect, it } from 'vitest';
import { fieldSpec } from '../../../workers/geo/fields';
import { formatValue } from './format';

const spec = (key: string) => fieldSpec(key)!;

describe('panel formats (client.md §9)', () => {
  it('thousands separators, N/P/K with 2 decimals, canopy with 1, the planting date as its year', () => {
    expect(formatValue(12345, spec('row_num'), 'en')).toBe('12,345');
    expect(formatValue(2.1, spec('n_mean'), 'en')).toBe('2.10');
    expect(formatValue(4.86, spec('canopy_diameter'), 'en')).toBe('4.9');
    expect(formatValue('2014-03-15', spec('planting_date'), 'en')).toBe('2014');
    expect(formatValue(0.4567, spec('biomass'), 'en')).toBe('0.457');
    expect(formatValue(null, spec('n_mean'), 'en')).toBe('—');
  });
});
