import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import type { IControl, Map as MlMap } from 'maplibre-gl';
import type { Feature, Geometry } from 'geojson';
import { DRAW, DRAW_STYLES } from './constants';
import { editorModes } from './draw-modes';
import type { DrawBehaviours } from './bridge';

// The admin map's drawing, behind one small object (terra-draw's adapter idea): the screen starts it, says what to
// draw or reshape, and hears back what was drawn; mapbox-gl-draw (its control, modes, class names, styles and
// `draw.*` map events) is known only here. README Decisions "One map adapter".

/** What the draw layer reports (mapbox-gl-draw's `draw.<name>` events). */
export interface DrawEvents {
  create: { features: Feature[] };
  update: { features: Feature[]; action: string };
  delete: { features: Feature[] };
  modechange: { mode: string };
  selectionchange: { features: Feature[] };
}

export interface DrawAdapter {
  /** Puts the draw control on the map (its style must be loaded). */
  start(): void;
  /** Empties the draw layer. */
  clear(): void;
  /** Arms drawing of a new shape: a point (a tree) or a polygon (a plot, an irrigation area). */
  draw(kind: 'point' | 'polygon'): void;
  /** Puts one existing shape in the draw layer, selected for reshaping (a polygon's vertices, a point itself). */
  edit(id: string, geometry: Geometry): void;
  /** Plain selection: nothing is being drawn. */
  idle(): void;
  on<K extends keyof DrawEvents>(event: K, fn: (e: DrawEvents[K]) => void): void;
  /** Stops listening. The control itself goes with its map (the map adapter, use-map-view.ts, removes the map). */
  destroy(): void;
}

/**
 * mapbox-gl-draw on MapLibre: its control classes must use MapLibre's names
 * before the control is created, or the buttons render unstyled/invisible.
 */
function createDraw(behaviours: DrawBehaviours): MapboxDraw {
  const classes = MapboxDraw.constants.classes;
  classes.CONTROL_BASE = 'maplibregl-ctrl';
  classes.CONTROL_PREFIX = 'maplibregl-ctrl-';
  classes.CONTROL_GROUP = 'maplibregl-ctrl-group';
  return new MapboxDraw({
    displayControlsDefault: false,
    userProperties: true,
    keybindings: true,
    boxSelect: false,
    clickBuffer: DRAW.clickTolerancePx,
    touchBuffer: 25,
    modes: editorModes(behaviours),
    styles: DRAW_STYLES,
  });
}

/** The draw layer of one map, its custom modes given `behaviours` (snapping, live measures, vertex undo: bridge.ts). */
export function createDrawAdapter(map: MlMap, behaviours: DrawBehaviours): DrawAdapter {
  let draw: MapboxDraw | null = null;
  const listeners: [string, (e: never) => void][] = [];
  // mapbox-gl-draw fires its events on the map; MapLibre's typings do not know them.
  const mapEvents = map as unknown as { on(type: string, fn: (e: never) => void): void; off(type: string, fn: (e: never) => void): void };
  return {
    start() {
      draw = createDraw(behaviours);
      map.addControl(draw as unknown as IControl);
    },
    clear: () => void draw?.deleteAll(),
    draw: (kind) => void draw?.changeMode(kind === 'point' ? 'draw_point' : 'draw_polygon'),
    edit(id, geometry) {
      if (!draw) return;
      draw.add({ type: 'Feature', id, properties: {}, geometry });
      // direct_select (vertex editing) takes no points: a point is moved in simple_select.
      if (geometry.type === 'Point') draw.changeMode('simple_select', { featureIds: [id] });
      else draw.changeMode('direct_select', { featureId: id });
    },
    idle: () => void draw?.changeMode('simple_select'),
    on(event, fn) {
      const type = `draw.${event}`;
      mapEvents.on(type, fn as (e: never) => void);
      listeners.push([type, fn as (e: never) => void]);
    },
    destroy() {
      for (const [type, fn] of listeners.splice(0)) mapEvents.off(type, fn);
      draw = null;
    },
  };
}
