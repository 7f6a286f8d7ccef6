import { describe, expect, it } from 'vitest';
import { formatField } from './format';

describe('info panel formats (§9)', () => {
  it('formats each kind', () => {
    expect(formatField(12345, 'int', 'en')).toBe('12,345');
    expect(formatField(2.1, 'npk', 'en')).toBe('2.10');
    expect(formatField(4.86, 'number1', 'en')).toBe('4.9');
    expect(formatField('2014-03-15', 'year', 'en')).toBe('2014');
    expect(formatField(null, 'npk', 'en')).toBe('—');
  });
});
