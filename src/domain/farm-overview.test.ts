import { describe, expect, it } from 'vitest';
import { healthClass, healthColor, healthyShare, surveysForPlot, NO_DATA_COLOR } from './farm-overview';

describe('healthyShare', () => {
  it('counts healthy among assessed trees, leaving out missing and unknown', () => {
    expect(healthyShare({ '0': 80, '1': 10, '2': 5, '3': 5, '4': 30, '5': 70 })).toBeCloseTo(0.8);
  });
  it('is null without assessed trees or counts', () => {
    expect(healthyShare({ '4': 3, '5': 2 })).toBeNull();
    expect(healthyShare(null)).toBeNull();
    expect(healthyShare({})).toBeNull();
  });
});

describe('healthClass', () => {
  it('uses the legend thresholds 90 / 75 / 50 %', () => {
    expect(healthClass(0.9)).toBe('excellent');
    expect(healthClass(0.8999)).toBe('good');
    expect(healthClass(0.75)).toBe('good');
    expect(healthClass(0.5)).toBe('fair');
    expect(healthClass(0.49)).toBe('poor');
    expect(healthClass(0)).toBe('poor');
    expect(healthClass(null)).toBe('noData');
    expect(healthClass(Number.NaN)).toBe('noData');
    expect(healthColor(null)).toEqual(NO_DATA_COLOR);
  });
});

describe('surveysForPlot', () => {
  it('lists the surveys covering a plot newest first, undated last', () => {
    const s = (id: number, date: string | null, plots: number[]) => ({
      project_id: id,
      name: `p${id}`,
      observation_date: date,
      plot_ids: plots,
      has_results: true,
    });
    const list = [s(1, '2026-01-01', [7]), s(2, null, [7]), s(3, '2026-06-01', [7, 8]), s(4, '2026-07-01', [8])];
    expect(surveysForPlot(list, 7).map((x) => x.project_id)).toEqual([3, 1, 2]);
    expect(surveysForPlot(list, 9)).toEqual([]);
  });
});
