// The coordinate systems an orthophoto may come in (README "Aerial photo", formats): EPSG:4326,
// EPSG:3857, any WGS 84 UTM zone (326xx north, 327xx south; ETRS89 258xx and NAD83 269xx, which
// are the same to a drone photo's accuracy) and EPSG:2039, the Israeli TM grid. Each is a
// proj4 converter to and from longitude/latitude.
import proj4 from 'proj4';
import { ITM } from '../boundaries/reproject';

export interface Crs {
  epsg: number;
  name: string;
  /** true: the photo's coordinates are degrees. */
  geographic: boolean;
  toLonLat: (x: number, y: number) => [number, number];
  fromLonLat: (lon: number, lat: number) => [number, number];
}

function utm(epsg: number): string | null {
  const zoneOf = (base: number) => (epsg > base && epsg <= base + 60 ? epsg - base : 0);
  const north = zoneOf(32600) || zoneOf(25800) || (epsg >= 26901 && epsg <= 26923 ? epsg - 26900 : 0);
  if (north) return `+proj=utm +zone=${north} +datum=WGS84 +units=m +no_defs`;
  const south = zoneOf(32700);
  if (south) return `+proj=utm +zone=${south} +south +datum=WGS84 +units=m +no_defs`;
  return null;
}

function definition(epsg: number): { def: string; name: string } | null {
  if (epsg === 4326) return { def: 'EPSG:4326', name: 'WGS 84' };
  if (epsg === 3857 || epsg === 900913 || epsg === 3785) return { def: 'EPSG:3857', name: 'WGS 84 / Pseudo-Mercator' };
  if (epsg === 2039) return { def: ITM, name: 'Israel 1993 / Israeli TM Grid' };
  const u = utm(epsg);
  return u ? { def: u, name: `UTM (EPSG:${epsg})` } : null;
}

/** The converter of an EPSG code, or null when it is not one we take. */
export function crsOf(epsg: number): Crs | null {
  const d = definition(epsg);
  if (!d) return null;
  if (epsg === 4326) return { epsg, name: d.name, geographic: true, toLonLat: (x, y) => [x, y], fromLonLat: (lon, lat) => [lon, lat] };
  const conv = proj4(d.def, 'EPSG:4326');
  return {
    epsg,
    name: d.name,
    geographic: false,
    toLonLat: (x, y) => conv.forward([x, y]) as [number, number],
    fromLonLat: (lon, lat) => conv.inverse([lon, lat]) as [number, number],
  };
}
