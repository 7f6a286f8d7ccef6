// A boundary file (zipped shapefile, KML, KMZ or GeoJSON) → polygon features in
// EPSG:4326, each with its attributes and what the editor's geometry rules say
// of it as a plot and as an irrigation area. Runs in the job thread.
import type { Feature, Geometry, Position } from 'geojson';
import { validateGeometry, type GeometryErrorCode, type GeometryErrorParams } from '../../src/domain/geometry-validation';
import { geojsonRings } from '../export/shp-polygons';
import { countsInEnglish, type CountKey } from '../../src/domain/error-codes';
import { HttpError } from '../http-error';
import { BOUNDARY_LIMITS, BoundaryFileError, extensionOf, sniff, unzipParts } from './archive';
import { decoder, fromGeoJson, fromKml, fromShapefile } from './parse';
import { projectionOf, reprojectGeometry, type Projection } from './reproject';

export type BoundaryFormat = 'shapefile' | 'kml' | 'kmz' | 'geojson';
export type AttributeValue = string | number | boolean | null;

export interface BoundaryFeature {
  index: number;
  geometry: Geometry | null;
  properties: Record<string, AttributeValue>;
  /** null: the geometry passes the editor's rules for that kind; else why not. */
  problems: { plot: string | null; irrigation: string | null };
  /** The same verdicts as codes the app words (src/domain/geometry-validation.ts). */
  issues: { plot: GeometryIssue | null; irrigation: GeometryIssue | null };
}

export interface GeometryIssue {
  code: GeometryErrorCode;
  params: GeometryErrorParams;
}

export interface BoundaryPreview {
  format: BoundaryFormat;
  /** The source coordinate system as named by the file. */
  crs: string;
  fields: string[];
  features: BoundaryFeature[];
}

/** All vertices of a file, over every feature (the preview goes back to the browser whole). */
const MAX_TOTAL_VERTICES = 500_000;

/** KML's MultiGeometry of polygons → MultiPolygon; Z values dropped everywhere; rings wound as RFC 7946 asks. */
function flatten(g: Geometry | null): Geometry | null {
  if (!g) return null;
  const xy = (p: Position) => [p[0], p[1]];
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: geojsonRings([g.coordinates.map((r) => r.map(xy))])[0] };
  if (g.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: geojsonRings(g.coordinates.map((p) => p.map((r) => r.map(xy)))) };
  if (g.type === 'GeometryCollection' && g.geometries.length && g.geometries.every((x) => x.type === 'Polygon')) {
    return { type: 'MultiPolygon', coordinates: geojsonRings(g.geometries.map((x) => (x as { coordinates: Position[][] }).coordinates.map((r) => r.map(xy)))) };
  }
  return g;
}

const vertexCount = (g: Geometry | null): number =>
  !g
    ? 0
    : g.type === 'Polygon'
      ? g.coordinates.reduce((s, r) => s + r.length, 0)
      : g.type === 'MultiPolygon'
        ? g.coordinates.reduce((s, p) => s + p.reduce((t, r) => t + r.length, 0), 0)
        : 1;

function attributes(p: unknown): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  if (!p || typeof p !== 'object') return out;
  for (const [k, v] of Object.entries(p as Record<string, unknown>).slice(0, 100)) {
    if (v === null || typeof v === 'number' || typeof v === 'boolean') out[k.slice(0, 100)] = v;
    else if (typeof v === 'string') out[k.slice(0, 100)] = v.slice(0, 500);
    else if (v instanceof Date) out[k.slice(0, 100)] = v.toISOString().slice(0, 10);
  }
  return out;
}

const verdict = (g: Geometry | null, kind: 'plot' | 'irrigation'): { message: string; issue: GeometryIssue } | null => {
  if (!g) return { message: 'The feature has no geometry', issue: { code: 'geometry_required', params: {} } };
  const r = validateGeometry(g, kind);
  return r.ok ? null : { message: r.error, issue: { code: r.code, params: r.params } };
};

/** What a file holds when it holds no polygon ({ point: 12, line: 3 }), in the order the 422's message says it. */
const HOLDS = ['point', 'line', 'collection', 'no_geometry', 'network_link', 'ground_overlay', 'other'] as const satisfies readonly CountKey[];
function holdsOf(features: readonly Feature[], skipped: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (k: string, n = 1) => (out[k] = (out[k] ?? 0) + n);
  for (const f of features) {
    const t = f?.geometry?.type;
    if (!t) add('no_geometry');
    else if (t === 'Point' || t === 'MultiPoint') add('point');
    else if (t === 'LineString' || t === 'MultiLineString') add('line');
    else if (t === 'GeometryCollection') add('collection');
    else add('other');
  }
  for (const [k, n] of Object.entries(skipped)) add(k, n);
  return Object.fromEntries(HOLDS.filter((k) => out[k]).map((k) => [k, out[k]]));
}
function noPolygons(holds: Record<string, number>): BoundaryFileError {
  const { text } = countsInEnglish(HOLDS.map((k) => [holds[k] ?? 0, k] as const));
  return new BoundaryFileError(422, 'no_polygons', `The file holds no polygons: ${text || 'no features at all'}`, { holds });
}

export async function readBoundaryFile(buf: Uint8Array): Promise<BoundaryPreview> {
  if (buf.length === 0) throw new BoundaryFileError(400, 'file_empty', 'The file is empty');
  const kind = sniff(buf);
  let format: BoundaryFormat, raw: Feature[], projection: Projection;
  let skipped: Record<string, number> = {};
  if (kind === 'zip') {
    const parts = unzipParts(buf, ['shp', 'shx', 'dbf', 'prj', 'cpg', 'kml']);
    const kmls = [...parts.entries()].filter(([n]) => extensionOf(n) === 'kml');
    if ([...parts.keys()].some((n) => extensionOf(n) === 'shp')) {
      format = 'shapefile';
      const s = await fromShapefile(parts);
      raw = s.features;
      projection = projectionOf({ prj: s.prj, sample: raw });
    } else if (kmls.length) {
      format = 'kmz';
      // KMZ: the root document is doc.kml by convention, else the first KML.
      const main = kmls.find(([n]) => n.toLowerCase() === 'doc.kml') ?? kmls[0];
      ({ features: raw, skipped } = fromKml(decoder().decode(main[1])));
      projection = projectionOf({ wgs84: 'KML (WGS 84)' });
    } else {
      throw new BoundaryFileError(422, 'zip_no_boundary', 'The zip holds neither a shapefile (.shp) nor KML');
    }
  } else if (kind === 'xml') {
    format = 'kml';
    ({ features: raw, skipped } = fromKml(decoder().decode(buf)));
    projection = projectionOf({ wgs84: 'KML (WGS 84)' });
  } else if (kind === 'json') {
    format = 'geojson';
    const g = fromGeoJson(decoder().decode(buf));
    raw = g.features;
    projection = projectionOf({ crsName: g.crsName, sample: raw });
  } else {
    throw new BoundaryFileError(
      400,
      'file_type_unknown',
      'Unknown file type: send a zipped shapefile, KML, KMZ or GeoJSON (checked by the file’s first bytes)',
    );
  }
  if (raw.length > BOUNDARY_LIMITS.features)
    throw new BoundaryFileError(422, 'too_many_features', `The file holds ${raw.length} features; at most ${BOUNDARY_LIMITS.features} at once`, {
      count: raw.length,
      max: BOUNDARY_LIMITS.features,
    });
  const total = raw.reduce((s, f) => s + vertexCount(f?.geometry ?? null), 0);
  if (total > MAX_TOTAL_VERTICES)
    throw new BoundaryFileError(422, 'too_many_vertices', `The file holds ${total} vertices; at most ${MAX_TOTAL_VERTICES} at once`, {
      count: total,
      max: MAX_TOTAL_VERTICES,
    });
  const fields = new Set<string>();
  const features = raw.map((f, index) => {
    const geometry = reprojectGeometry(flatten(f?.geometry ?? null), projection);
    const properties = attributes(f?.properties);
    Object.keys(properties).forEach((k) => fields.add(k));
    const plot = verdict(geometry, 'plot'),
      irrigation = verdict(geometry, 'irrigation');
    return {
      index,
      geometry,
      properties,
      problems: { plot: plot?.message ?? null, irrigation: irrigation?.message ?? null },
      issues: { plot: plot?.issue ?? null, irrigation: irrigation?.issue ?? null },
    };
  });
  // A file without a single polygon has nothing to import: say what it holds (a mixed file keeps its per-feature verdicts).
  if (!features.some((f) => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon')) throw noPolygons(holdsOf(raw, skipped));
  return { format, crs: projection.name, fields: [...fields], features };
}

/** The job thread's entry: the file's errors become the HTTP answers they stand for. */
export async function boundaryPreviewJob(_db: unknown, input: { file: Uint8Array }): Promise<BoundaryPreview> {
  try {
    return await readBoundaryFile(input.file);
  } catch (e) {
    if (e instanceof BoundaryFileError) throw new HttpError(e.status, e.message, undefined, undefined, e.code, e.params);
    throw e;
  }
}
