// Point-in-polygon and assignment against turf (the reference), on integer
// coordinates so points exactly on edges and vertices are exact for both.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { booleanPointInPolygon, flatten } from '@turf/turf';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { assignPointsToPolygons } from '../../workers/geo/assign';
import { normalizeAreas } from '../../workers/geo/features';
import { pointInPrepared, preparePolygon } from '../../workers/geo/pip';

/** A star-shaped ring around (cx, cy): no self-intersections, integer vertices. */
const ring = (cx: number, cy: number) =>
  fc
    .array(fc.integer({ min: 1, max: 12 }), { minLength: 3, maxLength: 24 })
    .map((radii) => {
      const pts: Position[] = radii.map((r, k) => {
        const a = (2 * Math.PI * k) / radii.length;
        return [cx + Math.round(r * Math.cos(a)), cy + Math.round(r * Math.sin(a))];
      });
      const dedup = pts.filter((p, k) => k === 0 || p[0] !== pts[k - 1][0] || p[1] !== pts[k - 1][1]);
      return [...dedup, dedup[0]];
    })
    .filter((r) => r.length >= 4);

const polygonArb = fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.boolean()).chain(([cx, cy, hole]) =>
  fc
    .tuple(
      ring(cx, cy),
      hole
        ? fc.constant<Position[][]>([
            [
              [cx - 1, cy - 1],
              [cx + 1, cy - 1],
              [cx + 1, cy + 1],
              [cx - 1, cy + 1],
              [cx - 1, cy - 1],
            ],
          ])
        : fc.constant<Position[][]>([]),
    )
    .map(([outer, holes]): Polygon => ({ type: 'Polygon', coordinates: [outer, ...holes] })),
);

/** Points on the integer grid, plus every vertex and edge midpoint of the polygons. */
function probes(polys: Polygon[], extra: Position[]): Position[] {
  const pts = [...extra];
  for (const p of polys)
    for (const r of p.coordinates)
      for (let k = 0; k + 1 < r.length; k++) {
        pts.push(r[k], [(r[k][0] + r[k + 1][0]) / 2, (r[k][1] + r[k + 1][1]) / 2]);
      }
  return pts;
}
const pointsArb = fc.array(fc.tuple(fc.integer({ min: -35, max: 35 }), fc.integer({ min: -35, max: 35 })), { maxLength: 60 });

describe('point-in-polygon vs turf booleanPointInPolygon', () => {
  it('agrees on random points, vertices and edge midpoints (edges count as inside, holes excluded)', () => {
    fc.assert(
      fc.property(polygonArb, pointsArb, (poly, pts) => {
        const prepared = preparePolygon(poly.coordinates);
        for (const p of probes([poly], pts)) {
          expect(pointInPrepared(prepared, p[0], p[1])).toBe(booleanPointInPolygon(p, poly));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('bulk assignment equals "first turf polygon containing the point"', () => {
    fc.assert(
      fc.property(fc.array(polygonArb, { maxLength: 6 }), pointsArb, (polys, pts) => {
        const all = probes(polys, pts);
        const out = assignPointsToPolygons(Float64Array.from(all.flat()), polys);
        const ref = all.map((p) => polys.findIndex((poly) => booleanPointInPolygon(p, poly)));
        expect(Array.from(out)).toEqual(ref);
      }),
      { numRuns: 200 },
    );
  });

  it('handles empty inputs', () => {
    expect(assignPointsToPolygons(new Float64Array(0), []).length).toBe(0);
    expect(Array.from(assignPointsToPolygons(Float64Array.of(1, 1), []))).toEqual([-1]);
  });
});

describe('multipolygon split vs turf flatten', () => {
  it('gives the same parts in order, ids `${id}_poly${n}`', () => {
    fc.assert(
      fc.property(fc.array(polygonArb, { minLength: 1, maxLength: 30 }), (parts) => {
        const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: parts.map((p) => p.coordinates) };
        const ours = normalizeAreas(
          { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { plot_id: 5 }, geometry }] },
          { kind: 'plot', idField: 'plot_id', fromMercator: false },
        );
        const ref = flatten({ type: 'Feature', properties: {}, geometry });
        expect(ours.features.map((f) => f.geometry)).toEqual(ref.features.map((f) => f.geometry));
        expect(ours.features.map((f) => f.id)).toEqual(parts.map((_, n) => `5_poly${n}`));
      }),
      { numRuns: 100 },
    );
  });
});
