// The statistics response of client.md §3 from the built columns: the geo
// core's survey statistics (workers/geo/survey-statistics.ts) over its one zone
// grouping (stored plot / irrigation-area ids), the same code the map's worker
// runs for the areas table and the legend of a selection.
import { analyseDataset, normalizeAreas, surveyStatistics } from '../../workers/geo';
import type { BuiltMapData } from './map-data-build';

export function statisticsResponse(d: Omit<BuiltMapData, 'json' | 'arrow'>, loadMs: number) {
  const t0 = performance.now();
  const t = d.trees;
  // The built areas are lon/lat (the Arrow form's); split and deduplicated exactly as the worker does.
  const plots = normalizeAreas(d.plots, { kind: 'plot', idField: 'plot_id', fromMercator: false }).features;
  const irrigationAreas = normalizeAreas(d.irrigationAreas, { kind: 'irrigation area', idField: 'irrigation_area_id', fromMercator: false }).features;
  const survey = { trees: t, plots, irrigationAreas, npkRanges: d.npkRanges, biomassRange: d.biomassRange };
  // The worker's own analysis of a load: the zone grouping and the survey-wide ranges.
  const a = analyseDataset(survey);
  const s = surveyStatistics(survey, a.zones, a);
  return {
    success: true,
    statistics: s.total,
    ...s,
    _debug: {
      source: 'server',
      trees: t.length,
      duplicate_observations_ignored: d.treeDuplicates.length,
      data_ms: Math.round(loadMs),
      statistics_ms: Math.round(performance.now() - t0),
    },
  };
}
