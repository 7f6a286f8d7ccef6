// Geodesic measures on the sphere turf uses (areas of plots and prescription
// zones, lengths while drawing). Pure: the app, the worker and the server share them.
import type { MultiPolygon, Polygon, Position } from 'geojson';

export const EARTH_RADIUS = 6371008.8; // turf 7's mean earth radius
const rad = (d: number) => (d * Math.PI) / 180;

/** Geodesic area in m² (the spherical formula turf uses), holes subtracted. */
export function areaSquareMeters(g: Polygon | MultiPolygon): number {
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  let total = 0;
  for (const rings of polys) rings.forEach((r, i) => (total += (i === 0 ? 1 : -1) * Math.abs(ringArea(r))));
  return total;
}

function ringArea(r: Position[]): number {
  const n = r.length;
  if (n <= 2) return 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const p1 = r[i],
      p2 = r[(i + 1) % n],
      p3 = r[(i + 2) % n];
    s += (rad(p3[0]) - rad(p1[0])) * Math.sin(rad(p2[1]));
  }
  return (s * EARTH_RADIUS * EARTH_RADIUS) / 2;
}

/** Hectares rounded to 2 decimals (the plot_area step). */
export function areaHectares(g: Polygon | MultiPolygon): number {
  return Math.round(areaSquareMeters(g) / 100) / 100;
}

/** Geodesic length in metres (haversine), for the live measurement while drawing a line. */
export function lengthMeters(coords: Position[]): number {
  let s = 0;
  for (let i = 1; i < coords.length; i++) {
    const [x1, y1] = coords[i - 1],
      [x2, y2] = coords[i];
    const a = Math.sin(rad(y2 - y1) / 2) ** 2 + Math.cos(rad(y1)) * Math.cos(rad(y2)) * Math.sin(rad(x2 - x1) / 2) ** 2;
    s += 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return s;
}
