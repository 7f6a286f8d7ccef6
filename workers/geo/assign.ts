// Bulk assignment of points to polygons (trees → irrigation area / plot, and
// irrigation area → plot). Pure and DOM-free: the server uses it too.
// Inputs are lon/lat (EPSG:4326); outputs are polygon indices, -1 for none.
// Index: Flatbush over polygon boxes, cached per grid cell (see buildPolygonGrid).
import Flatbush from 'flatbush';
import type { Polygon } from 'geojson';
import { pointInPrepared, preparePolygon, type PreparedPolygon } from './pip';

export function preparePolygons(polygons: readonly Polygon[]): PreparedPolygon[] {
  return polygons.map((g) => preparePolygon(g.coordinates));
}

/**
 * A uniform grid over the polygons' extent; each cell lists (ascending) the
 * polygons whose bounding box touches it, found with a Flatbush index. A point
 * then tests only its cell's few candidates: no per-point search, no sorting.
 */
export interface PolygonGrid {
  polys: PreparedPolygon[];
  minX: number;
  minY: number;
  cw: number;
  ch: number;
  nx: number;
  ny: number;
  cellStart: Uint32Array;
  cellPolys: Uint32Array;
}

export function buildPolygonGrid(polys: PreparedPolygon[], cellsPerPolygon = 64): PolygonGrid {
  const valid = polys.filter((p) => p.maxX >= p.minX);
  const minX = Math.min(...valid.map((p) => p.minX)),
    maxX = Math.max(...valid.map((p) => p.maxX));
  const minY = Math.min(...valid.map((p) => p.minY)),
    maxY = Math.max(...valid.map((p) => p.maxY));
  const w = Math.max(maxX - minX, 1e-12),
    h = Math.max(maxY - minY, 1e-12);
  const cells = Math.min(1 << 20, Math.max(16, valid.length * cellsPerPolygon));
  const nx = Math.max(1, Math.round(Math.sqrt((cells * w) / h))),
    ny = Math.max(1, Math.round(cells / nx));
  const cw = w / nx,
    ch = h / ny;
  const tree = new Flatbush(Math.max(1, polys.length));
  for (const p of polys) tree.add(p.minX, p.minY, p.maxX, p.maxY);
  if (polys.length === 0) tree.add(Infinity, Infinity, Infinity, Infinity);
  tree.finish();
  const cellStart = new Uint32Array(nx * ny + 1);
  const lists: number[][] = [];
  for (let cy = 0; cy < ny; cy++)
    for (let cx = 0; cx < nx; cx++) {
      // widened by a hair so rounding in locateInGrid's floor never misses a touching polygon
      const x0 = minX + cx * cw - cw * 1e-6,
        y0 = minY + cy * ch - ch * 1e-6;
      const hits = valid.length
        ? tree
            .search(x0, y0, x0 + cw * (1 + 2e-6), y0 + ch * (1 + 2e-6))
            .filter((i) => i < polys.length)
            .sort((a, b) => a - b)
        : [];
      lists.push(hits);
      cellStart[cy * nx + cx + 1] = cellStart[cy * nx + cx] + hits.length;
    }
  const cellPolys = new Uint32Array(cellStart[nx * ny]);
  lists.forEach((l, c) => cellPolys.set(l, cellStart[c]));
  return { polys, minX, minY, cw, ch, nx, ny, cellStart, cellPolys };
}

/** First (lowest-index) polygon containing x,y, else -1. */
export function locateInGrid(g: PolygonGrid, x: number, y: number): number {
  const cx = Math.floor((x - g.minX) / g.cw),
    cy = Math.floor((y - g.minY) / g.ch);
  if (!(cx >= -1 && cy >= -1 && cx <= g.nx && cy <= g.ny)) return -1;
  const c = Math.min(g.ny - 1, Math.max(0, cy)) * g.nx + Math.min(g.nx - 1, Math.max(0, cx));
  for (let j = g.cellStart[c], end = g.cellStart[c + 1]; j < end; j++) {
    const pi = g.cellPolys[j];
    if (pointInPrepared(g.polys[pi], x, y)) return pi;
  }
  return -1;
}

/**
 * For each point (interleaved lon/lat), the index of the first polygon that
 * contains it (lowest index wins where polygons overlap), else -1. On-edge
 * points count as inside, as turf's booleanPointInPolygon does by default.
 */
export function assignPointsToPolygons(positions: Float64Array, polygons: readonly Polygon[] | readonly PreparedPolygon[]): Int32Array {
  const n = positions.length >> 1;
  const out = new Int32Array(n).fill(-1);
  if (n === 0 || polygons.length === 0) return out;
  const prepared = isPrepared(polygons) ? [...polygons] : preparePolygons(polygons as Polygon[]);
  const grid = buildPolygonGrid(prepared);
  for (let i = 0; i < n; i++) out[i] = locateInGrid(grid, positions[2 * i], positions[2 * i + 1]);
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
    let best = -1,
      bestVotes = 0;
    for (const [pi, c] of votes)
      if (c > bestVotes || (c === bestVotes && pi < best)) {
        best = pi;
        bestVotes = c;
      }
    out[ci] = best;
  });
  return out;
}

/** Row lists per group (counting sort): groups[g] = ascending indices i with groupOf[i] === g. */
export function groupIndices(groupOf: Int32Array, groupCount: number): Uint32Array[] {
  const counts = new Uint32Array(groupCount);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g >= 0 && g < groupCount) counts[g]++;
  }
  const groups = Array.from(counts, (c) => new Uint32Array(c));
  const fill = new Uint32Array(groupCount);
  for (let i = 0; i < groupOf.length; i++) {
    const g = groupOf[i];
    if (g >= 0 && g < groupCount) groups[g][fill[g]++] = i;
  }
  return groups;
}
