// The three readers behind a boundary file: a zipped shapefile (the `shapefile`
// package), KML (@xmldom/xmldom + @tmcw/togeojson) and GeoJSON. Each answers raw
// GeoJSON features or a BoundaryFileError that says what is wrong, never an
// exception of its parser (README "Boundary import"). A file GDAL reads, we
// read; a file GDAL refuses (a shapefile without its .shx), we refuse too.
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, Geometry } from 'geojson';
import { read as readShapefile } from 'shapefile';
import { BoundaryFileError, extensionOf } from './archive';

export const decoder = (label = 'utf-8') => {
  try {
    return new TextDecoder(label.trim().toLowerCase() || 'utf-8', { fatal: false });
  } catch {
    return new TextDecoder('utf-8');
  }
};

/**
 * The .shp's own header says how long it is. A part shorter than that is cut off and refused; bytes after the
 * declared length (padding some writers leave, e.g. shapefile-js's ipra_dresden_polygon) are not records and are
 * left out, as GDAL does.
 */
export function checkShp(shp: Uint8Array): Uint8Array {
  if (shp.length < 100) throw new BoundaryFileError(422, 'shp_header_short', 'The .shp is shorter than its 100-byte header');
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (view.getInt32(0) !== 9994) throw new BoundaryFileError(422, 'shp_bad_code', 'The .shp does not start with the shapefile file code 9994');
  const declared = view.getInt32(24) * 2;
  if (declared > shp.length || declared < 100)
    throw new BoundaryFileError(422, 'shp_truncated', `The .shp says it is ${declared} bytes long but holds ${shp.length}`, {
      declared,
      actual: shp.length,
    });
  return declared < shp.length ? shp.subarray(0, declared) : shp;
}

export function checkDbf(dbf: Uint8Array): void {
  if (dbf.length < 32) throw new BoundaryFileError(422, 'dbf_header_short', 'The .dbf is shorter than its header');
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const need = view.getUint16(8, true) + view.getUint32(4, true) * view.getUint16(10, true);
  if (need > dbf.length)
    throw new BoundaryFileError(422, 'dbf_truncated', `The .dbf needs ${need} bytes for its records but holds ${dbf.length}`, { need, actual: dbf.length });
}

export async function fromShapefile(parts: Map<string, Uint8Array>): Promise<{ features: Feature[]; prj: string | null }> {
  const byExt = (ext: string) => [...parts.entries()].filter(([name]) => extensionOf(name) === ext);
  const shps = byExt('shp');
  if (shps.length === 0) throw new BoundaryFileError(422, 'zip_no_shp', 'The zip holds no .shp (a shapefile zip needs .shp, .shx, .dbf and .prj)');
  if (shps.length > 1) throw new BoundaryFileError(422, 'zip_many_shp', `The zip holds ${shps.length} shapefiles; send one per file`, { count: shps.length });
  const stem = shps[0][0].slice(0, -4).toLowerCase();
  const part = (ext: string) => byExt(ext).find(([name]) => name.slice(0, -4).toLowerCase() === stem)?.[1] ?? byExt(ext)[0]?.[1] ?? null;
  const dbf = part('dbf'),
    prj = part('prj'),
    cpg = part('cpg');
  const shp = checkShp(shps[0][1]);
  // GDAL (and so QGIS) cannot open a shapefile without its index; a file they refuse is refused here too.
  if (!part('shx')) throw new BoundaryFileError(422, 'shp_no_shx', 'The shapefile has no .shx (its index): zip the .shp together with its .shx, .dbf and .prj');
  if (dbf) checkDbf(dbf);
  const encoding = cpg ? decoder().decode(cpg).trim() || 'utf-8' : 'utf-8';
  try {
    const fc = await readShapefile(shp, dbf ?? undefined, { encoding: decoder(encoding).encoding });
    return { features: fc.features, prj: prj ? decoder().decode(prj) : null };
  } catch (e) {
    const detail = (e as Error).message;
    throw new BoundaryFileError(422, 'shp_unreadable', `The shapefile cannot be read: ${detail}`, { detail });
  }
}

/** KML elements that place an image or a link on the map: never a boundary (a NetworkLink's Region box is not a field). */
const NOT_BOUNDARIES: Record<string, 'network_link' | 'ground_overlay'> = { networklink: 'network_link', groundoverlay: 'ground_overlay' };

/** A KML document's placemarks; `skipped` counts the NetworkLinks and GroundOverlays left out (ScreenOverlay, LookAt and Region never become features). */
export function fromKml(text: string): { features: Feature[]; skipped: Record<string, number> } {
  // No DTDs at all: no entity expansion (billion laughs) and no external entities.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new BoundaryFileError(422, 'kml_doctype', 'KML with a DOCTYPE or entities is refused');
  const malformed = (detail: string) =>
    new BoundaryFileError(422, 'kml_malformed', `The KML file is cut off or not well-formed: ${detail}`, { detail: detail.slice(0, 200) });
  let failed: string | null = null;
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser({
      onError: (level, msg) => {
        if (level === 'fatalError') failed ??= msg;
      },
    }).parseFromString(text, 'text/xml');
  } catch (e) {
    // xmldom throws its ParseError past onError for a document cut off inside an element.
    throw malformed((e as Error).message);
  }
  if (failed || !doc.documentElement) throw malformed(failed ?? 'no root element');
  const root = doc.documentElement.localName;
  if (root !== 'kml') throw new BoundaryFileError(422, 'xml_not_kml', `An XML file must be KML (root <kml>), not <${root}>`, { root: root ?? '' });
  const skipped: Record<string, number> = {};
  const features = (kmlToGeoJson(doc as never).features as Feature[]).filter((f) => {
    const kind = NOT_BOUNDARIES[String(f.properties?.['@geometry-type'] ?? '')];
    if (kind) skipped[kind] = (skipped[kind] ?? 0) + 1;
    return !kind;
  });
  return { features, skipped };
}

export function fromGeoJson(text: string): { features: Feature[]; crsName: string | null } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    const detail = (e as Error).message;
    throw new BoundaryFileError(422, 'geojson_malformed', `The GeoJSON is not valid JSON: ${detail}`, { detail });
  }
  const o = v as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  const crsName = typeof o?.crs?.properties?.name === 'string' ? o.crs.properties.name : null;
  if (o?.type === 'FeatureCollection' && Array.isArray(o.features)) return { features: o.features as Feature[], crsName };
  if (o?.type === 'Feature') return { features: [o as Feature], crsName };
  if (typeof o?.type === 'string' && 'coordinates' in (o as object))
    return { features: [{ type: 'Feature', properties: {}, geometry: o as Geometry }], crsName };
  throw new BoundaryFileError(422, 'json_not_geojson', 'The JSON is not GeoJSON (a FeatureCollection, a Feature or a geometry)');
}
