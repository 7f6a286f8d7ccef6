// GET /api/tree-status-statistics/{projectId} (client.md §3, §9): the geo
// core's survey statistics (workers/geo/survey-statistics.ts) for the whole
// survey, each plot and each irrigation area. The shape of one statistics
// object is the geo core's TreeStatistics: the schema below is checked against
// it both ways, so the two cannot drift apart.
import { z } from 'zod';
import type { Wire } from './common';
import type { TreeStatistics } from '../../../workers/geo/statistics';

const count = z.number().int();
const measure = z.number().nullable();
const byNutrient = <T extends z.ZodType>(s: T) => z.object({ nitrogen: s, phosphorus: s, potassium: s });
const spread = z.object({ mean: measure, sd: measure, count });
const npkClasses = z.object({ low: count, optimal: count, high: count, unclassified: count });

export const treeStatistics = z.object({
  total_trees: count,
  total_plots: count,
  total_irrigation_areas: count,
  /** One entry per status code 0..5 (Healthy … Unknown). */
  status_counts: z.array(z.object({ code: z.number().int(), label: z.string(), count })),
  vitality_stats: z.object({ high_vitality: count, medium_vitality: count, low_vitality: count, no_vitality: count }),
  npk_stats: byNutrient(z.object({ avg_value: measure, min_value: measure, max_value: measure, measurement_count: count })),
  canopy_diameter_stats: z.object({ avg_buffer_size: measure, buffer_measurements: count }),
  /** Counts by crop range (low < lower ≤ optimal ≤ upper < high). */
  npk_classes: byNutrient(npkClasses),
  /** Trees by their three classes together: optimal only when all three are (README "NPK combined"). */
  npk_combined: npkClasses,
  canopy_buckets: z.array(z.object({ label: z.string(), count })),
  vitality_range: z.object({ lo: z.number(), hi: z.number() }),
  /** Mean and standard deviation (population) of each measure's valid values. */
  spread: z.object({ n: spread, p: spread, k: spread, vitality: spread, canopy: spread }),
});

// The geo core's TreeStatistics and this schema stay one shape (each assignable to the other):
const toSchema: (s: TreeStatistics) => z.infer<typeof treeStatistics> = (s) => s;
const toCore: (s: z.infer<typeof treeStatistics>) => TreeStatistics = (s) => s;
void toSchema;
void toCore;

export const plotStatistics = z.object({ plot_id: z.number().int(), plot_name: z.string(), name: z.string(), statistics: treeStatistics });
export const areaStatistics = z.object({
  irrigation_area_id: z.number().int(),
  irrigation_area_name: z.string(),
  name: z.string(),
  plot_id: z.number().int().nullable(),
  statistics: treeStatistics,
});

export const statisticsResponse = z.object({
  success: z.literal(true),
  /** The whole survey (the same object as `total`, under the spec's name). */
  statistics: treeStatistics,
  total: treeStatistics,
  plots: z.array(plotStatistics),
  irrigation_areas: z.array(areaStatistics),
  /** How the answer was made (for the network panel; the app does not read it). */
  _debug: z.object({
    source: z.literal('server'),
    trees: count,
    duplicate_observations_ignored: count,
    data_ms: z.number(),
    statistics_ms: z.number(),
  }),
});

export type { TreeStatistics };
export type PlotStatistics = Wire<z.infer<typeof plotStatistics>>;
export type AreaStatistics = Wire<z.infer<typeof areaStatistics>>;
export type StatisticsResponse = Wire<z.infer<typeof statisticsResponse>>;
