// Farm overview rules (issue 9): how healthy each plot was at its latest
// survey, the colour class that says so, and which surveys cover a plot.

import type { LatestSurvey, OverviewSurvey, StatusCounts } from './contracts/farm';

/** The answer's shapes (GET /api/farm/overview): src/domain/contracts/farm.ts. */
export type { LatestSurvey, OverviewSurvey, StatusCounts };

/** client.md §5's share of healthy trees: the core's one copy (workers/geo/values.ts). */
export { healthyShare } from '../../workers/geo/values';

export type HealthClass = 'excellent' | 'good' | 'fair' | 'poor' | 'noData';

/** Legend classes, best first; `min` is the lowest healthy share of the class. */
export const HEALTH_CLASSES: { key: Exclude<HealthClass, 'noData'>; min: number; color: [number, number, number] }[] = [
  { key: 'excellent', min: 0.9, color: [27, 94, 32] },
  { key: 'good', min: 0.75, color: [124, 179, 66] },
  { key: 'fair', min: 0.5, color: [251, 192, 45] },
  { key: 'poor', min: 0, color: [211, 47, 47] },
];
export const NO_DATA_COLOR: [number, number, number] = [158, 158, 158];

export function healthClass(share: number | null): HealthClass {
  if (share === null || !Number.isFinite(share)) return 'noData';
  return HEALTH_CLASSES.find((c) => share >= c.min)!.key;
}

export function healthColor(share: number | null): [number, number, number] {
  const k = healthClass(share);
  return k === 'noData' ? NO_DATA_COLOR : HEALTH_CLASSES.find((c) => c.key === k)!.color;
}

/** Surveys covering a plot, newest first; undated ones last. */
export function surveysForPlot<T extends OverviewSurvey>(surveys: T[], plotId: number): T[] {
  return surveys
    .filter((s) => s.plot_ids.includes(plotId))
    .sort((a, b) => {
      if (a.observation_date === b.observation_date) return b.project_id - a.project_id;
      if (a.observation_date === null) return 1;
      if (b.observation_date === null) return -1;
      return a.observation_date < b.observation_date ? 1 : -1;
    });
}
