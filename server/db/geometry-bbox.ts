import type { MultiPolygon, Polygon } from 'geojson';
import { extentOf } from '../../workers/geo';

export type PolygonGeometry = Polygon | MultiPolygon;

/** [minLon, minLat, maxLon, maxLat] of a polygon or multipolygon (the bbox columns of plots and irrigation areas). */
export function bboxOf(g: PolygonGeometry): [number, number, number, number] {
  const polys: Polygon[] = g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
  const box = extentOf(polys);
  if (!box) throw new Error('geometry has no coordinates');
  return box;
}
