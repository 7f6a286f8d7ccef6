// The .shp and .shx of a polygon shapefile (ESRI Shapefile Technical
// Description, 1998: shape type 5, big-endian file header and record headers,
// little-endian contents). Written here because @mapbox/shp-write's polygon
// path gathers coordinates with repeated Array.concat (quadratic): a 10 m grid
// of 26,820 cells never finished, this takes milliseconds. Rings go in as
// given: outer rings clockwise, holes counter-clockwise (the caller winds them).
import { structure, type DbfField } from 'dbf';
import type { Position } from 'geojson';
import JSZip from 'jszip';
import { extentOf } from '../../workers/geo/fit';

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]';
const POLYGON = 5;

type Box = [number, number, number, number];

function header(view: DataView, bytes: number, box: Box): void {
  view.setInt32(0, 9994);
  view.setInt32(24, bytes / 2);
  view.setInt32(28, 1000, true);
  view.setInt32(32, POLYGON, true);
  box.forEach((v, i) => view.setFloat64(36 + 8 * i, v, true));
}

/** One record per feature; a feature is the rings of all its polygons. */
export function polygonShp(features: readonly Position[][][]): { shp: Uint8Array; shx: Uint8Array } {
  const sizes = features.map((rings) => 44 + 4 * rings.length + 16 * rings.reduce((s, r) => s + r.length, 0));
  const shpBytes = 100 + sizes.reduce((s, n) => s + 8 + n, 0),
    shxBytes = 100 + 8 * features.length;
  const shp = new DataView(new ArrayBuffer(shpBytes)),
    shx = new DataView(new ArrayBuffer(shxBytes));
  const polygons = features.map((rings) => ({ type: 'Polygon' as const, coordinates: rings }));
  const all: Box = extentOf(polygons) ?? [0, 0, 0, 0];
  let o = 100;
  features.forEach((rings, i) => {
    const box: Box = extentOf([polygons[i]]) ?? [0, 0, 0, 0];
    shx.setInt32(100 + 8 * i, o / 2);
    shx.setInt32(104 + 8 * i, sizes[i] / 2);
    shp.setInt32(o, i + 1);
    shp.setInt32(o + 4, sizes[i] / 2);
    shp.setInt32(o + 8, POLYGON, true);
    box.forEach((v, k) => shp.setFloat64(o + 12 + 8 * k, v, true));
    shp.setInt32(o + 44, rings.length, true);
    shp.setInt32(
      o + 48,
      rings.reduce((s, r) => s + r.length, 0),
      true,
    );
    let first = 0,
      p = o + 52 + 4 * rings.length;
    rings.forEach((r, k) => {
      shp.setInt32(o + 52 + 4 * k, first, true);
      first += r.length;
      for (const [x, y] of r) {
        shp.setFloat64(p, x, true);
        shp.setFloat64(p + 8, y, true);
        p += 16;
      }
    });
    o += 8 + sizes[i];
  });
  header(shp, shpBytes, all);
  header(shx, shxBytes, all);
  return { shp: new Uint8Array(shp.buffer), shx: new Uint8Array(shx.buffer) };
}

// Shapefiles want outer rings clockwise and holes counter-clockwise; GeoJSON (RFC 7946) the other way round.
const signedArea = (r: Position[]) =>
  r.reduce((s, p, i) => {
    const q = r[(i + 1) % r.length];
    return s + (p[0] * q[1] - q[0] * p[1]);
  }, 0) / 2;
const wind = (ring: Position[], clockwise: boolean) => (signedArea(ring) < 0 === clockwise ? ring : [...ring].reverse());
/** Rings of polygons wound for a shapefile (outer clockwise). */
export const shapefileRings = (polygons: Position[][][]) => polygons.map((rings) => rings.map((r, i) => wind(r, i === 0)));
/** Rings of polygons wound as RFC 7946 asks (outer counter-clockwise). */
export const geojsonRings = (polygons: Position[][][]) => polygons.map((rings) => rings.map((r, i) => wind(r, i !== 0)));

/** A dBASE text value as the dbf package writes it (bytes through latin1), so UTF-8 names survive with the .cpg. */
export const utf8Bytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

export type ShapefileRow = Record<string, string | number | null>;
export interface ShapefileFeature {
  polygons: Position[][][];
  row: ShapefileRow;
}

/** A zipped WGS84 polygon shapefile (.shp, .shx, .dbf, .prj, .cpg UTF-8), one record per feature. */
export function polygonShapefileZip(list: readonly ShapefileFeature[], fields: DbfField[], base: string): Promise<Uint8Array> {
  const { shp, shx } = polygonShp(list.map((f) => shapefileRings(f.polygons).flat()));
  const dbf = structure(
    list.map((f) => f.row),
    fields,
  );
  const zip = new JSZip();
  zip.file(`${base}.shp`, shp);
  zip.file(`${base}.shx`, shx);
  zip.file(`${base}.dbf`, new Uint8Array(dbf.buffer, dbf.byteOffset, dbf.byteLength));
  zip.file(`${base}.prj`, WGS84_PRJ);
  zip.file(`${base}.cpg`, 'UTF-8');
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
