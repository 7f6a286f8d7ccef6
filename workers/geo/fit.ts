// Map fit rule (client.md §4): fit to the plots, otherwise to the irrigation
// areas that contain trees; max zoom 19 for ≤ 3 features, 18 for ≤ 10, else 17.
import type { Polygon } from 'geojson';

export interface MapFit {
  bbox: [number, number, number, number];
  maxZoom: number;
  featureCount: number;
  basis: 'plots' | 'irrigationAreas';
}

export function maxFitZoom(count: number): number {
  return count <= 3 ? 19 : count <= 10 ? 18 : 17;
}

/** Extent in lon/lat of the given polygons, or null when they have no coordinates. */
export function extentOf(polys: readonly Polygon[]): [number, number, number, number] | null {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const p of polys)
    for (const ring of p.coordinates)
      for (const [x, y] of ring) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  return minX <= maxX ? [minX, minY, maxX, maxY] : null;
}

/**
 * plots/areas: polygons in lon/lat; treesPerArea[i]: trees assigned to area i.
 * Counts features as the map shows them (after multipolygon split).
 */
export function computeMapFit(plots: readonly Polygon[], areas: readonly Polygon[], treesPerArea: ArrayLike<number>): MapFit | null {
  const plotBox = extentOf(plots);
  if (plotBox) return { bbox: plotBox, maxZoom: maxFitZoom(plots.length), featureCount: plots.length, basis: 'plots' };
  const withTrees = areas.filter((_, i) => (treesPerArea[i] ?? 0) > 0);
  const areaBox = extentOf(withTrees);
  return areaBox ? { bbox: areaBox, maxZoom: maxFitZoom(withTrees.length), featureCount: withTrees.length, basis: 'irrigationAreas' } : null;
}
