// deck.gl layers of the project map, built from the worker's typed arrays.
// Trees are ONE ScatterplotLayer (tree-dot-layer.ts) over binary attributes: positions stay the
// same buffer for the whole load, a colour-mode switch hands over a new RGBA
// buffer only (deck.gl skips re-uploading an unchanged external buffer).
// This file: what the layers are built from, and their order; the rooms: area-layers.ts, tree-layers.ts
// (with tree-style.ts: a tree's radius and edge), and deck-picking.ts (what a click selects).
import type { Layer } from '@deck.gl/core';
import { SolidPolygonLayer } from '@deck.gl/layers';
import type { Polygon } from 'geojson';
import { gpsLayers, type GpsMark } from './gps-layers';
import { areaLayers } from './area-layers';
import { treeLayers } from './tree-layers';
import type { TreeOffsets } from '../../workers/geo/draw-offsets';
import type { TreeRaster } from '../../workers/geo/tree-raster';
import type { PrescriptionPreview } from '../../workers/geo/prescription';

export { TREE_DETAIL_ZOOM, treeEdge, treeRadius } from './tree-style';
export { TAP_SLOP_PX, chooseFeature, pickedFeature, treeAt } from './deck-picking';

export type LayerId = 'plots' | 'irrigationAreas' | 'trees';

export interface AreaItem {
  index: number;
  polygon: Polygon;
  label: string;
}
export interface TreeBuffers {
  count: number;
  /** Absolute lon/lat (Float64), as the worker sends them. */
  positions: Float64Array;
  rgba: Uint8Array | null;
  /** Float32 lon/lat offsets from `origin` (the worker's treeOffsets); drawn instead of `positions` when given. */
  offsets?: TreeOffsets | null;
}

/** The trees as one image below the detail zoom (the worker draws it: use-tree-image.ts). */
export interface TreeImage {
  /** The colours request it was painted with. */
  coloursId: number;
  raster: TreeRaster;
  image: ImageData;
}

export interface TreeLabel {
  position: [number, number];
  text: string;
}

export interface LayerView {
  /** Top row first (client.md §4: the first row is on top). */
  order: LayerId[];
  visible: Record<LayerId, boolean>;
  labels: Record<LayerId, boolean>;
  infoLayer: LayerId | null;
}

export interface MapLayerInput {
  view: LayerView;
  plots: AreaItem[];
  areas: AreaItem[];
  trees: TreeBuffers | null;
  treeLabels: TreeLabel[];
  zoom: number;
  selected: { layer: LayerId; index: number } | null;
  /** The position, its accuracy and heading (gps-layers.ts). */
  gps: GpsMark | null;
  /** Bench/diagnostics: draw strokes at every zoom, or never (default: by zoom). */
  treeStroke?: 'auto' | 'always' | 'never';
  /** Bench/diagnostics: 'vector' draws one instance per tree at every zoom (default: the image below the detail zoom). */
  treeLod?: 'auto' | 'vector';
  /**
   * The tree image for this zoom. null: not drawn yet (nothing is drawn meanwhile); 'refused': the worker
   * will not draw one (too large, e.g. plots kilometres apart near the detail zoom): instances are drawn.
   */
  treeImage?: TreeImage | 'refused' | null;
  /** A prescription being prepared: its zones coloured by rate, above the trees and areas. */
  prescription?: PrescriptionPreview | null;
  /** "Sun": the high-contrast style for outdoor use (LAYER_STYLE.sun, issue 35). */
  sun?: boolean;
}

/** A prescription's zones: triangulated and coloured in the worker, so deck.gl only uploads the buffers. */
function prescriptionLayer(p: PrescriptionPreview): Layer {
  const x = p.shapes;
  return new SolidPolygonLayer({
    id: 'prescription',
    data: {
      length: x.count,
      startIndices: x.startIndices,
      attributes: { getPolygon: { value: x.positions, size: 2 }, indices: x.indices, getFillColor: { value: x.colours, size: 4, normalized: true } },
    },
    _normalize: false,
    opacity: 0.75,
    pickable: false,
  } as never);
}

/**
 * All layers, bottom first: the last row of `order` is drawn first. A prescription being prepared lies above
 * them all (issue 31: under the trees, the desktop's dense tree dots hid its zones); only the GPS dot is above it.
 */
export function buildMapLayers(input: MapLayerInput): Layer[] {
  const layers: Layer[] = [];
  for (const id of [...input.view.order].reverse()) {
    if (!input.view.visible[id]) continue;
    if (id === 'trees') layers.push(...treeLayers(input));
    else layers.push(...areaLayers(id, id === 'plots' ? input.plots : input.areas, input));
  }
  if (input.prescription) layers.push(prescriptionLayer(input.prescription));
  if (input.gps) layers.push(...gpsLayers(input.gps, input.zoom));
  return layers;
}
