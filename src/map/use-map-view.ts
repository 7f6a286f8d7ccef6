// MapLibre map + deck.gl overlay (@deck.gl/maplibre's MapLibreOverlay, deck.gl's
// integration for MapLibre) in a container; layers are pushed with setLayers.
// Overlaid mode: interleaved broke with @deck.gl/mapbox on MapLibre 6 and is not
// tried again yet with this package.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Layer, PickingInfo } from '@deck.gl/core';
import { Map as MapLibreMapClass, NavigationControl, type Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { basemapStyle, MAP_DEFAULTS } from './map-config';
import { setupMapLibre } from './maplibre-setup';
import { exposeMap, type MapDebugName } from './map-debug';
import { transformApiRequest } from './api-tiles';

/** A click on the map: CSS pixels in the map and the lon/lat under them. */
export interface MapClick {
  x: number;
  y: number;
  coordinate: [number, number];
}

export interface MapViewHandlers {
  /** Nothing is picked for it: call pickAll(x, y) for what lies under the click. */
  onClick?: (at: MapClick) => void;
  /** The user moved the map (drag, wheel, keys): not our own fitBounds/easeTo. */
  onUserMove?: () => void;
  /** The basemap's tiles cannot be loaded (no network): the map goes on without them. */
  onBasemapError?: () => void;
}

/** How a screen's map differs from the survey maps'. */
export interface MapViewOptions {
  /** The deck.gl overlay (the survey maps' GPU layers); off for a map of MapLibre layers only (the data editor). */
  overlay?: boolean;
  minZoom?: number;
  maxZoom?: number;
  /** Where the zoom buttons go (the map's start corner by default). */
  navigation?: 'top-left' | 'top-right';
  /** The name of the map's debug handle for browser tests (`window.__maps[name]`, src/map/map-debug.ts). */
  debugName?: MapDebugName;
}

export interface MapView {
  map: MapLibreMap | null;
  zoom: number;
  /** Increments after every completed move (viewport-dependent work re-runs on it). */
  moveId: number;
  /** Device pixels per CSS pixel of the deck.gl canvas. */
  pixelRatio: number;
  setLayers(layers: Layer[]): void;
  /** Everything pickable under a screen point, topmost first. */
  pickAll(x: number, y: number): PickingInfo[];
  /** The GPU dropped a WebGL context of this map (driver reset, too many contexts, a sleeping phone). */
  contextLost: boolean;
  /** Builds the map again (a new context); counts up with every restore. */
  restore(): void;
  generation: number;
}

/** CSS pixels on phones with DPR 3 triple the fragment work for dots; 1.5 stays sharp enough. */
const deckPixelRatio = () => Math.min(window.devicePixelRatio || 1, 1.5);

/**
 * MapLibreOverlay forwards the map's mouse events to deck.gl, which then picks
 * (renders the pickable layers and reads the pixels back, a synchronous GPU
 * stall) on every pointer move for hover state and on every mouse down for
 * layer drags: ~100 ms of main thread per pick at 1M trees in software GL, on
 * each pan. Nothing here uses hover or layer drags; a click picks once, in
 * pickAll. The handler is the overlay's own (a private field of @deck.gl/maplibre 9.4).
 */
const DECK_EVENTS = ['mousedown', 'dragstart', 'drag', 'dragend', 'mousemove', 'mouseout', 'click', 'dblclick'] as const;
function detachDeckEvents(map: MapLibreMap, overlay: MapLibreOverlay): void {
  const handler = (overlay as unknown as { _handleMouseEvent?: (e: unknown) => void })._handleMouseEvent;
  // Without the field (a later deck.gl) the map still works, only slower: say so, never break the page.
  if (!handler) return console.warn('MapLibreOverlay has no _handleMouseEvent: hover picking stays on (check detachDeckEvents against @deck.gl/maplibre)');
  for (const type of DECK_EVENTS) map.off(type, handler);
}

/**
 * The one way the app makes a map: MapLibre with the basemap, and deck.gl's overlay unless `overlay: false`.
 * A lost WebGL context is reported (contextLost) and restore() builds the map again (generation + 1).
 * With `debugName`, browser tests reach the map through its debug handle (map-debug.ts).
 */
export function useMapView(container: RefObject<HTMLDivElement | null>, handlers: MapViewHandlers, options: MapViewOptions = {}): MapView {
  const { overlay: withOverlay = true, minZoom = MAP_DEFAULTS.minZoom, maxZoom = MAP_DEFAULTS.maxZoom, navigation = 'top-left', debugName } = options;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [zoom, setZoom] = useState<number>(MAP_DEFAULTS.zoom);
  const [moveId, setMoveId] = useState(0);
  const [generation, setGeneration] = useState(0);
  const [contextLost, setContextLost] = useState(false);
  // Read synchronously: a dead overlay must not get layers (deck.gl throws on a map without a context).
  const lostRef = useRef(false);
  const overlayRef = useRef<MapLibreOverlay | null>(null);
  // The deck.gl layers last set: the debug handle reads their props back (map-debug.ts deckProperty).
  const deckLayersRef = useRef<readonly Layer[]>([]);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    setupMapLibre();
    // Either canvas (MapLibre's or deck.gl's) losing its context leaves a dead
    // map: say so and offer a new one. Captured on the container: the event does not bubble.
    lostRef.current = false;
    const onLost = () => {
      lostRef.current = true;
      setContextLost(true);
    };
    el.addEventListener('webglcontextlost', onLost, true);
    // Marks for bench:offline (how long MapLibre's set-up holds the main thread, when its first frame is ready).
    performance.mark('map:create');
    const m = new MapLibreMapClass({
      container: el,
      style: basemapStyle(),
      center: MAP_DEFAULTS.centre,
      zoom: MAP_DEFAULTS.zoom,
      minZoom,
      maxZoom,
      attributionControl: { compact: true },
      transformRequest: transformApiRequest,
    });
    const unexpose = debugName ? exposeMap(debugName, m, () => deckLayersRef.current) : () => {};
    // A tile that cannot load (no network) must not become a page error.
    m.on('error', (e) => {
      if ((e as unknown as { sourceId?: string }).sourceId === 'basemap') handlersRef.current.onBasemapError?.();
    });
    if (withOverlay) {
      const overlay = new MapLibreOverlay({
        interleaved: false,
        layers: [],
        useDevicePixels: deckPixelRatio(),
      });
      m.addControl(overlay, 'top-left');
      detachDeckEvents(m, overlay);
      overlayRef.current = overlay;
    }
    m.on('click', (e) => handlersRef.current.onClick?.({ x: e.point.x, y: e.point.y, coordinate: [e.lngLat.lng, e.lngLat.lat] }));
    // After the overlay: deck.gl's canvas is a control of the same corner, and a later control paints above it.
    m.addControl(new NavigationControl({ showCompass: false }), navigation);
    m.on('movestart', (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) handlersRef.current.onUserMove?.();
    });
    m.on('moveend', () => {
      setZoom(m.getZoom());
      setMoveId((n) => n + 1);
    });
    // The map is an external object this effect creates: the page renders again with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- publishing the map this effect built
    setMap(m);
    performance.mark('map:created');
    m.once('load', () => performance.mark('map:loaded'));
    return () => {
      el.removeEventListener('webglcontextlost', onLost, true);
      unexpose();
      overlayRef.current = null;
      m.remove();
      setMap(null);
    };
  }, [container, generation, withOverlay, minZoom, maxZoom, navigation, debugName]);

  return {
    map,
    zoom,
    moveId,
    pixelRatio: deckPixelRatio(),
    setLayers: (layers) => {
      deckLayersRef.current = layers;
      if (!lostRef.current) overlayRef.current?.setProps({ layers });
    },
    pickAll: (x, y) => (lostRef.current ? [] : (overlayRef.current?.pickMultipleObjects({ x, y, radius: 2, depth: 8 }) ?? [])),
    contextLost,
    restore: () => {
      setContextLost(false);
      setGeneration((g) => g + 1);
    },
    generation,
  };
}
