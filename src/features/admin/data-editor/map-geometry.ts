import type { Geometry, Position } from 'geojson';
import type { ClientData, EditorFeature, EditorType } from '../../../api/admin-data';

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

export function featureById(data: ClientData | null, s: { type: EditorType; id: number }): EditorFeature | null {
  if (!data) return null;
  if (s.type === 'tree') return data.trees.byId(s.id);
  const list = s.type === 'plot' ? data.plots.features : data.irrigationAreas.features;
  return (list as EditorFeature[]).find((f) => f.properties.id === s.id) ?? null;
}
