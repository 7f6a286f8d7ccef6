// The trees' layers (client.md §4, §9): below the detail zoom the worker's image of every tree (one bitmap),
// from it one instance per tree over binary attributes (tree-dot-layer.ts), then the selected tree's rings and
// the tree labels.
import { COORDINATE_SYSTEM, type Layer } from '@deck.gl/core';
import { BitmapLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { LAYER_STYLE } from './map-config';
import { TreeDotLayer } from './tree-dot-layer';
import { TREE_DETAIL_ZOOM, treeEdge, treeRadius } from './tree-style';
import type { MapLayerInput, TreeBuffers, TreeLabel } from './deck-layers';

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

/**
 * Trees are picked on the CPU (tree-raster.ts nearestTree), not by deck.gl:
 * a picking pass redraws every instance, which on a slow GPU costs as much as
 * a frame on every hover, and the image below the detail zoom has no instances.
 */
export function treeLayers(input: MapLayerInput): Layer[] {
  const t = input.trees;
  if (!t || !t.rgba || t.count === 0) return [];
  const detail = input.treeStroke === 'always' || (input.treeStroke !== 'never' && input.zoom >= TREE_DETAIL_ZOOM);
  const edge = treeEdge(detail, input.sun);
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
              stroked: edge !== null,
              getLineColor: edge?.rgba ?? LAYER_STYLE.trees.stroke,
              getLineWidth: edge?.width ?? 0,
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
