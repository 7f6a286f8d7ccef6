// Bulk assignment of points to polygons (trees → irrigation area / plot, and
// irrigation area → plot). Pure and DOM-free: the server uses it too.
// Inputs are lon/lat (EPSG:4326); outputs are polygon indices, -1 for none.
import Flatbush from 'flatbush';
import KDBush from 'kdbush';
import type { Polygon } from 'geojson';
import { pointInPrepared, preparePolygon, type PreparedPolygon } from './pip';

export function preparePolygons(polygons: readonly Polygon[]): PreparedPolygon[] {
  return polygons.map((g) => preparePolygon(g.coordinates));
}

/**
 * For each point (interleaved lon/lat), the index of the first polygon that
 * contains it (lowest index wins where polygons overlap), else -1. On-edge
 * points count as inside, as turf's booleanPointInPolygon does by default.
 * A KDBush over the points finds candidates per polygon bounding box.
 */
export function assignPointsToPolygons(
  positions: Float64Array, polygons: readonly Polygon[] | readonly PreparedPolygon[],
): Int32Array {
  const n = positions.length >> 1;
  const out = new Int32Array(n).fill(-1);
  if (n === 0 || polygons.length === 0) return out;
  const prepared = isPrepared(polygons) ? polygons : preparePolygons(polygons as Polygon[]);
  const index = new KDBush(n, 64, Float64Array);
  for (let i = 0; i < n; i++) index.add(positions[2 * i], positions[2 * i + 1]);
  index.finish();
  for (let pi = 0; pi < prepared.length; pi++) {
    const poly = prepared[pi];
    if (!(poly.maxX >= poly.minX)) continue;
    const hits = index.range(poly.minX, poly.minY, poly.maxX, poly.maxY);
    for (let h = 0; h < hits.length; h++) {
      const i = hits[h];
      if (out[i] !== -1) continue;
      if (pointInPrepared(poly, positions[2 * i], positions[2 * i + 1])) out[i] = pi;
    }
  }
  return out;
}

function isPrepared(p: readonly Polygon[] | readonly PreparedPolygon[]): p is readonly PreparedPolygon[] {
  return p.length > 0 && 'edges' in p[0];
}

/**
 * Parent polygon of each child polygon (irrigation area → plot): the parent
 * containing most of the child's outer-ring vertices (vertices on the parent's
 * edge count, since areas are usually drawn along plot borders); ties go to the
 * lower parent index; -1 when no parent contains any vertex. Vertices are used
 * instead of a centroid because a concave area's centroid can lie outside it.
 */
export function assignPolygonsToParents(children: readonly Polygon[], parents: readonly Polygon[]): Int32Array {
  const out = new Int32Array(children.length).fill(-1);
  if (parents.length === 0) return out;
  const prepared = preparePolygons(parents);
  const tree = new Flatbush(prepared.length);
  for (const p of prepared) tree.add(p.minX, p.minY, p.maxX, p.maxY);
  tree.finish();
  children.forEach((child, ci) => {
    const ring = child.coordinates[0] ?? [];
    const last = ring.length - 1;
    const closed = last > 0 && ring[0][0] === ring[last][0] && ring[0][1] === ring[last][1];
    const votes = new Map<number, number>();
    for (let v = 0; v < ring.length - (closed ? 1 : 0); v++) {
      const [x, y] = ring[v];
      for (const pi of tree.search(x, y, x, y)) {
        if (pointInPrepared(prepared[pi], x, y)) votes.set(pi, (votes.get(pi) ?? 0) + 1);
      }
    }
    let best = -1, bestVotes = 0;
    for (const [pi, c] of votes) if (c > bestVotes || (c === bestVotes && pi < best)) { best = pi; bestVotes = c; }
    out[ci] = best;
  });
  return out;
}

/** Row lists per group (counting sort): groups[g] = ascending indices i with groupOf[i] === g. */
export function groupIndices(groupOf: Int32Array, groupCount: number): Uint32Array[] {
  const counts = new Uint32Array(groupCount);
  for (let i = 0; i < groupOf.length; i++) { const g = groupOf[i]; if (g >= 0 && g < groupCount) counts[g]++; }
  const groups = Array.from(counts, (c) => new Uint32Array(c));
  const fill = new Uint32Array(groupCount);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g >= 0 && g < groupCount) groups[g][fill[g]++] = i;
  }
  return groups;
}
