import { healthyShare } from '../../domain/farm-overview';
import { extentOf, normalizeAreas } from '../../../workers/geo';
import type { FarmOverview, OverviewPlotProps } from '../../api/farm-overview';
import type { FarmPlotItem } from './farm-layers';

export interface FarmModel {
  items: FarmPlotItem[];
  bbox: [number, number, number, number] | null;
  names: Map<number, string>;
}

/** Map items from the overview: multipolygon plots split into parts (geo core), label at each part's box centre. */
export function buildFarmModel(data: FarmOverview): FarmModel {
  const plots = data.plots as unknown as Parameters<typeof normalizeAreas<OverviewPlotProps & Record<string, unknown>>>[0];
  const { features } = normalizeAreas<OverviewPlotProps & Record<string, unknown>>(plots, { kind: 'plot', idField: 'plot_id', fromMercator: false });
  const items: FarmPlotItem[] = features.map((f) => {
    const box = extentOf([f.geometry])!;
    return {
      plotId: Number(f.properties.plot_id),
      name: String(f.properties.plot_name ?? ''),
      polygon: f.geometry,
      share: healthyShare(f.properties.latest_survey?.status_counts),
      labelAt: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2],
    };
  });
  const names = new Map(data.plots.features.map((f) => [f.properties.plot_id, f.properties.plot_name]));
  return { items, bbox: extentOf(items.map((i) => i.polygon)), names };
}
