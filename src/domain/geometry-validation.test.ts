import { describe, expect, it } from 'vitest';
import { area as turfArea } from '@turf/turf';
import { areaHectares, areaSquareMeters, lengthMeters, parseGeometryInput, validateGeometry } from './geometry-validation';

const square = 'POLYGON ((34.80 31.90, 34.81 31.90, 34.81 31.91, 34.80 31.91, 34.80 31.90))';
const err = (input: unknown, kind: 'plot' | 'irrigation' | 'tree' = 'plot') => {
  const r = parseGeometryInput(input, kind);
  return r.ok ? 'ok' : r.error;
};

describe('parseGeometryInput', () => {
  it('accepts WKT, GeoJSON text, GeoJSON objects and Features', () => {
    expect(err(square)).toBe('ok');
    expect(err('POINT (34.8 31.9)', 'tree')).toBe('ok');
    expect(err(JSON.stringify({ type: 'Point', coordinates: [34.8, 31.9] }), 'tree')).toBe('ok');
    expect(err({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [34.8, 31.9] } }, 'tree')).toBe('ok');
    expect(err('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))')).toBe('ok');
  });

  it('rejects every kind of bad geometry with a reason', () => {
    expect(err('')).toBe('Geometry is required');
    expect(err(null)).toBe('Geometry is required');
    expect(err('{bad json')).toMatch(/not valid JSON/);
    expect(err('POINT (34 31)')).toMatch(/A plot needs a POLYGON or MULTIPOLYGON geometry, not POINT/);
    expect(err(square, 'tree')).toMatch(/A tree needs a POINT geometry, not POLYGON/);
    expect(err('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))', 'irrigation')).toMatch(/An irrigation area needs a POLYGON/);
    expect(err('POLYGON ((0 0, 1 0, 1 1, 0 1))')).toMatch(/outer ring is not closed/);
    expect(err('POLYGON ((0 0, 1 0, 0 0))')).toMatch(/has 3 positions; a polygon ring needs at least 4/);
    expect(err('POLYGON ((0 0, 1 0, 2 0, 0 0))')).toMatch(/intersects itself/); // all corners on one line fold back
    expect(err('POLYGON ((0 0, 2 2, 2 0, 0 2, 0 0))')).toMatch(/intersects itself: edge 1 .* crosses edge 3/);
    expect(err('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (5 5, 12 5, 12 6, 5 5))')).toMatch(/outer ring and hole 1 cross/);
    expect(err('POLYGON ((200 0, 201 0, 201 1, 200 0))')).toMatch(/longitude 200, outside -180..180/);
    expect(err('POINT (34 95)', 'tree')).toMatch(/latitude 95, outside -90..90/);
    expect(err({ type: 'Point', coordinates: [Number.NaN, 1] }, 'tree')).toMatch(/NaN/);
    expect(err({ type: 'Point', coordinates: [Infinity, 1] }, 'tree')).toMatch(/infinite/);
    expect(err({ type: 'Point', coordinates: ['1', 1] }, 'tree')).toMatch(/not a number/);
    expect(err({ type: 'Point', coordinates: [1, 2, 3] }, 'tree')).toMatch(/3 numbers/);
    expect(err({ type: 'Polygon' })).toMatch(/no "coordinates"/);
    expect(err({ coordinates: [] })).toMatch(/no "type"/);
    expect(err(42)).toMatch(/WKT text or a GeoJSON geometry/);
  });

  it('allows a spike-free ring that revisits no edge, and rejects a ring that folds back', () => {
    expect(
      validateGeometry(
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [1, 1],
              [0, 1],
              [0, 0],
            ],
          ],
        },
        'plot',
      ).ok,
    ).toBe(true);
    expect(err('POLYGON ((0 0, 2 0, 1 0, 1 1, 0 0))')).toMatch(/intersects itself/);
  });
});

describe('measurements', () => {
  it('matches turf area and gives hectares to 2 decimals', () => {
    const r = parseGeometryInput(square, 'plot');
    if (!r.ok) throw new Error(r.error);
    expect(areaSquareMeters(r.geometry)).toBeCloseTo(turfArea(r.geometry), 3);
    expect(areaHectares(r.geometry)).toBe(Math.round(turfArea(r.geometry) / 100) / 100);
  });
  it('measures a line in metres', () => {
    expect(
      lengthMeters([
        [34.8, 31.9],
        [34.8, 31.901],
      ]),
    ).toBeCloseTo(111.2, 0);
  });
});
