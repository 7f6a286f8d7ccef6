// How much a plot overlaps the client's other plots (README "Data editor":
// saving a plot that overlaps another asks first, with the overlap's area).
// Pure geometry in lon/lat: polygon-clipping for the intersection, the geodesic
// area of geodesy.ts for its size.
import type { MultiPolygon, Polygon } from 'geojson';
import polygonClipping, { type MultiPolygon as ClipMulti } from 'polygon-clipping';
import { areaSquareMeters } from './geodesy';

export interface OverlapTarget {
  id: number;
  name: string;
  geometry: Polygon | MultiPolygon;
}

export interface Overlap {
  id: number;
  name: string;
  /** The shared area in hectares (geodesic). */
  areaHa: number;
}

const parts = (g: Polygon | MultiPolygon): ClipMulti => (g.type === 'Polygon' ? [g.coordinates as ClipMulti[number]] : (g.coordinates as ClipMulti));

/** Bounding boxes first: only plots whose boxes meet are clipped. */
function box(g: Polygon | MultiPolygon): [number, number, number, number] {
  let a = Infinity,
    b = Infinity,
    c = -Infinity,
    d = -Infinity;
  for (const poly of parts(g))
    for (const ring of poly)
      for (const [x, y] of ring) {
        a = Math.min(a, x);
        b = Math.min(b, y);
        c = Math.max(c, x);
        d = Math.max(d, y);
      }
  return [a, b, c, d];
}

/** Overlaps of at least `minHa` (default 1 m², below drawing noise along a shared edge), largest first. */
export function plotOverlaps(g: Polygon | MultiPolygon, others: readonly OverlapTarget[], minHa = 0.0001): Overlap[] {
  const [x0, y0, x1, y1] = box(g);
  const out: Overlap[] = [];
  for (const o of others) {
    const [a, b, c, d] = box(o.geometry);
    if (a > x1 || c < x0 || b > y1 || d < y0) continue;
    let shared: ClipMulti;
    try {
      shared = polygonClipping.intersection(parts(g), parts(o.geometry));
    } catch {
      continue; // a geometry the clipper cannot read is checked by the geometry rules, not here
    }
    if (!shared.length) continue;
    const areaHa = areaSquareMeters({ type: 'MultiPolygon', coordinates: shared }) / 10_000;
    if (areaHa >= minHa) out.push({ id: o.id, name: o.name, areaHa });
  }
  return out.sort((p, q) => q.areaHa - p.areaHa);
}
