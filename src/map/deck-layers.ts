// deck.gl layers of the project map, built from the worker's typed arrays.
// Trees are ONE ScatterplotLayer (tree-dot-layer.ts) over binary attributes: positions stay the
// same buffer for the whole load, a colour-mode switch hands over a new RGBA
// buffer only (deck.gl skips re-uploading an unchanged external buffer).
import { COORDINATE_SYSTEM, type Layer, type PickingInfo } from '@deck.gl/core';
import { BitmapLayer, PathLayer, PolygonLayer, ScatterplotLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import type { Polygon } from 'geojson';
import { visualOrder } from './bidi';
import { LAYER_STYLE } from './map-config';
import { gpsLayers, type GpsMark } from './gps-layers';
import { TreeDotLayer } from './tree-dot-layer';
import type { TreeOffsets } from '../../workers/geo/draw-offsets';
import { nearestTree, type TreeRaster } from '../../workers/geo/tree-raster';
import type { PrescriptionPreview } from '../../workers/geo/prescription';

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

/** Below this zoom trees are small dots without a stroke (§9 tree marker radius 2). */
export const TREE_DETAIL_ZOOM = 16;

function centre(p: Polygon): [number, number] {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of p.coordinates[0] ?? []) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

function areaLayers(id: 'plots' | 'irrigationAreas', items: AreaItem[], input: MapLayerInput): Layer[] {
  const base = id === 'plots' ? LAYER_STYLE.plots : LAYER_STYLE.irrigationAreas;
  const sun = LAYER_STYLE.sun;
  const style = !input.sun ? base : { ...base, width: base.width * sun.areaWidthScale, stroke: id === 'plots' ? base.stroke : sun.irrigationStroke };
  const out: Layer[] = [
    new PolygonLayer<AreaItem>({
      id,
      data: items,
      getPolygon: (d) => d.polygon.coordinates,
      // Alpha 1/255: looks transparent (§9 "transparent fill") but stays pickable.
      getFillColor: [0, 0, 0, 1],
      filled: true,
      stroked: true,
      getLineColor: style.stroke,
      getLineWidth: style.width,
      lineWidthUnits: 'pixels',
      pickable: true,
      updateTriggers: { getLineColor: input.sun, getLineWidth: input.sun },
    }),
  ];
  const sel = input.selected;
  if (sel && sel.layer === id && items[sel.index]) {
    out.push(
      new PathLayer<AreaItem>({
        id: `${id}-selected`,
        data: [items[sel.index]],
        getPath: (d) => d.polygon.coordinates[0] as [number, number][],
        getColor: LAYER_STYLE.selected,
        getWidth: style.width + 2,
        widthUnits: 'pixels',
      }),
    );
  }
  if (input.view.labels[id]) {
    out.push(
      new TextLayer<AreaItem>({
        id: `${id}-labels`,
        data: items,
        getPosition: (d) => centre(d.polygon),
        getText: (d) => visualOrder(d.label),
        characterSet: 'auto',
        getSize: id === 'plots' ? 14 : 12,
        getColor: id === 'plots' ? [0, 0, 0, 255] : [13, 71, 161, 255],
        fontSettings: { sdf: true },
        outlineWidth: 2,
        outlineColor: [255, 255, 255, 230],
        fontFamily: 'system-ui, sans-serif',
      }),
    );
  }
  return out;
}

// The same data object while positions and colours are unchanged: a new object
// would make deck.gl treat every other prop change (selection, zoom) as new data.
// The position attribute object itself is kept while the positions are: deck.gl
// uploads an external attribute again whenever its descriptor object is new, so a
// colour change (legend filter, colour mode) would re-upload every position.
// Kept per buffer (WeakMaps keyed by the worker's arrays), not in one slot: two
// maps never evict each other's, and an entry goes with its survey's buffers.
const positionAttributes = new WeakMap<Float64Array | Float32Array, { value: Float64Array | Float32Array; size: 2 }>();
const binaryData = new WeakMap<Uint8Array, { positions: Float64Array | Float32Array; data: unknown }>();
function binaryTrees(t: TreeBuffers & { rgba: Uint8Array }) {
  const positions = t.offsets?.values ?? t.positions;
  const known = binaryData.get(t.rgba);
  if (known?.positions === positions) return known.data;
  let getPosition = positionAttributes.get(positions);
  if (!getPosition) positionAttributes.set(positions, (getPosition = { value: positions, size: 2 }));
  const data = { length: t.count, attributes: { getPosition, getFillColor: { value: t.rgba, size: 4, normalized: true } } };
  binaryData.set(t.rgba, { positions, data });
  return data;
}

/** A drawn tree's radius in CSS px: the dot below the detail zoom, the marker from it, larger in Sun mode. */
export function treeRadius(detail: boolean, sun = false): number {
  if (sun) return detail ? LAYER_STYLE.sun.treeRadius : LAYER_STYLE.sun.markerRadius;
  return detail ? LAYER_STYLE.trees.radius : LAYER_STYLE.treeMarkerRadius;
}

/**
 * Trees are picked on the CPU (tree-raster.ts nearestTree), not by deck.gl:
 * a picking pass redraws every instance, which on a slow GPU costs as much as
 * a frame on every hover, and the image below the detail zoom has no instances.
 */
function treeLayers(input: MapLayerInput): Layer[] {
  const t = input.trees;
  if (!t || !t.rgba || t.count === 0) return [];
  const detail = input.treeStroke === 'always' || (input.treeStroke !== 'never' && input.zoom >= TREE_DETAIL_ZOOM);
  // Level of detail: below the detail zoom the trees are 2-px dots, drawn once
  // into an image (one quad per frame instead of one instance per tree).
  const asImage = !detail && input.treeLod !== 'vector' && input.treeImage !== 'refused';
  const img = asImage && input.treeImage && input.treeImage !== 'refused' ? input.treeImage : null;
  // Until the worker's image arrives nothing is drawn: one frame of a million instances would upload
  // every position and link the dot shader (~100 ms of main thread in software GL) to be replaced at once.
  // An image the worker refused is drawn as instances.
  const out: Layer[] =
    asImage && !img
      ? []
      : img
        ? [
            new BitmapLayer({
              // Not 'trees': deck.gl hands a layer's state to the next layer of the same id, whatever its class.
              id: 'trees-image',
              image: img.image,
              bounds: img.raster.bounds,
              // One texel per device pixel at this zoom: no blur, no blended colours.
              textureParameters: { minFilter: 'nearest', magFilter: 'nearest', mipmapFilter: 'none' },
            } as ConstructorParameters<typeof BitmapLayer>[0]),
          ]
        : [
            new TreeDotLayer({
              id: 'trees',
              data: binaryTrees({ ...t, rgba: t.rgba }),
              ...(t.offsets ? { coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS, coordinateOrigin: [t.offsets.origin[0], t.offsets.origin[1], 0] } : {}),
              radiusUnits: 'pixels',
              getRadius: treeRadius(detail, input.sun),
              // Sun mode edges the dots below the detail zoom too (as the worker's image does).
              stroked: detail || !!input.sun,
              getLineColor: input.sun ? LAYER_STYLE.sun.stroke : LAYER_STYLE.trees.stroke,
              getLineWidth: input.sun ? (detail ? LAYER_STYLE.sun.strokeWidth : LAYER_STYLE.sun.markerStrokeWidth) : LAYER_STYLE.trees.strokeWidth,
              lineWidthUnits: 'pixels',
              // Dots of 2-4 px gain nothing from the smoothstep edge; it costs fragment work.
              antialiasing: detail,
              updateTriggers: { getRadius: [detail, input.sun], getLineColor: input.sun, getLineWidth: [detail, input.sun] },
            } as ConstructorParameters<typeof TreeDotLayer>[0]),
          ];
  const sel = input.selected;
  if (sel && sel.layer === 'trees' && sel.index < t.count) {
    // client.md §4: orange and a larger marker. Orange is also Weak-Dead, so a thick black-and-white ring
    // around it makes the selection unmistakable on any tree colour and any basemap.
    const at = (i: number): [number, number] => [t.positions[2 * i], t.positions[2 * i + 1]];
    const ring = (id: string, radius: number, colour: [number, number, number, number]) =>
      new ScatterplotLayer<number>({
        id,
        data: [sel.index],
        getPosition: at,
        getRadius: radius,
        radiusUnits: 'pixels',
        filled: false,
        stroked: true,
        getLineColor: colour,
        getLineWidth: LAYER_STYLE.selectedRing.width,
        lineWidthUnits: 'pixels',
      });
    out.push(
      ring('trees-selected-ring-black', LAYER_STYLE.selectedRing.outer, [0, 0, 0, 255]),
      ring('trees-selected-ring-white', LAYER_STYLE.selectedRing.outer - LAYER_STYLE.selectedRing.width, [255, 255, 255, 255]),
      new ScatterplotLayer<number>({
        id: 'trees-selected',
        data: [sel.index],
        getPosition: at,
        getFillColor: LAYER_STYLE.selected,
        getRadius: LAYER_STYLE.selectedRadius,
        radiusUnits: 'pixels',
        stroked: true,
        getLineColor: [0, 0, 0, 255],
        getLineWidth: 1,
        lineWidthUnits: 'pixels',
      }),
    );
  }
  if (input.view.labels.trees && input.treeLabels.length > 0) {
    out.push(
      new TextLayer<TreeLabel>({
        id: 'trees-labels',
        data: input.treeLabels,
        getPosition: (d) => d.position,
        getText: (d) => d.text,
        getSize: 11,
        getPixelOffset: [0, -12],
        getColor: [33, 33, 33, 255],
        fontSettings: { sdf: true },
        outlineWidth: 2,
        outlineColor: [255, 255, 255, 230],
      }),
    );
  }
  return out;
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

/**
 * What a click selects among everything under it: the most specific kind
 * (tree, then irrigation area, then plot); among equals the info layer's.
 * Without this, plot fills drawn on top would swallow every tree click.
 */
export function chooseFeature(hits: PickingInfo[], infoLayer: LayerId | null, treeIndex = -1): { layer: LayerId; index: number } | null {
  const picked = hits.map(pickedFeature).filter((h): h is { layer: LayerId; index: number } => h !== null);
  if (treeIndex >= 0) picked.push({ layer: 'trees', index: treeIndex });
  const rank = (l: LayerId) => (l === 'trees' ? 0 : l === 'irrigationAreas' ? 2 : 4) - (l === infoLayer ? 1 : 0);
  return picked.sort((a, b) => rank(a.layer) - rank(b.layer))[0] ?? null;
}

/** A finger's tap (issue 35): on a touch screen a tree within this many CSS px of the tap is the one tapped. */
export const TAP_SLOP_PX = 22;

/**
 * The tree under a clicked lon/lat at a zoom (the dot's radius plus 2 px of slack, or `minPixels` when that is
 * more: TAP_SLOP_PX for a finger), or -1. Trees not drawn (alpha 0 in `rgba`) are never picked.
 */
export function treeAt(
  positions: Float64Array,
  count: number,
  lon: number,
  lat: number,
  zoom: number,
  rgba?: Uint8Array | null,
  minPixels = 0,
  sun = false,
): number {
  const detail = zoom >= TREE_DETAIL_ZOOM;
  const radius = treeRadius(detail, sun) + (detail ? (sun ? LAYER_STYLE.sun.strokeWidth : LAYER_STYLE.trees.strokeWidth) : 0);
  return nearestTree(positions, count, lon, lat, zoom, Math.max(radius + 2, minPixels), rgba);
}

/** The picked feature of a deck.gl click, if it belongs to one of our layers. */
export function pickedFeature(info: PickingInfo): { layer: LayerId; index: number } | null {
  const id = info.layer?.id;
  if (info.index < 0 || (id !== 'plots' && id !== 'irrigationAreas' && id !== 'trees')) return null;
  if (id === 'trees') return { layer: 'trees', index: info.index };
  const item = info.object as AreaItem | undefined;
  return item ? { layer: id, index: item.index } : null;
}
