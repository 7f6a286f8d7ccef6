// A second, non-interactive MapLibre map that shows one raster photo and follows the main map's camera
// (issue 37, swipe compare). Its canvas lies between the main map's canvas and the deck.gl overlay, so the
// trees stay on top of both photos; the caller clips it to one side of the swipe bar.
import { Map as MapLibreMapClass, type Map as MapLibreMap } from 'maplibre-gl';
import { transformApiRequest } from './api-tiles';
import { applyPhotoLayer, type PhotoLayerSpec } from './photo-layer';

export interface SwipeMap {
  element: HTMLDivElement;
  setPhoto(spec: PhotoLayerSpec | null): void;
  /** Shows the photo only on one side of a vertical line at `at` (0–1 of the width). */
  clipTo(at: number, side: 'left' | 'right'): void;
  destroy(): void;
}

export function createSwipeMap(main: MapLibreMap): SwipeMap {
  const element = document.createElement('div');
  element.className = 'map-swipe-layer';
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
  const host = main.getContainer();
  host.insertBefore(element, host.querySelector('.maplibregl-control-container'));
  const map = new MapLibreMapClass({
    container: element,
    style: { version: 8, sources: {}, layers: [] },
    interactive: false,
    attributionControl: false,
    center: main.getCenter(),
    zoom: main.getZoom(),
    bearing: main.getBearing(),
    pitch: main.getPitch(),
    transformRequest: transformApiRequest,
  });
  const follow = () => map.jumpTo({ center: main.getCenter(), zoom: main.getZoom(), bearing: main.getBearing(), pitch: main.getPitch() });
  const resize = () => map.resize();
  main.on('move', follow);
  main.on('resize', resize);
  let detach = () => undefined as void;
  return {
    element,
    setPhoto: (spec) => {
      detach();
      detach = applyPhotoLayer(map, 'photo', spec);
    },
    clipTo: (at, side) => {
      element.style.clipPath = side === 'right' ? `inset(0 0 0 ${at * 100}%)` : `inset(0 ${(1 - at) * 100}% 0 0)`;
    },
    destroy: () => {
      detach();
      main.off('move', follow);
      main.off('resize', resize);
      map.remove();
      element.remove();
    },
  };
}
