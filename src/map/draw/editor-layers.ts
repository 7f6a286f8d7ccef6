import type { Map as MlMap, GeoJSONSource } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { COLORS, DRAW, WIDTHS } from './constants';

// The admin map's own layers (admin.md §9 styles): plots red outline 3,
// irrigation areas green 3, trees blue circles radius 8, the selected
// feature orange (feature-state), plus transparent fills as click targets.

export type LayerKind = 'plot' | 'irrigation' | 'tree';
export const SOURCES: Record<LayerKind, string> = { plot: 'ed-plots', irrigation: 'ed-areas', tree: 'ed-trees' };
export const LAYERS: Record<LayerKind, string[]> = {
  plot: ['ed-plots-fill', 'ed-plots-line'],
  irrigation: ['ed-areas-fill', 'ed-areas-line'],
  tree: ['ed-trees'],
};
/** Layers a click can hit, most specific first. */
export const CLICK_LAYERS = ['ed-trees', 'ed-areas-fill', 'ed-plots-fill'];

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const sel = (on: string, off: string) => ['case', ['boolean', ['feature-state', 'selected'], false], on, off];

export function addEditorLayers(map: MlMap): void {
  for (const s of Object.values(SOURCES)) if (!map.getSource(s)) map.addSource(s, { type: 'geojson', data: EMPTY });
  const add = (layer: Parameters<MlMap['addLayer']>[0]) => !map.getLayer(layer.id) && map.addLayer(layer);
  add({ id: 'ed-plots-fill', type: 'fill', source: SOURCES.plot, paint: { 'fill-color': sel(COLORS.selected, COLORS.plot) as never, 'fill-opacity': 0.08 } });
  add({
    id: 'ed-areas-fill',
    type: 'fill',
    source: SOURCES.irrigation,
    paint: { 'fill-color': sel(COLORS.selected, COLORS.irrigation) as never, 'fill-opacity': 0.06 },
  });
  add({
    id: 'ed-plots-line',
    type: 'line',
    source: SOURCES.plot,
    paint: { 'line-color': sel(COLORS.selected, COLORS.plot) as never, 'line-width': WIDTHS.plot },
  });
  add({
    id: 'ed-areas-line',
    type: 'line',
    source: SOURCES.irrigation,
    paint: { 'line-color': sel(COLORS.selected, COLORS.irrigation) as never, 'line-width': WIDTHS.irrigation },
  });
  add({
    id: 'ed-trees',
    type: 'circle',
    source: SOURCES.tree,
    paint: {
      'circle-radius': WIDTHS.treeRadius,
      'circle-color': sel(COLORS.selected, COLORS.tree) as never,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
      'circle-opacity': 0.85,
    },
  });
}

/** Features of a boundary file being imported: dashed outlines, the ones chosen solid (property `chosen`). */
export const PREVIEW_SOURCE = 'ed-import-preview';
export function setImportPreview(map: MlMap, fc: FeatureCollection | null): void {
  if (!map.getSource(PREVIEW_SOURCE)) {
    map.addSource(PREVIEW_SOURCE, { type: 'geojson', data: EMPTY });
    map.addLayer({
      id: 'ed-import-fill',
      type: 'fill',
      source: PREVIEW_SOURCE,
      paint: { 'fill-color': COLORS.selected, 'fill-opacity': ['case', ['boolean', ['get', 'chosen'], false], 0.15, 0.03] as never },
    });
    map.addLayer({
      id: 'ed-import-line',
      type: 'line',
      source: PREVIEW_SOURCE,
      paint: { 'line-color': COLORS.selected, 'line-width': 2, 'line-dasharray': [2, 1] },
    });
  }
  void (map.getSource(PREVIEW_SOURCE) as GeoJSONSource).setData(fc ?? EMPTY);
}

export function setEditorData(map: MlMap, kind: LayerKind, fc: FeatureCollection): void {
  void (map.getSource(SOURCES[kind]) as GeoJSONSource | undefined)?.setData(fc);
}

export function setLayerVisible(map: MlMap, kind: LayerKind, visible: boolean): void {
  for (const id of LAYERS[kind]) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
}

/** Hides one feature (the one being reshaped in the draw layer) from its own layer. */
export function hideFeature(map: MlMap, kind: LayerKind | null, id: number | null): void {
  for (const k of Object.keys(LAYERS) as LayerKind[])
    for (const layer of LAYERS[k]) if (map.getLayer(layer)) map.setFilter(layer, k === kind && id !== null ? ['!=', ['id'], id] : null);
}

/** Orange or not (feature-state `selected`): the selected feature of admin.md §2. */
export function markSelected(map: MlMap, kind: LayerKind, id: number, selected: boolean): void {
  map.setFeatureState({ source: SOURCES[kind], id }, { selected });
}

/** The feature under a point of the map (CSS pixels), within admin.md §9's click tolerance; the most specific layer wins. */
export function editorFeatureAt(map: MlMap, point: { x: number; y: number }): { kind: LayerKind; id: number } | null {
  const tol = DRAW.clickTolerancePx;
  const hits = map.queryRenderedFeatures(
    [
      [point.x - tol, point.y - tol],
      [point.x + tol, point.y + tol],
    ],
    { layers: CLICK_LAYERS.filter((l) => map.getLayer(l)) },
  );
  const hit = CLICK_LAYERS.map((l) => hits.find((h) => h.layer.id === l)).find(Boolean);
  if (!hit) return null;
  const kind: LayerKind = hit.layer.id === 'ed-trees' ? 'tree' : hit.layer.id === 'ed-areas-fill' ? 'irrigation' : 'plot';
  return { kind, id: Number(hit.id) };
}
