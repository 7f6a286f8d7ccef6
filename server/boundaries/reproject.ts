// Boundary files → EPSG:4326 with proj4: from a shapefile's .prj (WKT, ESRI or
// OGC), a GeoJSON's legacy `crs` name (EPSG codes proj4 knows, plus the Israeli
// grid), or none. A system proj4 cannot read is refused with its name; a file
// without one is taken as longitude/latitude only when its numbers are.
import type { Feature, Geometry, Position } from 'geojson';
import proj4 from 'proj4';
import { BoundaryFileError } from './archive';

// EPSG:2039 Israel 1993 / Israeli TM Grid, with its datum shift (the ESRI .prj of ITM omits it).
export const ITM =
  '+proj=tmerc +lat_0=31.7343936111111 +lon_0=35.2045169444444 +k=1.0000067 +x_0=219529.584 +y_0=626907.39 +ellps=GRS80 +towgs84=-24.0024,-17.1032,-17.8444,-0.33077,-1.85269,1.66969,5.4248 +units=m +no_defs';
proj4.defs('EPSG:2039', ITM);

export interface Projection {
  name: string;
  /** null: already longitude/latitude. */
  forward: ((p: Position) => Position) | null;
}

const WGS84_NAMES = /^(GCS_)?WGS[ _]?(19)?84$/i;
const isLonLat = (p: Position) => Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;

function firstPosition(features: readonly Feature[] | undefined): Position | null {
  for (const f of features ?? []) {
    let c: unknown = (f?.geometry as { coordinates?: unknown } | null)?.coordinates;
    while (Array.isArray(c) && Array.isArray(c[0])) c = c[0];
    if (Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number') return c as Position;
  }
  return null;
}

function converter(def: string, name: string): Projection {
  let conv: proj4.Converter;
  try {
    conv = proj4(def, 'EPSG:4326');
  } catch (e) {
    const detail = (e as Error).message || 'unknown coordinate system';
    throw new BoundaryFileError(422, 'crs_unreadable', `Cannot reproject from "${name}" to WGS 84: ${detail}`, { name, detail });
  }
  return {
    name,
    forward: (p) => {
      const q = conv.forward([p[0], p[1]]);
      if (!Number.isFinite(q[0]) || !Number.isFinite(q[1]))
        throw new BoundaryFileError(422, 'position_not_reprojectable', `Position ${p[0]} ${p[1]} cannot be reprojected from "${name}"`, {
          x: p[0],
          y: p[1],
          name,
        });
      return [q[0], q[1]];
    },
  };
}

export function projectionOf(src: { prj?: string | null; crsName?: string | null; wgs84?: string; sample?: readonly Feature[] }): Projection {
  if (src.wgs84) return { name: src.wgs84, forward: null };
  if (src.prj) {
    const text = src.prj.trim();
    const m = /^\s*(PROJCS|GEOGCS|PROJCRS|GEOGCRS|GEODCRS)\s*\[\s*"([^"]*)"/i.exec(text);
    if (!m) throw new BoundaryFileError(422, 'prj_not_wkt', 'The .prj is not a WKT coordinate system');
    const name = m[2];
    if (/^GEOG/i.test(m[1]) && WGS84_NAMES.test(name.replace(/\s+/g, ' ').replace(/ /g, '_'))) return { name, forward: null };
    if (/israel.*tm|itm/i.test(name)) return converter('EPSG:2039', name);
    return converter(text, name);
  }
  if (src.crsName) {
    const name = src.crsName;
    if (/CRS84$|EPSG:{1,2}4326$/i.test(name)) return { name, forward: null };
    const code = /EPSG:{1,2}(\d+)$/i.exec(name)?.[1];
    if (!code || !proj4.defs(`EPSG:${code}`))
      throw new BoundaryFileError(422, 'crs_unknown', `Cannot reproject from "${name}": send GeoJSON in WGS 84 (RFC 7946) or a shapefile with its .prj`, {
        name,
      });
    return converter(`EPSG:${code}`, name);
  }
  const p = firstPosition(src.sample);
  if (p && !isLonLat(p)) {
    throw new BoundaryFileError(
      422,
      'crs_missing',
      `The file names no coordinate system and its coordinates are not longitude/latitude (${p[0]} ${p[1]}): include the .prj`,
      { x: p[0], y: p[1] },
    );
  }
  return { name: 'WGS 84 (no coordinate system given)', forward: null };
}

export function reprojectGeometry(g: Geometry | null, proj: Projection): Geometry | null {
  if (!g || !proj.forward) return g;
  const f = proj.forward;
  const ring = (r: Position[]) => r.map(f);
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(ring) };
  if (g.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(ring)) };
  if (g.type === 'Point') return { type: 'Point', coordinates: f(g.coordinates) };
  return g;
}
