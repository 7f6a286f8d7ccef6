import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { computeMapFit, maxFitZoom } from './fit';
import { rectRing } from './test-fixtures';

const sq = (x: number): Polygon => ({ type: 'Polygon', coordinates: [rectRing(x, 0, x + 1, 1)] });

describe('map fit (client.md §4)', () => {
  it('max zoom: ≤3 → 19, ≤10 → 18, more → 17', () => {
    expect([1, 3, 4, 10, 11, 500].map(maxFitZoom)).toEqual([19, 19, 18, 18, 17, 17]);
  });
  it('fits plots first', () => {
    expect(computeMapFit([sq(0), sq(5)], [sq(100)], [9])).toEqual({ bbox: [0, 0, 6, 1], maxZoom: 19, featureCount: 2, basis: 'plots' });
  });
  it('else the irrigation areas that contain trees', () => {
    const areas = [sq(0), sq(10), sq(20)];
    expect(computeMapFit([], areas, [0, 3, 1])).toEqual({ bbox: [10, 0, 21, 1], maxZoom: 19, featureCount: 2, basis: 'irrigationAreas' });
    expect(computeMapFit([], areas, [0, 0, 0])).toBeNull();
  });
});
