// GET /api/farm/overview (issue 9): the grower's farm on one map, every plot of
// the client they may see as GeoJSON in EPSG:4326 (lon/lat), with the surveys
// covering each plot and the tree-status counts of its latest surveyed result.
import { z } from 'zod';
import type { Wire } from './common';
import { polygonalGeometry } from './geojson';

const id = z.number().int();

/** Trees per status code ('0'..'5') of the plot's latest survey with results. */
export const statusCounts = z.record(z.string(), z.number().int());

export const latestSurvey = z.object({
  project_id: id,
  total: z.number().int(),
  status_counts: statusCounts,
});

export const overviewPlotProps = z.object({
  plot_id: id,
  plot_name: z.string(),
  /** Hectares. */
  plot_area: z.number().nullable(),
  crop_name: z.string().nullable(),
  /** The surveys covering the plot, newest first. */
  survey_ids: z.array(id),
  latest_survey: latestSurvey.nullable(),
});

export const overviewSurvey = z.object({
  project_id: id,
  name: z.string(),
  observation_date: z.string().nullable(),
  plot_ids: z.array(id),
  has_results: z.boolean(),
});

export const farmOverviewResponse = z.object({
  success: z.literal(true),
  crs: z.literal('EPSG:4326'),
  plots: z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(z.object({ type: z.literal('Feature'), id, geometry: polygonalGeometry, properties: overviewPlotProps })),
  }),
  surveys: z.array(overviewSurvey),
});

export type StatusCounts = Wire<z.infer<typeof statusCounts>>;
export type LatestSurvey = Wire<z.infer<typeof latestSurvey>>;
export type OverviewPlotProps = Wire<z.infer<typeof overviewPlotProps>>;
export type OverviewSurvey = Wire<z.infer<typeof overviewSurvey>>;
export type FarmOverview = Wire<z.infer<typeof farmOverviewResponse>>;
