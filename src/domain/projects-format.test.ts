import { describe, expect, it } from 'vitest';
import { formatChangePp, formatDay, formatMonth, formatNumber, formatShare, weekdayLetters } from './projects-format';

describe('formatting per language', () => {
  it('formats a survey day without shifting it by a time zone', () => {
    expect(formatDay('2024-03-01', 'en')).toBe('1 Mar 2024');
    expect(formatDay('2024-03-01', 'he')).toBe('1 במרץ 2024');
    expect(formatDay('2024-03-01', 'he', 'short')).toBe('1.3.2024');
    expect(formatDay('nope', 'en')).toBeNull();
  });

  it('formats numbers, shares and signed changes', () => {
    expect(formatNumber(105234, 'en')).toBe('105,234');
    expect(formatNumber(105234, 'he')).toBe('105,234');
    expect(formatShare(0.9251, 'en')).toBe('92.5%');
    expect(formatChangePp(1.76, 'en')).toBe('+1.8');
    expect(formatChangePp(-3.9, 'en')).toBe('-3.9');
    expect(formatChangePp(0.04, 'en')).toBe('0.0');
  });

  it('names months and weekdays', () => {
    expect(formatMonth(2024, 2, 'he')).toBe('פברואר 2024');
    expect(formatMonth(2024, 2, 'en')).toBe('February 2024');
    expect(weekdayLetters('he')).toEqual(['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳']);
    expect(weekdayLetters('en')).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    expect(weekdayLetters('en', 1)[0]).toBe('M');
  });
});
