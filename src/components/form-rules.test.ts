import { describe, expect, it } from 'vitest';
import { validateAll, validateField } from './form-rules';

describe('generic form rules (admin.md §5)', () => {
  it('uses the spec texts for required and email', () => {
    expect(validateField('  ', { label: 'Name', required: true })).toBe('Name is required');
    expect(validateField([], { label: 'Users', required: true })).toBe('Users is required');
    expect(validateField('a@b', { label: 'Email', email: true })).toBe('Please enter a valid email address');
    expect(validateField('a@b.co', { label: 'Email', email: true })).toBeNull();
  });
  it('checks lengths on the trimmed text and skips empty optional fields', () => {
    expect(validateField(' a ', { label: 'Name', minLength: 2 })).toMatch(/at least 2/);
    expect(validateField('x'.repeat(101), { label: 'Name', maxLength: 100 })).toMatch(/at most 100/);
    expect(validateField('', { label: 'Name', minLength: 2 })).toBeNull();
  });
  it('checks numbers with min and max', () => {
    const rule = { label: 'Code', number: true, integer: true, min: 1, max: 999 };
    expect(validateField('abc', rule)).toMatch(/must be a number/);
    expect(validateField('0', rule)).toMatch(/at least 1/);
    expect(validateField('1000', rule)).toMatch(/at most 999/);
    expect(validateField('1.5', rule)).toMatch(/whole number/);
    expect(validateField('999', rule)).toBeNull();
  });
  it('returns only the fields with errors', () => {
    expect(validateAll({ a: '', b: 'ok' }, { a: { label: 'A', required: true }, b: { label: 'B', required: true } })).toEqual({ a: 'A is required' });
  });
});
