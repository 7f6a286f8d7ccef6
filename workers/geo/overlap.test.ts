import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { areaSquareMeters } from './geodesy';
import { plotOverlaps } from './overlap';

const square = (x: number, y: number, s: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + s, y],
      [x + s, y + s],
      [x, y + s],
      [x, y],
    ],
  ],
});

describe('plot overlaps', () => {
  const north = { id: 1, name: 'North', geometry: square(35, 32, 0.01) };
  const east = { id: 2, name: 'East', geometry: square(35.02, 32, 0.01) };
  it('measures the shared area of each overlapped plot, largest first', () => {
    const drawn = square(35.005, 32, 0.01); // half of North, none of East
    const o = plotOverlaps(drawn, [east, north]);
    expect(o.map((x) => x.id)).toEqual([1]);
    // The shared part is the east half of North: half its area.
    expect(o[0].areaHa).toBeCloseTo(areaSquareMeters(north.geometry) / 20_000, 2);
  });
  it('a plot that only shares an edge, or lies apart, overlaps nothing', () => {
    expect(plotOverlaps(square(35.01, 32, 0.01), [north, east])).toEqual([]);
    expect(plotOverlaps(square(36, 33, 0.01), [north, east])).toEqual([]);
  });
});
