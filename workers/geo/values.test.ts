import { describe, expect, it } from 'vitest';
import { isValidMeasure, isValidNutrient, parseLooseNumber, parseStatus } from './values';

describe('valid-number rule (client.md §5)', () => {
  it('reads numbers and numeric text, rejects null/undefined/N/A text', () => {
    expect(parseLooseNumber(2.5)).toBe(2.5);
    expect(parseLooseNumber(' 3.25 ')).toBe(3.25);
    for (const bad of ['null', 'undefined', 'N/A', 'n/a', '', 'abc', null, undefined, NaN, Infinity]) {
      expect(parseLooseNumber(bad)).toBeNaN();
    }
  });
  it('counts biomass/canopy only when ≥ 0 and status ≠ 4', () => {
    expect(isValidMeasure(0, 0)).toBe(true);
    expect(isValidMeasure(-0.1, 0)).toBe(false);
    expect(isValidMeasure(5, 4)).toBe(false);
    expect(isValidMeasure(NaN, 1)).toBe(false);
  });
  it('nutrients exclude Missing and no-mean trees', () => {
    expect(isValidNutrient(1.2, 0)).toBe(true);
    expect(isValidNutrient(1.2, 4)).toBe(false);
    expect(isValidNutrient(NaN, 0)).toBe(false);
  });
  it('maps empty/unknown status to Unknown (5)', () => {
    expect(parseStatus(0)).toBe(0);
    expect(parseStatus('3')).toBe(3);
    for (const s of [null, undefined, '', 'x', 6, -1, 2.5]) expect(parseStatus(s)).toBe(5);
  });
});
