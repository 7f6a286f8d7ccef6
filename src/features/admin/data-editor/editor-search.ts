import type { AreaFeature, ClientData, PlotFeature, TreeFeature } from '../../../api/admin-data';

// Editor search (admin.md §5): case-insensitive over name, crop, plot and
// breed, and over row and tree numbers. The legacy editor filtered only the
// plots table and left irrigation and trees unfiltered — a defect: here the
// search filters all three tables and the tab counts follow.

const has = (q: string, ...values: unknown[]) => values.some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(q));

export interface Filtered { plots: PlotFeature[]; areas: AreaFeature[]; trees: TreeFeature[] }

export function filterEditorData(data: ClientData | null, query: string): Filtered {
  if (!data) return { plots: [], areas: [], trees: [] };
  const q = query.trim().toLowerCase();
  const plots = data.plots.features, areas = data.irrigationAreas.features, trees = data.trees.features;
  if (!q) return { plots, areas, trees };
  return {
    plots: plots.filter((f) => has(q, f.properties.plot_name, f.properties.crop_name)),
    areas: areas.filter((f) => has(q, f.properties.irrigation_area_name, f.properties.plot_name)),
    trees: trees.filter((f) => has(q, f.properties.breed_name, f.properties.plot_name, f.properties.irrigation_area_name, f.properties.row_num, f.properties.tree_num)),
  };
}

/** Total area (sum of plot_area, 1 decimal) and average plot area (2 decimals), §3. */
export function editorStats(data: ClientData | null) {
  const plots = data?.plots.features ?? [];
  const total = plots.reduce((s, f) => s + (f.properties.plot_area ?? 0), 0);
  return {
    plots: plots.length,
    areas: data?.irrigationAreas.features.length ?? 0,
    trees: data?.trees.features.length ?? 0,
    totalArea: total.toFixed(1),
    averageArea: (plots.length ? total / plots.length : 0).toFixed(2),
  };
}
