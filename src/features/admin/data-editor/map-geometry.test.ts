import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import type { ClientData } from '../../../api/admin-data';
import { farmFit, polygonsExtent, snapRings } from './map-geometry';

const square = (x: number, y: number, size = 1) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y],
    ],
  ],
});
const fc = (type: string, geoms: ReturnType<typeof square>[]) => ({
  type: 'FeatureCollection',
  features: geoms.map((geometry, i) => ({ type: 'Feature', geometry, properties: { type, id: i + 1 } })),
});
const trees = (lon: number[], lat: number[]) => ({ count: lon.length, cols: { lon, lat } });
const client = (plots: ReturnType<typeof square>[], areas: ReturnType<typeof square>[], t = trees([], [])) =>
  ({ plots: fc('plot', plots), irrigationAreas: fc('irrigation', areas), trees: t }) as unknown as ClientData;

describe('farmFit (client.md §4 order: plots, else irrigation areas, else trees)', () => {
  it('fits the plots, max zoom by their count, even when areas lie elsewhere', () => {
    const fit = farmFit(client([square(0, 0), square(2, 3)], [square(10, 10)]));
    expect(fit).toEqual({
      bounds: [
        [0, 0],
        [3, 4],
      ],
      maxZoom: 19,
    });
    const many = farmFit(
      client(
        Array.from({ length: 11 }, (_, i) => square(i, 0)),
        [],
      ),
    );
    expect(many?.maxZoom).toBe(17);
  });
  it('falls back to the irrigation areas, then to the trees (the default max fit zoom), then to nothing', () => {
    expect(farmFit(client([], [square(10, 10, 2)]))?.bounds).toEqual([
      [10, 10],
      [12, 12],
    ]);
    const byTrees = farmFit(client([], [], trees([34.1, 34.3], [31.2, 31.0])));
    expect(byTrees).toEqual({
      bounds: [
        [34.1, 31.0],
        [34.3, 31.2],
      ],
      maxZoom: undefined,
    });
    expect(farmFit(client([], []))).toBeNull();
  });
});

describe('snapRings', () => {
  it('snaps to every plot and area outline but the shape being reshaped', () => {
    const d = client([square(0, 0), square(5, 5)], [square(9, 9)]);
    expect(snapRings(d, null)).toHaveLength(3);
    const rings = snapRings(d, { type: 'plot', id: 1 });
    expect(rings.map((r) => r[0])).toEqual([
      [5, 5],
      [9, 9],
    ]);
    expect(snapRings(null, null)).toEqual([]);
  });
});

describe('polygonsExtent', () => {
  it("spans a boundary file's polygons and multipolygons, not its other features", () => {
    const file: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: square(1, 1) },
        { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [square(4, 0).coordinates, square(2, 6).coordinates] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [50, 50] } },
      ],
    };
    expect(polygonsExtent(file)).toEqual([1, 0, 5, 7]);
    expect(polygonsExtent({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});
