import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { assignPointsToPolygons, assignPolygonsToParents, groupIndices } from './assign';
import { rectRing } from './test-fixtures';

const donut: Polygon = { type: 'Polygon', coordinates: [rectRing(0, 0, 10, 10), rectRing(4, 4, 6, 6)] };
const right: Polygon = { type: 'Polygon', coordinates: [rectRing(10, 0, 20, 10)] };
const pts = (...xy: number[]) => Float64Array.from(xy);

describe('point-in-polygon assignment', () => {
  it('handles holes, edges (inside), shared edges (lowest index) and outside points', () => {
    const out = assignPointsToPolygons(pts(1, 1, 5, 5, 4, 5, 10, 5, 15, 5, 25, 5, 0, 0, 6, 6), [donut, right]);
    expect(Array.from(out)).toEqual([0, -1, 0, 0, 1, -1, 0, 0]);
  });
  it('assigns areas to the plot holding most of their vertices', () => {
    const plots = [right, donut];
    const area: Polygon = { type: 'Polygon', coordinates: [rectRing(0, 0, 3, 3)] };
    const straddling: Polygon = { type: 'Polygon', coordinates: [rectRing(8, 0, 18, 2)] };
    const away: Polygon = { type: 'Polygon', coordinates: [rectRing(50, 50, 51, 51)] };
    expect(Array.from(assignPolygonsToParents([area, straddling, away], plots))).toEqual([1, 0, -1]);
  });
  it('groups rows by index', () => {
    expect(groupIndices(Int32Array.from([1, -1, 0, 1]), 2).map((g) => Array.from(g))).toEqual([[2], [0, 3]]);
  });
});
