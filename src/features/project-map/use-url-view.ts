// Keeps the project map's view in its URL (url-state.ts): restores it once the
// survey has loaded, then writes every change back with history.replaceState
// (never a new history entry: panning must not fill the back button).
import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LayerId } from '../../map/deck-layers';
import type { ColourMode } from '../../../workers/geo/colours';
import type { LayerState } from './layer-state';
import { parseUrlView, writeUrlView, type UrlView } from './url-state';

/** What the page does to bring a shared view back (each a step of its own, in this order). */
export interface UrlViewActions {
  setVisible(ids: LayerId[]): void;
  /** Compare with the survey of this project id (resolves false when it cannot be opened). */
  compare(projectId: number): Promise<boolean>;
  colour(mode: ColourMode, hidden: number[]): void;
  select(layer: LayerId, id: string): Promise<void>;
}

interface Current {
  layers: LayerState;
  mode: ColourMode;
  hidden: number[];
  /** The selection by id (a tree's tree id once the worker named it, a plot's or area's id). */
  selectedId: string | null;
  compare: number | null;
  /** Sun mode (issue 35); the page starts with the URL's. */
  sun: boolean;
  map: MapLibreMap | null;
  /** Changes after every camera move (the map view's moveId). */
  moveId: number;
}

/** The camera of the URL the screen was opened with (applied instead of fitting to the plots), read once. */
export function useInitialUrlView(): UrlView {
  const [initial] = useState(() => parseUrlView(typeof window === 'undefined' ? '' : window.location.search));
  return initial;
}

/**
 * After the first completed load (`loaded`), the URL's view is applied; from then on the URL follows the screen.
 * Nothing is written before the restore has finished, so a shared link is never overwritten by the defaults.
 */
export function useUrlView(initial: UrlView, loaded: boolean, now: Current, actions: UrlViewActions): void {
  const [restored, setRestored] = useState(false);
  const started = useRef(false);
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    if (!loaded || started.current) return;
    started.current = true;
    const a = actionsRef.current;
    void (async () => {
      try {
        if (initial.layers) a.setVisible(initial.layers);
        const comparing = initial.compare !== null && (await a.compare(initial.compare));
        if (initial.mode && (comparing || !['change', 'vitalityChange', 'canopyChange'].includes(initial.mode))) a.colour(initial.mode, initial.hidden);
        if (initial.selected) await a.select(initial.selected.layer, initial.selected.id);
      } finally {
        setRestored(true);
      }
    })();
  }, [loaded, initial]);

  const { layers, mode, hidden, selectedId, compare, sun, map, moveId } = now;
  useEffect(() => {
    if (!restored) return;
    const centre = map?.getCenter();
    const view: UrlView = {
      layers: layers.order.filter((id) => layers.visible[id]),
      mode,
      hidden,
      selected: layers.selected && selectedId !== null ? { layer: layers.selected.layer, id: selectedId } : null,
      compare,
      sun,
      camera: map && centre ? { lon: centre.lng, lat: centre.lat, zoom: map.getZoom() } : null,
    };
    const search = writeUrlView(view, window.location.search);
    if (search !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [restored, layers, mode, hidden, selectedId, compare, sun, map, moveId]);
}
