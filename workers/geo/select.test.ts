import { describe, expect, it } from 'vitest';
import { floydRivestSelect, percentileInPlace, percentilePair } from './select';

describe('percentiles by selection', () => {
  it('selects the k-th smallest', () => {
    const a = Float64Array.from([5, 1, 4, 2, 3]);
    floydRivestSelect(a, 2);
    expect(a[2]).toBe(3);
  });
  it('interpolates like PERCENTILE.INC', () => {
    expect(percentileInPlace(Float64Array.from([1, 2, 3, 4]), 0.5)).toBe(2.5);
    expect(percentileInPlace(Float64Array.from([7]), 0.95)).toBe(7);
    expect(percentileInPlace(new Float64Array(0), 0.5)).toBeNaN();
    const big = Float64Array.from({ length: 2001 }, (_, i) => 2000 - i);
    expect(percentilePair(big, 0.05, 0.95)).toEqual([100, 1900]);
  });
});
