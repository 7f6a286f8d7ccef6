// The project map's camera (client.md §4): once per completed load it fits the plots, or goes to the camera of the
// link the screen was opened with (README "URL state"); a map built again after a lost context fits again.
// "Zoom to plots", and flying to a tree (the tree list) or a point (a scouting record).
import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import type { IngestResult } from '../../map/geo-client';
import { MAP_DEFAULTS } from '../../map/map-config';
import type { MapView } from '../../map/use-map-view';
import type { DrawnTrees, ScreenAction } from './controller';
import type { UrlView } from './url-state';

interface Args {
  view: MapView;
  ingest: IngestResult | null;
  /** Increments once per completed load (use-project-data.ts). */
  loadId: number;
  initialView: UrlView;
  drawnRef: RefObject<DrawnTrees | null>;
  dispatch: Dispatch<ScreenAction>;
}

export function useMapCamera({ view, ingest, loadId, initialView, drawnRef, dispatch }: Args) {
  const fitToPlots = (animate: boolean) => {
    const fit = ingest?.fit;
    if (!view.map || !fit) return;
    const [minX, minY, maxX, maxY] = fit.bbox;
    view.map.fitBounds(
      [
        [minX, minY],
        [maxX, maxY],
      ],
      {
        padding: MAP_DEFAULTS.padding,
        maxZoom: fit.maxZoom,
        duration: animate ? MAP_DEFAULTS.animationMs : 0,
      },
    );
  };

  // Once per completed load: pick the first layer as info layer and fit (§4), or go to the link's camera.
  const fittedFor = useRef(0);
  useEffect(() => {
    if (loadId === 0 || fittedFor.current === loadId || !view.map) return;
    const first = fittedFor.current === 0;
    fittedFor.current = loadId;
    dispatch({ type: 'autoInfo' });
    const at = first ? initialView.camera : null;
    if (at) view.map.jumpTo({ center: [at.lon, at.lat], zoom: at.zoom });
    else fitToPlots(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadId, view.map]);
  // A map built again after a lost context starts at the default view: back to the plots.
  useEffect(() => {
    if (view.generation > 0 && view.map) fitToPlots(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.generation, view.map]);

  const flyToTree = (i: number) => {
    const d = drawnRef.current;
    if (!d || !view.map || i < 0 || i >= d.count) return;
    dispatch({ type: 'select', selected: { layer: 'trees', index: i } });
    view.map.flyTo({
      center: [d.positions[2 * i], d.positions[2 * i + 1]],
      zoom: Math.max(view.map.getZoom(), MAP_DEFAULTS.maxFitZoom),
      duration: MAP_DEFAULTS.animationMs,
    });
  };
  const flyTo = (lon: number, lat: number) =>
    view.map?.flyTo({ center: [lon, lat], zoom: Math.max(view.map.getZoom(), MAP_DEFAULTS.maxFitZoom), duration: MAP_DEFAULTS.animationMs });
  return { fitToPlots, flyToTree, flyTo };
}
