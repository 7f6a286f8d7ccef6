// The project map's map (client.md §2, §4; issue 35): the one map of use-map-view.ts, where a click
// (or a finger's tap) selects what is under it (controller.ts pickAt) and panning ends "Zoom to plots" and the
// GPS follow mode; the GPS on it (use-gps.ts).
import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import { TAP_SLOP_PX } from '../../map/deck-layers';
import { MAP_DEFAULTS } from '../../map/map-config';
import { useMapView } from '../../map/use-map-view';
import { useGps } from '../../map/use-gps';
import { pickAt, type DrawnTrees, type ScreenAction, type ScreenState } from './controller';

interface Refs {
  container: RefObject<HTMLDivElement | null>;
  screen: RefObject<ScreenState>;
  drawn: RefObject<DrawnTrees | null>;
  rgba: RefObject<Uint8Array | null>;
}

/** `rtl`: the screen's direction (the zoom buttons take the top corner the toolbar leaves free). */
export function useScreenMap(refs: Refs, dispatch: Dispatch<ScreenAction>, rtl: boolean) {
  const { container: containerRef, screen: screenRef, drawn: drawnRef, rgba: rgbaRef } = refs;
  const view = useMapView(
    containerRef,
    {
      onClick: (click) => {
        // A finger (a coarse pointer) picks the tree within TAP_SLOP_PX (issue 35).
        const tap = window.matchMedia('(pointer: coarse)').matches ? TAP_SLOP_PX : 0;
        const s = screenRef.current;
        const hit = pickAt(click, view.pickAll(click.x, click.y), s.layers, drawnRef.current, view.map?.getZoom() ?? 0, rgbaRef.current, tap, s.sun);
        if (hit) dispatch({ type: 'select', selected: hit });
      },
      onUserMove: () => {
        dispatch({ type: 'zoomActive', on: false });
        gpsRef.current?.();
      },
    },
    // The toolbar sits at the inline end: the zoom buttons go to the other top corner (issue 35, Hebrew).
    { debugName: 'project', navigation: rtl ? 'top-right' : 'top-left' },
  );
  const gps = useGps(view.map, MAP_DEFAULTS.gpsZoom);
  // Panning releases the GPS follow mode (issue 35); the map's handlers are set before the hook exists.
  const gpsRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    gpsRef.current = gps.release;
  });
  return { view, gps };
}

export type Gps = ReturnType<typeof useGps>;
