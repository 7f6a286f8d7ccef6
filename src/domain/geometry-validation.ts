// Geometry checks shared by the browser forms and the server (admin.md §5,
// DESIGN.md §5): the right type, finite numbers, longitude/latitude in range,
// closed rings with ≥ 4 positions, no self-intersection. Every message says
// what is wrong and where, so an admin can fix the WKT by hand.
import type { MultiPolygon, Point, Polygon, Position } from 'geojson';
import { parseWkt } from './wkt';

export type GeometryKind = 'plot' | 'irrigation' | 'tree';
export type KindGeometry<K extends GeometryKind> = K extends 'tree' ? Point : K extends 'plot' ? Polygon | MultiPolygon : Polygon;
export type GeometryResult<K extends GeometryKind> = { ok: true; geometry: KindGeometry<K> } | { ok: false; error: string };

const ALLOWED: Record<GeometryKind, string[]> = {
  plot: ['Polygon', 'MultiPolygon'],
  irrigation: ['Polygon'],
  tree: ['Point'],
};
/** A generous cap: a hand-drawn plot has tens of vertices; this keeps the O(n log n) checks cheap. */
export const MAX_VERTICES = 20_000;

class GeometryError extends Error {}

/**
 * Parses WKT text, GeoJSON text or a GeoJSON geometry object (or a Feature)
 * and validates it for the kind of entity. Blank input → 'Geometry is required'.
 */
export function parseGeometryInput<K extends GeometryKind>(input: unknown, kind: K): GeometryResult<K> {
  let value = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return { ok: false, error: 'Geometry is required' };
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text);
      } catch {
        return { ok: false, error: 'Geometry looks like GeoJSON but is not valid JSON' };
      }
    } else {
      const wkt = parseWkt(text);
      if (!wkt.ok) return wkt;
      value = wkt.geometry;
    }
  }
  if (value === null || value === undefined) return { ok: false, error: 'Geometry is required' };
  if (typeof value === 'object' && (value as { type?: unknown }).type === 'Feature') value = (value as { geometry?: unknown }).geometry;
  return validateGeometry(value, kind);
}

export function validateGeometry<K extends GeometryKind>(g: unknown, kind: K): GeometryResult<K> {
  try {
    check(g, kind);
    return { ok: true, geometry: g as KindGeometry<K> };
  } catch (e) {
    if (e instanceof GeometryError) return { ok: false, error: e.message };
    throw e;
  }
}

const NAMES: Record<GeometryKind, string> = { plot: 'A plot', irrigation: 'An irrigation area', tree: 'A tree' };

function check(g: unknown, kind: GeometryKind): void {
  if (!g || typeof g !== 'object') throw new GeometryError('Geometry must be WKT text or a GeoJSON geometry object');
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string') throw new GeometryError('GeoJSON geometry has no "type"');
  if (!ALLOWED[kind].includes(type)) {
    const want = ALLOWED[kind].map((t) => t.toUpperCase()).join(' or ');
    throw new GeometryError(`${NAMES[kind]} needs a ${want} geometry, not ${type.toUpperCase()}`);
  }
  if (!Array.isArray(coordinates)) throw new GeometryError(`${type} has no "coordinates" array`);
  if (type === 'Point') return checkPosition(coordinates, 'The point');
  const polygons = (type === 'Polygon' ? [coordinates] : coordinates) as unknown[];
  if (polygons.length === 0) throw new GeometryError('MultiPolygon has no polygons');
  let vertices = 0;
  polygons.forEach((rings, pi) => {
    const where = type === 'MultiPolygon' ? `polygon ${pi + 1}, ` : '';
    if (!Array.isArray(rings) || rings.length === 0) throw new GeometryError(`The ${where}polygon has no rings`);
    rings.forEach((ring: unknown, ri: number) => {
      const name = `${where}${ri === 0 ? 'outer ring' : `hole ${ri}`}`;
      checkRing(ring, name);
      vertices += (ring as Position[]).length;
      if (vertices > MAX_VERTICES) throw new GeometryError(`Geometry has more than ${MAX_VERTICES} positions`);
    });
    checkSelfIntersection(rings as Position[][], where);
    (rings as Position[][]).forEach((r, ri) => {
      // After the crossing check, so a bow-tie (zero signed area) is reported as crossing.
      if (planarArea(r) === 0) throw new GeometryError(`The ${where}${ri === 0 ? 'outer ring' : `hole ${ri}`} has zero area (all corners on one line)`);
    });
  });
}

function checkPosition(p: unknown, what: string): void {
  if (!Array.isArray(p) || p.length < 2) throw new GeometryError(`${what} must be a [longitude, latitude] pair`);
  if (p.length > 2) throw new GeometryError(`${what} has ${p.length} numbers: only longitude and latitude are supported`);
  const [x, y] = p as unknown[];
  if (typeof x !== 'number' || typeof y !== 'number') throw new GeometryError(`${what} has a coordinate that is not a number`);
  if (Number.isNaN(x) || Number.isNaN(y)) throw new GeometryError(`${what} has a NaN coordinate`);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new GeometryError(`${what} has an infinite coordinate`);
  if (x < -180 || x > 180) throw new GeometryError(`${what} has longitude ${x}, outside -180..180 (is it in decimal degrees, longitude first?)`);
  if (y < -90 || y > 90) throw new GeometryError(`${what} has latitude ${y}, outside -90..90 (is it in decimal degrees, longitude first?)`);
}

function checkRing(ring: unknown, name: string): void {
  if (!Array.isArray(ring)) throw new GeometryError(`The ${name} is not a list of positions`);
  ring.forEach((p, i) => checkPosition(p, `Position ${i + 1} of the ${name}`));
  const r = ring as Position[];
  if (r.length < 4)
    throw new GeometryError(`The ${name} has ${r.length} positions; a polygon ring needs at least 4 (3 corners and the first repeated to close it)`);
  const a = r[0],
    b = r[r.length - 1];
  if (a[0] !== b[0] || a[1] !== b[1]) throw new GeometryError(`The ${name} is not closed: its last position must repeat the first (${a[0]} ${a[1]})`);
  const distinct = new Set(r.map((p) => `${p[0]},${p[1]}`));
  if (distinct.size < 3) throw new GeometryError(`The ${name} needs at least 3 distinct corners`);
}

function planarArea(r: Position[]): number {
  let s = 0;
  for (let i = 0; i < r.length - 1; i++) s += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return s / 2;
}

interface Seg {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  ring: number;
  idx: number;
  n: number;
}

/**
 * Edges of all rings of one polygon must not cross or touch except where
 * consecutive edges of the same ring share a corner. Sweep over x (sorted by
 * minimum x) so a plot with thousands of vertices is still checked quickly.
 */
function checkSelfIntersection(rings: Position[][], where: string): void {
  const segs: Seg[] = [];
  rings.forEach((raw, ri) => {
    // A repeated position is harmless: drop it so its neighbours count as adjacent edges.
    const r = raw.filter((p, i) => i === 0 || p[0] !== raw[i - 1][0] || p[1] !== raw[i - 1][1]);
    const n = r.length - 1;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = r[i],
        [bx, by] = r[i + 1];
      segs.push({ ax, ay, bx, by, ring: ri, idx: i, n });
    }
  });
  segs.sort((s, t) => Math.min(s.ax, s.bx) - Math.min(t.ax, t.bx));
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const maxX = Math.max(s.ax, s.bx);
    for (let j = i + 1; j < segs.length && Math.min(segs[j].ax, segs[j].bx) <= maxX; j++) {
      const t = segs[j];
      if (Math.max(s.ay, s.by) < Math.min(t.ay, t.by) || Math.max(t.ay, t.by) < Math.min(s.ay, s.by)) continue;
      if (s.ring === t.ring && adjacent(s, t)) {
        if (collinearOverlap(s, t)) throw new GeometryError(selfMsg(where, s, t, rings));
        continue;
      }
      if (intersects(s, t)) throw new GeometryError(selfMsg(where, s, t, rings));
    }
  }
}

function adjacent(s: Seg, t: Seg): boolean {
  const d = Math.abs(s.idx - t.idx);
  return d === 1 || d === s.n - 1;
}

function selfMsg(where: string, s: Seg, t: Seg, rings: Position[][]): string {
  const ringName = (r: number) => (r === 0 ? 'outer ring' : `hole ${r}`);
  if (s.ring !== t.ring) return `The ${where}${ringName(Math.min(s.ring, t.ring))} and ${ringName(Math.max(s.ring, t.ring))} cross or touch each other`;
  const [a, b] = s.idx < t.idx ? [s, t] : [t, s];
  const p = rings[a.ring][a.idx];
  return `The ${where}${ringName(a.ring)} intersects itself: edge ${a.idx + 1} (from ${p[0]} ${p[1]}) crosses edge ${b.idx + 1}`;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSeg(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

function intersects(s: Seg, t: Seg): boolean {
  const o1 = orient(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const o2 = orient(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  const o3 = orient(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const o4 = orient(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSeg(s.ax, s.ay, s.bx, s.by, t.ax, t.ay)) ||
    (o2 === 0 && onSeg(s.ax, s.ay, s.bx, s.by, t.bx, t.by)) ||
    (o3 === 0 && onSeg(t.ax, t.ay, t.bx, t.by, s.ax, s.ay)) ||
    (o4 === 0 && onSeg(t.ax, t.ay, t.bx, t.by, s.bx, s.by))
  );
}

/** Consecutive edges share one corner; they are only invalid when they fold back over each other. */
function collinearOverlap(s: Seg, t: Seg): boolean {
  if (orient(s.ax, s.ay, s.bx, s.by, t.ax, t.ay) !== 0 || orient(s.ax, s.ay, s.bx, s.by, t.bx, t.by) !== 0) return false;
  // Collinear: overlapping if the dot product of directions from the shared corner is positive.
  const shared = s.bx === t.ax && s.by === t.ay ? [s.bx, s.by, s.ax, s.ay, t.bx, t.by] : [s.ax, s.ay, s.bx, s.by, t.ax, t.ay];
  const [cx, cy, px, py, qx, qy] = shared;
  return (px - cx) * (qx - cx) + (py - cy) * (qy - cy) > 0;
}

export { areaHectares, areaSquareMeters, lengthMeters } from '../../workers/geo/geodesy';
