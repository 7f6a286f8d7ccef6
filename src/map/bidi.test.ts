import { describe, expect, it } from 'vitest';
import { hasRtl, visualOrder } from './bidi';

describe('visualOrder', () => {
  it('leaves left-to-right text alone', () => {
    expect(visualOrder('Avocado North 2')).toBe('Avocado North 2');
  });
  it('reverses Hebrew but keeps numbers and Latin runs readable', () => {
    expect(hasRtl('חלקה 12')).toBe(true);
    expect(visualOrder('חלקה 12')).toBe('12 הקלח');
    expect(visualOrder('בלוק A-3 (צפון)')).toBe('(ןופצ) A-3 קולב');
  });
});
