// The statistics response of client.md §3 for a whole survey: the project, each
// plot and each irrigation area, from the survey's columns and the one zone
// grouping (zone-groups.ts). The server answers /api/tree-status-statistics
// with it and the worker's areas table and legend read the same grouping, so
// the info panel, the legend counts and the table always agree.
import { zoneLabel } from './features';
import type { GeoDataset } from './ingest-geojson';
import { computeStatistics, type StatisticsContext, type TreeStatistics } from './statistics';
import type { ZoneGrouping } from './zone-groups';

export interface PlotStatistics {
  plot_id: string | number;
  plot_name: string;
  name: string;
  statistics: TreeStatistics;
}
export interface AreaStatistics {
  irrigation_area_id: string | number;
  irrigation_area_name: string;
  name: string;
  plot_id: unknown;
  statistics: TreeStatistics;
}
export interface SurveyStatistics {
  total: TreeStatistics;
  plots: PlotStatistics[];
  irrigation_areas: AreaStatistics[];
}

/** An Analysis (pipeline.ts): vitality classes are thirds of the whole survey's range, so zones compare fairly. */
export type SurveyContext = Pick<StatisticsContext, 'npkRanges' | 'vitalityRange'>;

export function surveyStatistics(d: Pick<GeoDataset, 'trees' | 'plots' | 'irrigationAreas'>, g: ZoneGrouping, ctx: SurveyContext): SurveyStatistics {
  const stats = (rows: Uint32Array | null, totalPlots: number, totalIrrigationAreas: number) =>
    computeStatistics(d.trees, { ...ctx, totalPlots, totalIrrigationAreas }, rows);
  const areasOfPlot = new Uint32Array(g.plots.length);
  for (const p of g.areaPlot) if (p >= 0) areasOfPlot[p]++;
  return {
    total: stats(null, g.plots.length, g.areas.length),
    plots: g.plots.map((z, i) => {
      const f = d.plots[z.parts[0]];
      const name = zoneLabel(f.properties) ?? '';
      return { plot_id: f.sourceId, plot_name: name, name, statistics: stats(z.rows, 1, areasOfPlot[i]) };
    }),
    irrigation_areas: g.areas.map((z, i) => {
      const f = d.irrigationAreas[z.parts[0]];
      const name = zoneLabel(f.properties) ?? '';
      const plot = (f.properties as Record<string, unknown> | null)?.plot_id ?? null;
      return { irrigation_area_id: f.sourceId, irrigation_area_name: name, name, plot_id: plot, statistics: stats(z.rows, g.areaPlot[i] >= 0 ? 1 : 0, 1) };
    }),
  };
}
