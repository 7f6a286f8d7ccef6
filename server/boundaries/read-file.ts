// A boundary file (zipped shapefile, KML, KMZ or GeoJSON) → polygon features in
// EPSG:4326, each with its attributes and what the editor's geometry rules say
// of it as a plot and as an irrigation area. Runs in the job thread.
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, Geometry, Position } from 'geojson';
import { read as readShapefile } from 'shapefile';
import { validateGeometry } from '../../src/domain/geometry-validation';
import { geojsonRings } from '../export/shp-polygons';
import { HttpError } from '../http-error';
import { BOUNDARY_LIMITS, BoundaryFileError, extensionOf, sniff, unzipParts } from './archive';
import { projectionOf, reprojectGeometry, type Projection } from './reproject';

export type BoundaryFormat = 'shapefile' | 'kml' | 'kmz' | 'geojson';
export type AttributeValue = string | number | boolean | null;

export interface BoundaryFeature {
  index: number;
  geometry: Geometry | null;
  properties: Record<string, AttributeValue>;
  /** null: the geometry passes the editor's rules for that kind; else why not. */
  problems: { plot: string | null; irrigation: string | null };
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
const decoder = (label = 'utf-8') => {
  try {
    return new TextDecoder(label.trim().toLowerCase() || 'utf-8', { fatal: false });
  } catch {
    return new TextDecoder('utf-8');
  }
};

/** The .shp's own header says how long it is: a truncated (or padded) part is refused. */
function checkShp(shp: Uint8Array): void {
  if (shp.length < 100) throw new BoundaryFileError(422, 'The .shp is shorter than its 100-byte header');
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (view.getInt32(0) !== 9994) throw new BoundaryFileError(422, 'The .shp does not start with the shapefile file code 9994');
  if (view.getInt32(24) * 2 !== shp.length) throw new BoundaryFileError(422, `The .shp says it is ${view.getInt32(24) * 2} bytes long but holds ${shp.length}`);
}

function checkDbf(dbf: Uint8Array): void {
  if (dbf.length < 32) throw new BoundaryFileError(422, 'The .dbf is shorter than its header');
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const need = view.getUint16(8, true) + view.getUint32(4, true) * view.getUint16(10, true);
  if (need > dbf.length) throw new BoundaryFileError(422, `The .dbf needs ${need} bytes for its records but holds ${dbf.length}`);
}

async function fromShapefile(parts: Map<string, Uint8Array>): Promise<{ features: Feature[]; prj: string | null }> {
  const byExt = (ext: string) => [...parts.entries()].filter(([name]) => extensionOf(name) === ext);
  const shps = byExt('shp');
  if (shps.length === 0) throw new BoundaryFileError(422, 'The zip holds no .shp (a shapefile zip needs .shp, .dbf and .prj)');
  if (shps.length > 1) throw new BoundaryFileError(422, `The zip holds ${shps.length} shapefiles; send one per file`);
  const stem = shps[0][0].slice(0, -4).toLowerCase();
  const part = (ext: string) => byExt(ext).find(([name]) => name.slice(0, -4).toLowerCase() === stem)?.[1] ?? byExt(ext)[0]?.[1] ?? null;
  const shp = shps[0][1],
    dbf = part('dbf'),
    prj = part('prj'),
    cpg = part('cpg');
  checkShp(shp);
  if (dbf) checkDbf(dbf);
  const encoding = cpg ? decoder().decode(cpg).trim() || 'utf-8' : 'utf-8';
  try {
    const fc = await readShapefile(shp, dbf ?? undefined, { encoding: decoder(encoding).encoding });
    return { features: fc.features, prj: prj ? decoder().decode(prj) : null };
  } catch (e) {
    throw new BoundaryFileError(422, `The shapefile cannot be read: ${(e as Error).message}`);
  }
}

function fromKml(text: string): Feature[] {
  // No DTDs at all: no entity expansion (billion laughs) and no external entities.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BoundaryFileError(422, 'KML with a DOCTYPE or entities is refused');
  let failed: string | null = null;
  const doc = new DOMParser({
    onError: (level, msg) => {
      if (level === 'fatalError') failed = msg;
    },
  }).parseFromString(text, 'text/xml');
  if (failed || !doc.documentElement) throw new BoundaryFileError(422, `The KML is not well-formed XML: ${failed ?? 'no root element'}`);
  if (doc.documentElement.localName !== 'kml') throw new BoundaryFileError(422, `An XML file must be KML (root <kml>), not <${doc.documentElement.localName}>`);
  return kmlToGeoJson(doc as never).features as Feature[];
}

function fromGeoJson(text: string): { features: Feature[]; crsName: string | null } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new BoundaryFileError(422, `The GeoJSON is not valid JSON: ${(e as Error).message}`);
  }
  const o = v as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  const crsName = typeof o?.crs?.properties?.name === 'string' ? o.crs.properties.name : null;
  if (o?.type === 'FeatureCollection' && Array.isArray(o.features)) return { features: o.features as Feature[], crsName };
  if (o?.type === 'Feature') return { features: [o as Feature], crsName };
  if (typeof o?.type === 'string' && 'coordinates' in (o as object))
    return { features: [{ type: 'Feature', properties: {}, geometry: o as Geometry }], crsName };
  throw new BoundaryFileError(422, 'The JSON is not GeoJSON (a FeatureCollection, a Feature or a geometry)');
}

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

const problem = (g: Geometry | null, kind: 'plot' | 'irrigation'): string | null => {
  if (!g) return 'The feature has no geometry';
  const r = validateGeometry(g, kind);
  return r.ok ? null : r.error;
};

export async function readBoundaryFile(buf: Uint8Array): Promise<BoundaryPreview> {
  if (buf.length === 0) throw new BoundaryFileError(400, 'The file is empty');
  const kind = sniff(buf);
  let format: BoundaryFormat, raw: Feature[], projection: Projection;
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
      raw = fromKml(decoder().decode(main[1]));
      projection = projectionOf({ wgs84: 'KML (WGS 84)' });
    } else {
      throw new BoundaryFileError(422, 'The zip holds neither a shapefile (.shp) nor KML');
    }
  } else if (kind === 'xml') {
    format = 'kml';
    raw = fromKml(decoder().decode(buf));
    projection = projectionOf({ wgs84: 'KML (WGS 84)' });
  } else if (kind === 'json') {
    format = 'geojson';
    const g = fromGeoJson(decoder().decode(buf));
    raw = g.features;
    projection = projectionOf({ crsName: g.crsName, sample: raw });
  } else {
    throw new BoundaryFileError(400, 'Unknown file type: send a zipped shapefile, KML, KMZ or GeoJSON (checked by the file’s first bytes)');
  }
  if (raw.length > BOUNDARY_LIMITS.features)
    throw new BoundaryFileError(422, `The file holds ${raw.length} features; at most ${BOUNDARY_LIMITS.features} at once`);
  const total = raw.reduce((s, f) => s + vertexCount(f?.geometry ?? null), 0);
  if (total > MAX_TOTAL_VERTICES) throw new BoundaryFileError(422, `The file holds ${total} vertices; at most ${MAX_TOTAL_VERTICES} at once`);
  const fields = new Set<string>();
  const features = raw.map((f, index) => {
    const geometry = reprojectGeometry(flatten(f?.geometry ?? null), projection);
    const properties = attributes(f?.properties);
    Object.keys(properties).forEach((k) => fields.add(k));
    return { index, geometry, properties, problems: { plot: problem(geometry, 'plot'), irrigation: problem(geometry, 'irrigation') } };
  });
  return { format, crs: projection.name, fields: [...fields], features };
}

/** The job thread's entry: the file's errors become the HTTP answers they stand for. */
export async function boundaryPreviewJob(_db: unknown, input: { file: Uint8Array }): Promise<BoundaryPreview> {
  try {
    return await readBoundaryFile(input.file);
  } catch (e) {
    if (e instanceof BoundaryFileError) throw new HttpError(e.status, e.message, undefined, undefined, 'bad_boundary_file');
    throw e;
  }
}
