import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import { DRAW, DRAW_STYLES } from './constants';
import { editorModes } from './draw-modes';
import type { DrawBehaviours } from './bridge';

/**
 * mapbox-gl-draw on MapLibre: its control classes must use MapLibre's names
 * before the control is created, or the buttons render unstyled/invisible.
 */
export function createDraw(behaviours: DrawBehaviours): MapboxDraw {
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
