import { describe, expect, it } from 'vitest';
import { formatCount, formatShortDate, formatTime } from './table-format';

describe('admin table dates and numbers in the UI language', () => {
  it('short en-US dates in English (admin.md), the Hebrew locale’s form in Hebrew', () => {
    expect(formatShortDate('2026-11-25', 'en')).toBe('Nov 25, 2026');
    const he = formatShortDate('2026-11-25', 'he');
    expect(he).toMatch(/[\u0590-\u05ff]/);
    expect(he).not.toMatch(/[A-Za-z]/);
    expect(he).toContain('2026');
    expect(formatShortDate(null, 'en')).toBe('N/A');
    expect(formatShortDate(null, 'he')).toBe('—');
  });
  it('times without AM/PM in Hebrew, counts with separators', () => {
    const d = new Date(2026, 10, 25, 14, 46, 37);
    expect(formatTime(d, 'en')).toBe('2:46:37 PM');
    expect(formatTime(d, 'he')).toBe('14:46:37');
    expect(formatCount(101207, 'he')).toBe('101,207');
  });
});
