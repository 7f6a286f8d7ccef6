// The map-data response (EPSG:3857 GeoJSON, client.md §3) → columnar dataset.
import { normalizeAreas } from './features';
import { mercatorXToLon, mercatorYToLat } from './projection';
import { TreeColumnsBuilder } from './tree-columns';
import type { FeatureKind, IrrigationAreaFeature, MapDataResponse, NpkRanges, PlotFeature, TreeColumns } from './types';

export interface GeoDataset {
  trees: TreeColumns;
  plots: PlotFeature[];
  irrigationAreas: IrrigationAreaFeature[];
  /** Duplicate ids per kind; the app words client.md §8's alert for each non-empty list (project-map alerts.duplicate). */
  duplicates: Record<FeatureKind, string[]>;
  biomassRange: { min: number | null; max: number | null } | null;
  /** The server's ranges as sent; merge with defaults via resolveNpkRanges. */
  npkRanges: NpkRanges;
  /** Trees without a point geometry (dropped). */
  skippedTrees: number;
}

export function ingestMapDataGeoJSON(data: MapDataResponse): GeoDataset {
  const plots = normalizeAreas(data.plots, { kind: 'plot', idField: 'plot_id', fromMercator: true });
  const areas = normalizeAreas(data.irrigationAreas, {
    kind: 'irrigation area',
    idField: 'irrigation_area_id',
    fromMercator: true,
  });
  const feats = data.trees?.features ?? [];
  const b = new TreeColumnsBuilder(feats.length);
  let skippedTrees = 0;
  for (let i = 0; i < feats.length; i++) {
    const f = feats[i];
    const c = f.geometry?.type === 'Point' ? f.geometry.coordinates : null;
    if (!c || !(Number.isFinite(c[0]) && Number.isFinite(c[1]))) {
      skippedTrees++;
      continue;
    }
    b.push(mercatorXToLon(c[0]), mercatorYToLat(c[1]), f.properties, f.id);
  }
  const built = b.finish();
  return {
    trees: built.columns,
    plots: plots.features,
    irrigationAreas: areas.features,
    duplicates: { plot: plots.duplicates, 'irrigation area': areas.duplicates, tree: built.duplicates },
    biomassRange: data.biomassRange ?? null,
    npkRanges: data.npkRanges ?? {},
    skippedTrees,
  };
}
