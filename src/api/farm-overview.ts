import { queryOptions } from '@tanstack/react-query';
import { get } from './client';
import { FARM_KEY, queryCall, type CallOptions } from './query-keys';
import type { FarmOverview, OverviewPlotProps } from '../domain/contracts/farm';

/** GET /api/farm/overview as our server sends it: src/domain/contracts/farm.ts. */
export type { FarmOverview, OverviewPlotProps };
export type OverviewPlot = FarmOverview['plots']['features'][number];

/** GET /api/farm/overview — the signed-in grower's plots (lon/lat) and surveys. */
export function fetchFarmOverview(opts?: CallOptions): Promise<FarmOverview> {
  return get<FarmOverview>('/farm/overview', { ...opts, timeoutMs: 30_000 });
}

export const farmOverviewQuery = () => queryOptions({ queryKey: [...FARM_KEY, 'overview'], queryFn: (ctx) => fetchFarmOverview(queryCall(ctx)) });
