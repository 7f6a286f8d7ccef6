// Runs style work (sources, layers, paint) as soon as the map's style may take it. MapLibre's isStyleLoaded()
// is false whenever any source still loads a tile, and 'load' fires once per map: waiting for 'load' after it
// has fired never returns, so a photo or an opacity change made while tiles load was lost. The style itself is
// ready once its JSON is parsed ('style.load'); sources may load tiles after that.
import type { Map as MapLibreMap } from 'maplibre-gl';

/** Calls fn now when the style is parsed, else once it is; the returned function cancels a wait. */
export function whenStyleReady(map: MapLibreMap, fn: () => void): () => void {
  if (map.style?._loaded) {
    fn();
    return () => undefined;
  }
  map.once('style.load', fn);
  return () => map.off('style.load', fn);
}
