import type { AreaFeature, ClientData, PlotFeature } from '../../../api/admin-data';
import type { TreeColumns } from '../../../api/admin-data-trees';

// Editor search (admin.md §5): case-insensitive over name, crop, plot and
// breed, and over row and tree numbers. The legacy editor filtered only the
// plots table and left irrigation and trees unfiltered — a defect: here the
// search filters all three tables and the tab counts follow.

const has = (q: string, ...values: unknown[]) => values.some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(q));

/** Trees are positions in the columns (no feature per tree until a table page shows it). */
export interface Filtered {
  plots: PlotFeature[];
  areas: AreaFeature[];
  trees: number[];
  treeCols: TreeColumns | null;
}

export function filterEditorData(data: ClientData | null, query: string): Filtered {
  if (!data) return { plots: [], areas: [], trees: [], treeCols: null };
  const q = query.trim().toLowerCase();
  const plots = data.plots.features,
    areas = data.irrigationAreas.features,
    cols = data.trees;
  const all = Array.from({ length: cols.count }, (_, i) => i);
  if (!q) return { plots, areas, trees: all, treeCols: cols };
  const c = cols.cols;
  return {
    treeCols: cols,
    plots: plots.filter((f) => has(q, f.properties.plot_name, f.properties.crop_name)),
    areas: areas.filter((f) => has(q, f.properties.irrigation_area_name, f.properties.plot_name)),
    trees: all.filter((i) => has(q, cols.breedName(i), cols.plotName(i), cols.areaName(i), c.row_num[i], c.tree_num[i])),
  };
}

/** Total area (sum of plot_area, 1 decimal) and average plot area (2 decimals), §3. */
export function editorStats(data: ClientData | null) {
  const plots = data?.plots.features ?? [];
  const total = plots.reduce((s, f) => s + (f.properties.plot_area ?? 0), 0);
  return {
    plots: plots.length,
    areas: data?.irrigationAreas.features.length ?? 0,
    trees: data?.trees.count ?? 0,
    totalArea: total.toFixed(1),
    averageArea: (plots.length ? total / plots.length : 0).toFixed(2),
  };
}
