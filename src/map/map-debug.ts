// The maps' debug handle for browser tests and benchmarks: `window.__maps[name]`,
// set by the map adapter (use-map-view's `debugName`) for each map it builds and
// removed with it. It answers where things are on screen and whether the map
// stands still, so tests never reach into React or MapLibre's objects. A screen
// that draws trees adds them with exposeTrees. Read-only but for jumpToTree; nothing
// in it is private to the signed-in user beyond what the screen shows.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Layer } from '@deck.gl/core';

export type MapDebugName = 'project' | 'farm' | 'editor';

export interface MapDebugTrees {
  count: number;
  lngLat(i: number): [number, number] | null;
  /** The selected feature of the screen ({ layer, index }), or null. */
  selected(): { layer: string; index: number } | null;
}

export interface MapDebug {
  /** CSS pixels of a lon/lat, relative to the map's container. */
  project(lngLat: [number, number]): { x: number; y: number };
  /** The style is loaded and no animation or gesture runs. */
  settled(): boolean;
  /** Every tile of every source in view is loaded (the aerial photo too). */
  tilesLoaded(): boolean;
  isMoving(): boolean;
  zoom(): number;
  center(): [number, number];
  hasSource(id: string): boolean;
  /** A style layer's paint or layout property (the aerial photo's opacity and visibility), undefined without the layer. */
  layerProperty(id: string, name: string): unknown;
  /** A prop of the deck.gl layer of this id as last set (a number, string, boolean or array), undefined without it. */
  deckProperty(id: string, name: string): unknown;
  /** The screen's trees (0 when it draws none). */
  treeCount(): number;
  /** CSS pixels of tree i relative to the container, or null. */
  treeScreenPoint(i: number): { x: number; y: number } | null;
  /** Tree i's lon/lat, or null. */
  treeLngLat(i: number): [number, number] | null;
  /** Centre the map on tree i at a zoom. */
  jumpToTree(i: number, zoom: number): void;
  selected(): { layer: string; index: number } | null;
}

type Registry = Partial<Record<MapDebugName, MapDebug>>;
const registry = (): Registry => ((window as unknown as { __maps?: Registry }).__maps ??= {});
const treesOf = new Map<MapDebugName, MapDebugTrees>();

/** Publishes a map under a name; the returned function takes it back (only if it is still the published one). */
export function exposeMap(name: MapDebugName, map: MapLibreMap, deckLayers: () => readonly Layer[] = () => []): () => void {
  const point = (lngLat: [number, number]) => {
    const p = map.project(lngLat);
    return { x: p.x, y: p.y };
  };
  const api: MapDebug = {
    project: point,
    settled: () => !!map.isStyleLoaded() && !map.isMoving(),
    tilesLoaded: () => map.areTilesLoaded(),
    isMoving: () => map.isMoving(),
    zoom: () => map.getZoom(),
    center: () => map.getCenter().toArray() as [number, number],
    hasSource: (id) => !!map.getSource(id),
    layerProperty: (id, name) =>
      !map.getLayer(id)
        ? undefined
        : name === 'visibility'
          ? (map.getLayoutProperty(id, name) ?? 'visible')
          : map.getPaintProperty(id, name as 'raster-opacity'),
    deckProperty: (id, prop) => {
      const v = (deckLayers().find((l) => l.id === id)?.props as Record<string, unknown> | undefined)?.[prop];
      return typeof v === 'function' || (typeof v === 'object' && v !== null && !Array.isArray(v)) ? undefined : v;
    },
    treeCount: () => treesOf.get(name)?.count ?? 0,
    treeScreenPoint: (i) => {
      const at = treesOf.get(name)?.lngLat(i);
      return at ? point(at) : null;
    },
    treeLngLat: (i) => treesOf.get(name)?.lngLat(i) ?? null,
    jumpToTree: (i, zoom) => {
      const at = treesOf.get(name)?.lngLat(i);
      if (at) map.jumpTo({ center: at, zoom });
    },
    selected: () => treesOf.get(name)?.selected() ?? null,
  };
  registry()[name] = api;
  return () => {
    if (registry()[name] === api) delete registry()[name];
  };
}

/** Adds a screen's trees to its map's handle (null: none); the returned function removes them. */
export function exposeTrees(name: MapDebugName, trees: MapDebugTrees | null): () => void {
  if (trees) treesOf.set(name, trees);
  else treesOf.delete(name);
  return () => {
    if (treesOf.get(name) === trees) treesOf.delete(name);
  };
}
