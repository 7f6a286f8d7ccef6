// Keeps the project map's view in its URL (url-state.ts): restores it once the
// survey has loaded, then writes every change back with history.replaceState
// (never a new history entry: panning must not fill the back button).
// useScreenUrl is the screen's side: what it keeps there and how it brings each part back.
import { useEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useQueryClient } from '@tanstack/react-query';
import { relatedSurveysQuery, type RelatedSurvey } from '../../api/project';
import type { LayerId } from '../../map/deck-layers';
import type { GeoClient, IngestResult } from '../../map/geo-client';
import type { MapView } from '../../map/use-map-view';
import type { ColourMode } from '../../../workers/geo/colours';
import { selectedSource, type Colouring, type ScreenAction, type ScreenState, type SelectionContext } from './controller';
import type { LayerState } from './layer-state';
import type { TreeValues } from './tree-table';
import type { Comparison } from './use-project-data';
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

interface Screen {
  screen: ScreenState;
  selection: SelectionContext;
  /** The selected tree's values (its tree id names it in the URL). */
  treeValues: TreeValues | null;
  comparison: Comparison | null;
  ingest: IngestResult | null;
  /** Increments once per completed load (use-project-data.ts). */
  loadId: number;
  view: MapView;
  projectId: string | undefined;
  client: RefObject<GeoClient | null>;
  dispatch: Dispatch<ScreenAction>;
  compare: (s: RelatedSurvey) => Promise<boolean>;
  recolour: (c: Colouring) => void;
}

/** The project map's view in its URL: a reload or a shared link opens the same map. */
export function useScreenUrl(
  initialView: UrlView,
  { screen, selection, treeValues, comparison, ingest, loadId, view, projectId, client, dispatch, compare, recolour }: Screen,
) {
  const queryClient = useQueryClient();
  const { layers, mode, hidden } = screen;
  const sel = layers.selected;
  useUrlView(
    initialView,
    loadId > 0 && !!ingest && !!view.map,
    {
      layers,
      mode,
      hidden,
      selectedId:
        sel?.layer === 'trees' ? (treeValues?.tree_id == null ? null : String(treeValues.tree_id)) : (selectedSource(selection)?.sourceId?.toString() ?? null),
      compare: comparison?.survey.project_id ?? null,
      sun: screen.sun,
      map: view.map,
      moveId: view.moveId,
    },
    {
      setVisible: (ids) => dispatch({ type: 'setVisible', ids }),
      compare: async (id) => {
        const list = await queryClient.fetchQuery(relatedSurveysQuery(String(projectId))).catch(() => []);
        const s = list.find((x) => x.project_id === id && x.observation_count > 0);
        return !!s && (await compare(s));
      },
      colour: (m, h) => recolour({ mode: m, hidden: h }),
      select: async (layer, id) => {
        if (layer === 'trees') {
          const i = (await client.current?.treeIndex(id)) ?? -1;
          if (i >= 0) dispatch({ type: 'select', selected: { layer, index: i } });
          return;
        }
        const list = layer === 'plots' ? (ingest?.plots ?? []) : (ingest?.irrigationAreas ?? []);
        const i = list.findIndex((f) => String(f.sourceId) === id);
        if (i >= 0) dispatch({ type: 'select', selected: { layer, index: i } });
      },
    },
  );
}
