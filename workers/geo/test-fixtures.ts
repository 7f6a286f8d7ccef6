// Small map-data builders shared by the unit tests (not imported by app code).
import type { Position } from 'geojson';
import { latToMercatorY, lonToMercatorX } from './projection';
import type { MapDataResponse, TreeProperties } from './types';

export const merc = (lon: number, lat: number): Position => [lonToMercatorX(lon), latToMercatorY(lat)];

export function rectRing(x0: number, y0: number, x1: number, y1: number): Position[] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
}

export const mercRing = (ring: Position[]): Position[] => ring.map(([x, y]) => merc(x, y));

export function treeFeature(lon: number, lat: number, props: TreeProperties, id?: string | number) {
  return { type: 'Feature' as const, id, properties: props, geometry: { type: 'Point' as const, coordinates: merc(lon, lat) } };
}

export function mapData(parts: Partial<MapDataResponse>): MapDataResponse {
  return {
    plots: { type: 'FeatureCollection', features: [] },
    irrigationAreas: { type: 'FeatureCollection', features: [] },
    trees: { type: 'FeatureCollection', features: [] },
    biomassRange: null,
    npkRanges: {},
    ...parts,
  };
}
