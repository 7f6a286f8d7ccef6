import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { get } from './client';
import type { LatestSurvey, OverviewSurvey } from '../domain/farm-overview';

export interface OverviewPlotProps {
  plot_id: number;
  plot_name: string;
  plot_area: number | null;
  crop_name: string | null;
  survey_ids: number[];
  latest_survey: LatestSurvey | null;
}
export type OverviewPlot = Feature<Polygon | MultiPolygon, OverviewPlotProps>;

export interface FarmOverview {
  crs: 'EPSG:4326';
  plots: FeatureCollection<Polygon | MultiPolygon, OverviewPlotProps>;
  surveys: OverviewSurvey[];
}

/** GET /api/farm/overview — the signed-in grower's plots (lon/lat) and surveys. */
export function fetchFarmOverview(signal?: AbortSignal): Promise<FarmOverview> {
  return get<FarmOverview>('/farm/overview', { signal, timeoutMs: 30_000 });
}
