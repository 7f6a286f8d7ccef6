// The survey's aerial photo as a MapLibre raster layer (issue 37): under every deck.gl layer (the overlay
// draws above MapLibre's canvas), over the basemap. The source is bounded to the photo and stops at its
// native zoom (deeper zooms stretch it), and tiles appear without fading: while a zoom's tiles load, MapLibre
// keeps drawing the loaded lower zoom's (no white flashes).
import type { Map as MapLibreMap, RasterSourceSpecification } from 'maplibre-gl';
import { whenStyleReady } from './when-style-ready';

export interface PhotoLayerSpec {
  /** Tile URL template with the photo's version. */
  tiles: string;
  bounds: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  opacity: number;
  visible: boolean;
}

/** Adds, updates or (spec null) removes the photo layer `id` of a map; waits for the style when it is not parsed yet. */
export function applyPhotoLayer(map: MapLibreMap, id: string, spec: PhotoLayerSpec | null): () => void {
  const apply = () => {
    const source = map.getSource(id) as { tiles?: string[] } | undefined;
    if (source && (!spec || source.tiles?.[0] !== spec.tiles)) {
      if (map.getLayer(id)) map.removeLayer(id);
      map.removeSource(id);
    }
    if (!spec) return;
    if (!map.getSource(id)) {
      const src: RasterSourceSpecification = {
        type: 'raster',
        tiles: [spec.tiles],
        tileSize: 256,
        bounds: spec.bounds,
        minzoom: spec.minzoom,
        maxzoom: spec.maxzoom,
      };
      map.addSource(id, src);
      map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-fade-duration': 0, 'raster-opacity': spec.opacity } });
    }
    map.setPaintProperty(id, 'raster-opacity', spec.opacity);
    map.setLayoutProperty(id, 'visibility', spec.visible ? 'visible' : 'none');
  };
  return whenStyleReady(map, apply);
}
