import { describe, expect, it } from 'vitest';
import { formatWkt, parseWkt } from './wkt';

describe('parseWkt', () => {
  it('parses points, lines, polygons with holes and multipolygons in any case', () => {
    expect(parseWkt('POINT (34.1 31.2)')).toEqual({ ok: true, geometry: { type: 'Point', coordinates: [34.1, 31.2] } });
    expect(parseWkt('point(34 31)')).toMatchObject({ ok: true });
    expect(parseWkt('SRID=4326;LINESTRING (0 0, 1 1)')).toEqual({
      ok: true,
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    });
    const poly = parseWkt('POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 3 2, 3 3, 2 2))');
    expect(poly.ok && poly.geometry.type === 'Polygon' && poly.geometry.coordinates.length).toBe(2);
    const multi = parseWkt('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))');
    expect(multi.ok && multi.geometry.type === 'MultiPolygon' && multi.geometry.coordinates.length).toBe(2);
    expect(parseWkt('POINT (-1.5e1 .5)')).toEqual({ ok: true, geometry: { type: 'Point', coordinates: [-15, 0.5] } });
  });

  it('says what is wrong', () => {
    const err = (s: string) => {
      const r = parseWkt(s);
      return r.ok ? 'ok' : r.error;
    };
    expect(err('')).toBe('WKT is empty');
    expect(err('CIRCLE (1 2)')).toMatch(/Unsupported WKT geometry type "CIRCLE"/);
    expect(err('POLYGON ((0 0, 1 0, 1 1, 0 0)')).toMatch(/ends too early/);
    expect(err('POINT (1 2) extra')).toMatch(/Unexpected text after the geometry/);
    expect(err('POINT (1 2 3)')).toMatch(/more than two numbers/);
    expect(err('POINT Z (1 2 3)')).toMatch(/only 2D/);
    expect(err('POINT EMPTY')).toMatch(/EMPTY/);
    expect(err('POINT (abc 2)')).toMatch(/Expected a longitude number at position 8/);
    expect(err('POINT (NaN 2)')).toMatch(/NaN/);
    expect(err('SRID=2039;POINT (1 2)')).toMatch(/SRID 2039 is not supported/);
    expect(err('(1 2)')).toMatch(/must start with a geometry type/);
  });

  it('formats what it parses (round trip)', () => {
    for (const s of [
      'POINT (34.1234567 31.7654321)',
      'POLYGON ((0 0, 1 0, 1 1, 0 0))',
      'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))',
      'LINESTRING (0 0, 1 1)',
    ]) {
      const r = parseWkt(s);
      expect(r.ok && formatWkt(r.geometry)).toBe(s);
    }
  });
});
