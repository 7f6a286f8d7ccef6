import { describe, expect, it } from 'vitest';
import { canopyBarPercent, cropKey, DEFAULT_NPK_RANGES, npkWidgetPosition, rangeFor, resolveNpkRanges, vitalityWidgetPercent } from './npk-ranges';

describe('NPK crop ranges (client.md §9)', () => {
  it('has defaults for the 13 crops, each with lower < upper', () => {
    const crops = [
      'avocado',
      'palm',
      'almond',
      'mango',
      'lemon',
      'banana',
      'orange',
      'pomela',
      'grapefruit',
      'pear',
      'olive',
      'pomegranate',
      'pomegranate_wonderful',
    ];
    expect(Object.keys(DEFAULT_NPK_RANGES).sort()).toEqual([...crops].sort());
    for (const c of crops)
      for (const n of ['n', 'p', 'k'] as const) {
        expect(DEFAULT_NPK_RANGES[c][n].lower).toBeLessThan(DEFAULT_NPK_RANGES[c][n].upper);
      }
  });
  it('merges server ranges per bound, and a tree with no crop uses avocado', () => {
    const r = resolveNpkRanges({ Avocado: { n: { lower: 1.8 } }, kiwi: { p: { lower: 0.2, upper: 0.4 } } });
    expect(r.avocado.n).toEqual({ lower: 1.8, upper: 2.0 });
    expect(r.kiwi.p).toEqual({ lower: 0.2, upper: 0.4 });
    expect(r.kiwi.n.lower).toBeNaN();
    expect(rangeFor(r, null, 'n')).toBe(r.avocado.n);
    expect(rangeFor(r, '  ', 'k')).toBe(r.avocado.k);
    expect(rangeFor(r, 'Pomegranate Wonderful', 'k')).toBe(r.pomegranate_wonderful.k);
    expect(rangeFor(r, 'unknown-crop', 'k')).toBeUndefined();
    expect(cropKey('Date-Palm')).toBe('date_palm');
  });
});

describe('widgets (client.md §5)', () => {
  it('NPK bar: thirds of 33.33% for low / optimal / high', () => {
    const range = { lower: 2, upper: 3 };
    expect(npkWidgetPosition(2, range)).toEqual({ placeholder: false, zone: 'optimal', percent: 100 / 3 });
    expect(npkWidgetPosition(3, range)).toMatchObject({ zone: 'optimal', percent: 200 / 3 });
    expect(npkWidgetPosition(2.5, range)).toMatchObject({ zone: 'optimal', percent: 50 });
    expect(npkWidgetPosition(1.5, range)).toMatchObject({ zone: 'low' });
    expect(npkWidgetPosition(0, range)).toMatchObject({ zone: 'low', percent: 0 });
    expect(npkWidgetPosition(9, range)).toMatchObject({ zone: 'high', percent: 100 });
  });
  it('NPK bar placeholder: value missing, bounds missing, lower ≥ upper', () => {
    expect(npkWidgetPosition(null, { lower: 1, upper: 2 })).toEqual({ placeholder: true });
    expect(npkWidgetPosition(1, { lower: 1 })).toEqual({ placeholder: true });
    expect(npkWidgetPosition(1, null)).toEqual({ placeholder: true });
    expect(npkWidgetPosition(1, { lower: 2, upper: 2 })).toEqual({ placeholder: true });
    expect(npkWidgetPosition(1, { lower: 3, upper: 2 })).toEqual({ placeholder: true });
  });
  it('vitality widget needs min < max; canopy bar 0–7 m in 8 bands of 12.5%', () => {
    expect(vitalityWidgetPercent(5, 0, 10)).toBe(50);
    expect(vitalityWidgetPercent(5, 10, 10)).toBeNull();
    expect(vitalityWidgetPercent(null, 0, 1)).toBeNull();
    expect(canopyBarPercent(1)).toBe(12.5);
    expect(canopyBarPercent(7)).toBe(87.5);
    expect(canopyBarPercent(12)).toBe(100);
    expect(canopyBarPercent(-1)).toBeNull();
  });
});
