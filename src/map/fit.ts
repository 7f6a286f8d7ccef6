import type { LngLatBoundsLike, Map as MlMap } from 'maplibre-gl';
import { MAP_DEFAULTS } from './map-config';

/** How one fit differs from the rule: a tighter max zoom (client.md §4's 19/18/17 by feature count, workers/geo/fit.ts), an animation. */
export interface FitOptions {
  maxZoom?: number;
  /** 0 (the default) jumps. */
  durationMs?: number;
  padding?: number;
}

/**
 * The one way a map is fitted to a box: client.md §9's padding (50 px a side) and max fit zoom (18) unless the
 * caller says otherwise, no animation unless asked.
 */
export function fitMap(map: MlMap, bounds: LngLatBoundsLike, o: FitOptions = {}): void {
  map.fitBounds(bounds, { padding: o.padding ?? MAP_DEFAULTS.padding, maxZoom: o.maxZoom ?? MAP_DEFAULTS.maxFitZoom, duration: o.durationMs ?? 0 });
}
