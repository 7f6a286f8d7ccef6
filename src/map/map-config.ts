// Map defaults of client.md §9 and the basemap source. The tile template is
// configurable at build time (VITE_TILE_URL / VITE_TILE_ATTRIBUTION); with no
// network the raster tiles fail quietly and the plain background shows.
import type { StyleSpecification } from 'maplibre-gl';
import { mercatorXToLon, mercatorYToLat } from '../../workers/geo/projection';

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const TILE_URL = env.VITE_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = env.VITE_TILE_ATTRIBUTION || '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** §9: centre [3878000, 3600000] in EPSG:3857, zoom 8, min 6, max 20, padding 50, animation 1000 ms, max fit zoom 18. */
export const MAP_DEFAULTS = {
  centre3857: [3878000, 3600000] as const,
  centre: [mercatorXToLon(3878000), mercatorYToLat(3600000)] as [number, number],
  zoom: 8,
  minZoom: 6,
  maxZoom: 20,
  padding: 50,
  animationMs: 1000,
  /** The most a fit zooms in (§9; the default of src/map/fit.ts fitMap). How far a survey's first fit goes by its feature count (§4: 19/18/17) is workers/geo/fit.ts. */
  maxFitZoom: 18,
  gpsZoom: 17,
};

/** §9 global view: the whole world, centre [0, 0] at zoom 2 (the farm map's and the editor's "Global View"). */
export const GLOBAL_VIEW = { center: [0, 0] as [number, number], zoom: 2 };

/** §9 layer styles and marker sizes (pixels). */
export const LAYER_STYLE = {
  plots: { z: 10, stroke: [0, 0, 0, 255] as [number, number, number, number], width: 3 },
  irrigationAreas: { z: 5, stroke: [0x21, 0x96, 0xf3, 255] as [number, number, number, number], width: 2 },
  trees: {
    z: 1,
    radius: 4,
    fill: [46, 204, 64, 255] as [number, number, number, number],
    stroke: [255, 255, 255, 255] as [number, number, number, number],
    strokeWidth: 1,
  },
  treeMarkerRadius: 2,
  markerRadius: 7,
  selectedRadius: 8,
  /** Around the selected tree: a white ring inside a black one, each `width` px (readable on any colour). */
  selectedRing: { outer: 15, width: 3 },
  selected: [255, 140, 0, 255] as [number, number, number, number],
  /**
   * "Sun" (issue 35, README Decisions "Sun mode"): high contrast for a phone outdoors — larger trees with a dark
   * outline from the detail zoom, the dots below it larger too with a 1 px dark edge (the worker's tree image, or
   * instances when it refuses one), and thicker,
   * darker plot and irrigation-area outlines.
   */
  sun: {
    treeRadius: 6,
    markerRadius: 3,
    /** The dark edge of the dots below the detail zoom (the worker's tree image). */
    markerStrokeWidth: 1,
    stroke: [17, 17, 17, 255] as [number, number, number, number],
    strokeWidth: 2,
    areaWidthScale: 1.5,
    irrigationStroke: [13, 71, 161, 255] as [number, number, number, number],
  },
};

export function basemapStyle(tileUrl = TILE_URL): StyleSpecification {
  return {
    version: 8,
    sources: {
      basemap: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19, attribution: TILE_ATTRIBUTION },
    },
    layers: [
      // Shown wherever tiles are missing (offline, blocked): the map still works on it.
      { id: 'background', type: 'background', paint: { 'background-color': '#eef2e6' } },
      { id: 'basemap', type: 'raster', source: 'basemap', paint: { 'raster-fade-duration': 0 } },
    ],
  };
}
