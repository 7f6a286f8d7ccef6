// Spherical Web Mercator (EPSG:3857) ⇄ lon/lat (EPSG:4326), the same formulas as
// OpenLayers/proj4 use, so the app's coordinates match the server's.
import type { Polygon, Position } from 'geojson';

const R = 6378137;
const RAD2DEG = 180 / Math.PI;
const DEG2RAD = Math.PI / 180;
const HALF_PI = Math.PI / 2;

export function mercatorXToLon(x: number): number {
  return (x / R) * RAD2DEG;
}

export function mercatorYToLat(y: number): number {
  return (2 * Math.atan(Math.exp(y / R)) - HALF_PI) * RAD2DEG;
}

export function lonToMercatorX(lon: number): number {
  return lon * DEG2RAD * R;
}

export function latToMercatorY(lat: number): number {
  return R * Math.log(Math.tan(Math.PI / 4 + (lat * DEG2RAD) / 2));
}

export function toLonLat(p: Position): Position {
  return [mercatorXToLon(p[0]), mercatorYToLat(p[1])];
}

export function toMercator(p: Position): Position {
  return [lonToMercatorX(p[0]), latToMercatorY(p[1])];
}

export function polygonToLonLat(rings: Position[][]): Polygon {
  return { type: 'Polygon', coordinates: rings.map((ring) => ring.map(toLonLat)) };
}
