import { describe, expect, it } from 'vitest';
import { formatChangePp, formatDay, formatMonth, formatNumber, formatShare, weekdayLetters, formatBytes, formatAgo } from './projects-format';

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

describe('formatBytes and formatAgo (the device screens, issue 35)', () => {
  it('writes sizes in decimal units, in the language', () => {
    expect(formatBytes(6_712_345, 'en')).toBe('6.7 MB');
    expect(formatBytes(250_000, 'en')).toBe('250 kB');
    expect(formatBytes(1_200_000_000, 'en')).toBe('1.2 GB');
    expect(formatBytes(6_712_345, 'he')).not.toMatch(/[A-Za-z]/);
  });

  it('says how long ago', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(formatAgo(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatAgo(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatAgo(now - 2 * 86_400_000, now, 'en')).toBe('2 days ago');
    expect(formatAgo(now - 3 * 3_600_000, now, 'he')).toBe('לפני 3 שעות');
  });
});
