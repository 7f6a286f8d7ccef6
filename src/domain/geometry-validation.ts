// Geometry checks shared by the browser forms and the server (admin.md §5,
// docs/ARCHITECTURE.md §5): the right type, finite numbers, longitude/latitude in range,
// closed rings with ≥ 4 positions, no self-intersection. Every message says
// what is wrong and where, so an admin can fix the WKT by hand.
import type { MultiPolygon, Point, Polygon, Position } from 'geojson';
import { parseWkt } from './wkt';
import { firstCrossing, type Seg } from './ring-crossings';

export type GeometryKind = 'plot' | 'irrigation' | 'tree';
export type KindGeometry<K extends GeometryKind> = K extends 'tree' ? Point : K extends 'plot' ? Polygon | MultiPolygon : Polygon;
/** A failure says what is wrong in English (`error`) and as a stable code with its parts, which the app words (src/api/error-text.ts). */
export type GeometryResult<K extends GeometryKind> =
  { ok: true; geometry: KindGeometry<K> } | { ok: false; error: string; code: GeometryErrorCode; params: GeometryErrorParams };

/** Where in a polygon: polygon n of a MultiPolygon (null for a Polygon), hole n (0: the outer ring). */
export interface RingRef {
  polygon: number | null;
  hole: number;
}
/** A position of a ring (1-based), or the point of a Point (position and ring null). */
export interface PositionRef {
  position: number | null;
  ring: RingRef | null;
}
export type GeometryErrorParams = Record<string, string | number | RingRef | PositionRef | null>;

export const GEOMETRY_ERROR_CODES = [
  'geometry_required',
  'geometry_json_invalid',
  'wkt_invalid',
  'geometry_not_object',
  'geometry_no_type',
  'geometry_wrong_type',
  'geometry_no_coordinates',
  'geometry_empty_multipolygon',
  'geometry_no_rings',
  'geometry_too_many_positions',
  'geometry_zero_area',
  'geometry_position_not_pair',
  'geometry_position_3d',
  'geometry_position_not_number',
  'geometry_position_nan',
  'geometry_position_infinite',
  'geometry_longitude_range',
  'geometry_latitude_range',
  'geometry_ring_not_list',
  'geometry_ring_too_few',
  'geometry_ring_not_closed',
  'geometry_ring_few_corners',
  'geometry_rings_cross',
  'geometry_self_intersection',
] as const;
export type GeometryErrorCode = (typeof GEOMETRY_ERROR_CODES)[number];

const ALLOWED: Record<GeometryKind, string[]> = {
  plot: ['Polygon', 'MultiPolygon'],
  irrigation: ['Polygon'],
  tree: ['Point'],
};
/** A generous cap: a hand-drawn plot has tens of vertices; this keeps the O(n log n) checks cheap. */
export const MAX_VERTICES = 20_000;

class GeometryError extends Error {
  constructor(
    readonly code: GeometryErrorCode,
    readonly params: GeometryErrorParams,
    message: string,
  ) {
    super(message);
  }
}
const fail = (code: GeometryErrorCode, params: GeometryErrorParams, error: string) => ({ ok: false as const, error, code, params });

/**
 * Parses WKT text, GeoJSON text or a GeoJSON geometry object (or a Feature)
 * and validates it for the kind of entity. Blank input → 'Geometry is required'.
 */
export function parseGeometryInput<K extends GeometryKind>(input: unknown, kind: K): GeometryResult<K> {
  let value = input;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return fail('geometry_required', {}, 'Geometry is required');
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text);
      } catch {
        return fail('geometry_json_invalid', {}, 'Geometry looks like GeoJSON but is not valid JSON');
      }
    } else {
      const wkt = parseWkt(text);
      if (!wkt.ok) return fail('wkt_invalid', { detail: wkt.error }, wkt.error);
      value = wkt.geometry;
    }
  }
  if (value === null || value === undefined) return fail('geometry_required', {}, 'Geometry is required');
  if (typeof value === 'object' && (value as { type?: unknown }).type === 'Feature') value = (value as { geometry?: unknown }).geometry;
  return validateGeometry(value, kind);
}

export function validateGeometry<K extends GeometryKind>(g: unknown, kind: K): GeometryResult<K> {
  try {
    check(g, kind);
    return { ok: true, geometry: g as KindGeometry<K> };
  } catch (e) {
    if (e instanceof GeometryError) return fail(e.code, e.params, e.message);
    throw e;
  }
}

const NAMES: Record<GeometryKind, string> = { plot: 'A plot', irrigation: 'An irrigation area', tree: 'A tree' };

/** "polygon 2, hole 1" / "outer ring" as the English messages say it. */
const ringText = (r: RingRef) => `${r.polygon === null ? '' : `polygon ${r.polygon}, `}${r.hole === 0 ? 'outer ring' : `hole ${r.hole}`}`;
const positionText = (at: PositionRef) => (at.position === null || !at.ring ? 'The point' : `Position ${at.position} of the ${ringText(at.ring)}`);

function check(g: unknown, kind: GeometryKind): void {
  if (!g || typeof g !== 'object') throw new GeometryError('geometry_not_object', {}, 'Geometry must be WKT text or a GeoJSON geometry object');
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string') throw new GeometryError('geometry_no_type', {}, 'GeoJSON geometry has no "type"');
  if (!ALLOWED[kind].includes(type)) {
    const want = ALLOWED[kind].map((t) => t.toUpperCase()).join(' or ');
    throw new GeometryError(
      'geometry_wrong_type',
      { kind, want, type: type.toUpperCase() },
      `${NAMES[kind]} needs a ${want} geometry, not ${type.toUpperCase()}`,
    );
  }
  if (!Array.isArray(coordinates)) throw new GeometryError('geometry_no_coordinates', { type }, `${type} has no "coordinates" array`);
  if (type === 'Point') return checkPosition(coordinates, { position: null, ring: null });
  const polygons = (type === 'Polygon' ? [coordinates] : coordinates) as unknown[];
  if (polygons.length === 0) throw new GeometryError('geometry_empty_multipolygon', {}, 'MultiPolygon has no polygons');
  let vertices = 0;
  polygons.forEach((rings, pi) => {
    const polygon = type === 'MultiPolygon' ? pi + 1 : null;
    const where = polygon === null ? '' : `polygon ${polygon}, `;
    if (!Array.isArray(rings) || rings.length === 0) throw new GeometryError('geometry_no_rings', { polygon }, `The ${where}polygon has no rings`);
    rings.forEach((ring: unknown, hole: number) => {
      checkRing(ring, { polygon, hole });
      vertices += (ring as Position[]).length;
      if (vertices > MAX_VERTICES)
        throw new GeometryError('geometry_too_many_positions', { max: MAX_VERTICES }, `Geometry has more than ${MAX_VERTICES} positions`);
    });
    checkSelfIntersection(rings as Position[][], polygon);
    (rings as Position[][]).forEach((r, hole) => {
      // After the crossing check, so a bow-tie (zero signed area) is reported as crossing.
      const ring = { polygon, hole };
      if (planarArea(r) === 0) throw new GeometryError('geometry_zero_area', { ring }, `The ${ringText(ring)} has zero area (all corners on one line)`);
    });
  });
}

function checkPosition(p: unknown, at: PositionRef): void {
  const what = positionText(at);
  if (!Array.isArray(p) || p.length < 2) throw new GeometryError('geometry_position_not_pair', { at }, `${what} must be a [longitude, latitude] pair`);
  if (p.length > 2)
    throw new GeometryError('geometry_position_3d', { at, count: p.length }, `${what} has ${p.length} numbers: only longitude and latitude are supported`);
  const [x, y] = p as unknown[];
  if (typeof x !== 'number' || typeof y !== 'number')
    throw new GeometryError('geometry_position_not_number', { at }, `${what} has a coordinate that is not a number`);
  if (Number.isNaN(x) || Number.isNaN(y)) throw new GeometryError('geometry_position_nan', { at }, `${what} has a NaN coordinate`);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new GeometryError('geometry_position_infinite', { at }, `${what} has an infinite coordinate`);
  if (x < -180 || x > 180)
    throw new GeometryError(
      'geometry_longitude_range',
      { at, value: x },
      `${what} has longitude ${x}, outside -180..180 (is it in decimal degrees, longitude first?)`,
    );
  if (y < -90 || y > 90)
    throw new GeometryError(
      'geometry_latitude_range',
      { at, value: y },
      `${what} has latitude ${y}, outside -90..90 (is it in decimal degrees, longitude first?)`,
    );
}

function checkRing(ring: unknown, ref: RingRef): void {
  const name = ringText(ref);
  if (!Array.isArray(ring)) throw new GeometryError('geometry_ring_not_list', { ring: ref }, `The ${name} is not a list of positions`);
  ring.forEach((p, i) => checkPosition(p, { position: i + 1, ring: ref }));
  const r = ring as Position[];
  if (r.length < 4)
    throw new GeometryError(
      'geometry_ring_too_few',
      { ring: ref, count: r.length },
      `The ${name} has ${r.length} positions; a polygon ring needs at least 4 (3 corners and the first repeated to close it)`,
    );
  const a = r[0],
    b = r[r.length - 1];
  if (a[0] !== b[0] || a[1] !== b[1])
    throw new GeometryError(
      'geometry_ring_not_closed',
      { ring: ref, lon: a[0], lat: a[1] },
      `The ${name} is not closed: its last position must repeat the first (${a[0]} ${a[1]})`,
    );
  const distinct = new Set(r.map((p) => `${p[0]},${p[1]}`));
  if (distinct.size < 3) throw new GeometryError('geometry_ring_few_corners', { ring: ref }, `The ${name} needs at least 3 distinct corners`);
}

function planarArea(r: Position[]): number {
  let s = 0;
  for (let i = 0; i < r.length - 1; i++) s += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return s / 2;
}

/**
 * Edges of all rings of one polygon must not cross or touch except where
 * consecutive edges of the same ring share a corner (ring-crossings.ts).
 */
function checkSelfIntersection(rings: Position[][], polygon: number | null): void {
  const crossing = firstCrossing(rings);
  if (crossing) throw selfError(polygon, crossing[0], crossing[1], rings);
}

function selfError(polygon: number | null, s: Seg, t: Seg, rings: Position[][]): GeometryError {
  if (s.ring !== t.ring) {
    const ring = { polygon, hole: Math.min(s.ring, t.ring) },
      other = { polygon, hole: Math.max(s.ring, t.ring) };
    return new GeometryError(
      'geometry_rings_cross',
      { ring, other },
      `The ${ringText(ring)} and ${ringText(other).replace(/^polygon \d+, /, '')} cross or touch each other`,
    );
  }
  const [a, b] = s.idx < t.idx ? [s, t] : [t, s];
  const p = rings[a.ring][a.idx];
  const ring = { polygon, hole: a.ring };
  return new GeometryError(
    'geometry_self_intersection',
    { ring, edge: a.idx + 1, other_edge: b.idx + 1, lon: p[0], lat: p[1] },
    `The ${ringText(ring)} intersects itself: edge ${a.idx + 1} (from ${p[0]} ${p[1]}) crosses edge ${b.idx + 1}`,
  );
}

export { areaHectares, areaSquareMeters, lengthMeters } from '../../workers/geo/geodesy';
