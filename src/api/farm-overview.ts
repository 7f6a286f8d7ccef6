import { get } from './client';
import type { FarmOverview, OverviewPlotProps } from '../domain/contracts/farm';

/** GET /api/farm/overview as our server sends it: src/domain/contracts/farm.ts. */
export type { FarmOverview, OverviewPlotProps };
export type OverviewPlot = FarmOverview['plots']['features'][number];

/** GET /api/farm/overview — the signed-in grower's plots (lon/lat) and surveys. */
export function fetchFarmOverview(signal?: AbortSignal): Promise<FarmOverview> {
  return get<FarmOverview>('/farm/overview', { signal, timeoutMs: 30_000 });
}
