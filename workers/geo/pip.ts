// Point-in-polygon with the same crossing rule as turf 7 (point-in-polygon-hao):
// a point on any ring boundary (outer ring or hole) counts as inside, the
// parity of crossings over all rings decides otherwise. Edges are bucketed into
// horizontal bands so a test only looks at the few edges near the point's y.
import type { Position } from 'geojson';

export interface PreparedPolygon {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** x1,y1,x2,y2 per edge */
  edges: Float64Array;
  bandStart: Uint32Array;
  bandEdges: Uint32Array;
  bandH: number;
  bands: number;
}

export function preparePolygon(rings: Position[][]): PreparedPolygon {
  const list: number[] = [];
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const ring of rings) {
    const n = ring.length;
    if (n < 2) continue;
    const closed = ring[0][0] === ring[n - 1][0] && ring[0][1] === ring[n - 1][1];
    const m = closed ? n - 1 : n;
    for (let i = 0; i < m; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % n];
      list.push(a[0], a[1], b[0], b[1]);
      if (a[0] < minX) minX = a[0];
      if (a[0] > maxX) maxX = a[0];
      if (a[1] < minY) minY = a[1];
      if (a[1] > maxY) maxY = a[1];
    }
  }
  const edges = Float64Array.from(list);
  const ne = edges.length / 4;
  const bands = Math.max(1, Math.min(1024, ne >> 2));
  const bandH = maxY > minY ? (maxY - minY) / bands : 1;
  const bandOf = (y: number) => Math.min(bands - 1, Math.max(0, Math.floor((y - minY) / bandH)));
  const counts = new Uint32Array(bands + 1);
  for (let e = 0; e < ne; e++) {
    const y1 = edges[4 * e + 1],
      y2 = edges[4 * e + 3];
    for (let b = bandOf(Math.min(y1, y2)); b <= bandOf(Math.max(y1, y2)); b++) counts[b + 1]++;
  }
  for (let b = 0; b < bands; b++) counts[b + 1] += counts[b];
  const bandEdges = new Uint32Array(counts[bands]);
  const fill = counts.slice(0, bands);
  for (let e = 0; e < ne; e++) {
    const y1 = edges[4 * e + 1],
      y2 = edges[4 * e + 3];
    for (let b = bandOf(Math.min(y1, y2)); b <= bandOf(Math.max(y1, y2)); b++) bandEdges[fill[b]++] = e;
  }
  return { minX, minY, maxX, maxY, edges, bandStart: counts, bandEdges, bandH, bands };
}

/** true inside or on the boundary; false outside. */
export function pointInPrepared(p: PreparedPolygon, x: number, y: number): boolean {
  if (x < p.minX || x > p.maxX || y < p.minY || y > p.maxY) return false;
  const b = Math.min(p.bands - 1, Math.max(0, Math.floor((y - p.minY) / p.bandH)));
  const e = p.edges;
  let k = 0;
  for (let j = p.bandStart[b], end = p.bandStart[b + 1]; j < end; j++) {
    const o = 4 * p.bandEdges[j];
    const u1 = e[o] - x,
      v1 = e[o + 1] - y,
      u2 = e[o + 2] - x,
      v2 = e[o + 3] - y;
    if (v1 === 0 && v2 === 0) {
      if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return true;
    } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
      const f = u2 * v1 - u1 * v2;
      if (f === 0) return true;
      if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) k++;
    }
  }
  return (k & 1) === 1;
}
