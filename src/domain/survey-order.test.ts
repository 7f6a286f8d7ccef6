import { describe, expect, it } from 'vitest';
import { isLaterSurvey, surveyDate } from './survey-order';

describe('survey order', () => {
  it('compares dates; no date is never later nor earlier', () => {
    expect(isLaterSurvey('2026-09-01', '2026-06-01')).toBe(true);
    expect(isLaterSurvey('2026-06-01', '2026-09-01')).toBe(false);
    expect(isLaterSurvey('2026-06-01', '2026-06-01')).toBe(false);
    expect(isLaterSurvey(null, '2026-06-01')).toBe(false);
    expect(isLaterSurvey('2026-06-01', 'none')).toBe(false);
    expect(surveyDate('none')).toBeNull();
  });
});
