import type { FeatureCollection, Geometry, Polygon, Position } from 'geojson';
import { extentOf, maxFitZoom } from '../../../../workers/geo/fit';
import type { ClientData, EditorFeature, EditorType } from '../../../api/admin-data';
import type { Ring } from '../../../map/draw/snap';

/** The feature selected on the map or in a table. */
export interface Selection {
  type: EditorType;
  id: number;
}

/** [[minLon, minLat], [maxLon, maxLat]] of any geometry. */
export function boundsOf(g: Geometry): [[number, number], [number, number]] {
  let a = Infinity,
    b = Infinity,
    c = -Infinity,
    d = -Infinity;
  const visit = (x: unknown): void => {
    if (Array.isArray(x) && typeof x[0] === 'number') {
      const [lon, lat] = x as Position;
      a = Math.min(a, lon);
      b = Math.min(b, lat);
      c = Math.max(c, lon);
      d = Math.max(d, lat);
    } else if (Array.isArray(x)) x.forEach(visit);
  };
  visit((g as { coordinates?: unknown }).coordinates);
  return [
    [a, b],
    [c, d],
  ];
}

export function featureById(data: ClientData | null, s: Selection): EditorFeature | null {
  if (!data) return null;
  if (s.type === 'tree') return data.trees.byId(s.id);
  const list = s.type === 'plot' ? data.plots.features : data.irrigationAreas.features;
  return (list as EditorFeature[]).find((f) => f.properties.id === s.id) ?? null;
}

/** The outer and inner rings of a polygon or multipolygon; none for other geometries. */
const ringsOf = (g: Geometry): Ring[] => (g.type === 'Polygon' ? (g.coordinates as Ring[]) : g.type === 'MultiPolygon' ? (g.coordinates.flat() as Ring[]) : []);

/** What a drawn vertex snaps to (admin.md §9): the plot and irrigation-area outlines, except the shape being reshaped. */
export function snapRings(d: ClientData | null, reshaping: Selection | null): Ring[] {
  if (!d) return [];
  const skip = (type: EditorType, id: number) => reshaping?.type === type && reshaping.id === id;
  return [
    ...d.plots.features.filter((f) => !skip('plot', f.properties.id)).flatMap((f) => ringsOf(f.geometry)),
    ...d.irrigationAreas.features.filter((f) => !skip('irrigation', f.properties.id)).flatMap((f) => ringsOf(f.geometry)),
  ];
}

/**
 * Where the map fits a client's farm: its plots, else its irrigation areas, else its trees (client.md §4's
 * order and max zoom by feature count, workers/geo/fit.ts; trees take the default max fit zoom); null for a client
 * without any geometry (the map stays where it is).
 */
export function farmFit(d: ClientData): { bounds: [[number, number], [number, number]]; maxZoom?: number } | null {
  const plots = d.plots.features.map((f) => ringsOf(f.geometry));
  const areas = d.irrigationAreas.features.map((f) => ringsOf(f.geometry));
  const shapes = plots.length ? plots : areas;
  const all: Position[] = shapes.length
    ? shapes.flat(2)
    : Array.from({ length: d.trees.count }, (_, i): Position => [d.trees.cols.lon[i], d.trees.cols.lat[i]]);
  if (!all.length) return null;
  return { bounds: boundsOf({ type: 'MultiPoint', coordinates: all }), maxZoom: shapes.length ? maxFitZoom(shapes.length) : undefined };
}

/** The extent of a boundary file's polygons (its other features ignored), or null when it has none. */
export function polygonsExtent(fc: FeatureCollection): [number, number, number, number] | null {
  return extentOf(
    fc.features.flatMap((f): Polygon[] =>
      f.geometry.type === 'Polygon'
        ? [f.geometry]
        : f.geometry.type === 'MultiPolygon'
          ? f.geometry.coordinates.map((c) => ({ type: 'Polygon' as const, coordinates: c }))
          : [],
    ),
  );
}
