// The statistics response of client.md §3 from the cached columns: the whole
// project, each plot and each irrigation area (trees grouped by their stored
// plot_id / irrigation_area_id, so no point-in-polygon work on the server).
import { computeStatistics, resolveNpkRanges, relativeRange, VITALITY_DEFAULT_MAX, type TreeStatistics } from '../../workers/geo';
import type { BuiltMapData } from './map-data-build';

interface Named { id: number; name: string; plot_id?: number | null }

function groupBy(codes: ArrayLike<number>, dict: string[]): Map<string, Uint32Array> {
  const counts = new Map<string, number[]>();
  for (let i = 0; i < codes.length; i++) {
    const key = dict[codes[i]];
    let list = counts.get(key);
    if (!list) counts.set(key, (list = []));
    list.push(i);
  }
  return new Map([...counts].map(([k, v]) => [k, Uint32Array.from(v)]));
}

export function statisticsResponse(d: Omit<BuiltMapData, 'json' | 'arrow'>, loadMs: number) {
  const t0 = performance.now();
  const t = d.trees;
  const npkRanges = resolveNpkRanges(d.npkRanges);
  // Vitality thirds of the whole project's range, so plots compare fairly.
  const vitalityRange = relativeRange(t.numeric.biomass, t.status, VITALITY_DEFAULT_MAX, d.biomassRange);
  const plots: Named[] = d.plots.features.map((f) => ({ id: Number(f.properties.plot_id), name: String(f.properties.plot_name ?? '') }));
  const areas: Named[] = d.irrigationAreas.features.map((f) => ({
    id: Number(f.properties.irrigation_area_id), name: String(f.properties.irrigation_area_name ?? ''), plot_id: f.properties.plot_id as number | null,
  }));
  const byPlot = groupBy(t.text.plot_id.codes, t.text.plot_id.dict);
  const byArea = groupBy(t.text.irrigation_area_id.codes, t.text.irrigation_area_id.dict);
  const stats = (rows: Uint32Array | null, totalPlots: number, totalIrrigationAreas: number): TreeStatistics =>
    computeStatistics(t, { npkRanges, vitalityRange, totalPlots, totalIrrigationAreas }, rows);
  const total = stats(null, plots.length, areas.length);
  const empty = new Uint32Array(0);
  const response = {
    success: true,
    statistics: total,
    total,
    plots: plots.map((p) => ({
      plot_id: p.id, plot_name: p.name, name: p.name,
      statistics: stats(byPlot.get(String(p.id)) ?? empty, 1, areas.filter((a) => a.plot_id === p.id).length),
    })),
    irrigation_areas: areas.map((a) => ({
      irrigation_area_id: a.id, irrigation_area_name: a.name, name: a.name, plot_id: a.plot_id,
      statistics: stats(byArea.get(String(a.id)) ?? empty, a.plot_id ? 1 : 0, 1),
    })),
    _debug: {
      source: 'server',
      trees: t.length,
      duplicate_observations_ignored: d.treeDuplicates.length,
      data_ms: Math.round(loadMs),
      statistics_ms: 0,
    },
  };
  response._debug.statistics_ms = Math.round(performance.now() - t0);
  return response;
}
