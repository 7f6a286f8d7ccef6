import { describe, expect, it } from 'vitest';
import { treeOffsets } from '../../workers/geo/draw-offsets';
import { buildMapLayers, TAP_SLOP_PX, treeAt, type MapLayerInput } from './deck-layers';
import { worldSize } from '../../workers/geo/tree-raster';
import { LAYER_STYLE } from './map-config';

/** The tree layer alone, visible, at zoom 18 unless said otherwise. */
const treesInput = (trees: MapLayerInput['trees'], more: Partial<MapLayerInput> = {}): MapLayerInput => ({
  view: {
    order: ['trees'],
    visible: { plots: false, irrigationAreas: false, trees: true },
    labels: { plots: false, irrigationAreas: false, trees: false },
    infoLayer: null,
  },
  plots: [],
  areas: [],
  trees,
  treeLabels: [],
  zoom: 18,
  selected: null,
  gps: null,
  ...more,
});

describe('tree layer data', () => {
  it('keeps the position attribute object when only the colours change (deck.gl re-uploads a new one)', () => {
    const positions = Float64Array.of(35, 32, 35.001, 32.001);
    const offsets = treeOffsets(positions, 2);
    const input = (rgba: Uint8Array) => treesInput({ count: 2, positions, rgba, offsets });
    type Binary = { attributes: { getPosition: unknown; getFillColor: { value: Uint8Array } } };
    const data = (rgba: Uint8Array) => buildMapLayers(input(rgba))[0].props.data as unknown as Binary;
    const a = data(new Uint8Array(8).fill(255)),
      b = data(new Uint8Array(8));
    expect(b).not.toBe(a);
    expect(b.attributes.getFillColor.value).not.toBe(a.attributes.getFillColor.value);
    expect(b.attributes.getPosition).toBe(a.attributes.getPosition);
    // Same colours and positions again: the very same data object (deck.gl sees no new data).
    expect(data(b.attributes.getFillColor.value)).toBe(b);
  });

  it('keeps each map its own cached data: two surveys drawn in turn never evict each other', () => {
    const survey = (x: number) => {
      const positions = Float64Array.of(x, 32, x + 0.001, 32.001);
      return { positions, rgba: new Uint8Array(8).fill(200), offsets: treeOffsets(positions, 2) };
    };
    const [one, two] = [survey(35), survey(34)];
    const layerData = (t: ReturnType<typeof survey>) => buildMapLayers(treesInput({ count: 2, ...t }))[0].props.data;
    const first = layerData(one);
    const other = layerData(two);
    expect(other).not.toBe(first);
    expect(layerData(one)).toBe(first);
    expect(layerData(two)).toBe(other);
  });

  it('draws no tree instances below the detail zoom while the image is coming, the image when it is there, instances when it is refused', () => {
    const positions = Float64Array.of(35, 32, 35.001, 32.001);
    const input = (treeImage: MapLayerInput['treeImage']) =>
      treesInput({ count: 2, positions, rgba: new Uint8Array(8).fill(255), offsets: null }, { zoom: 12, treeImage });
    expect(buildMapLayers(input(null)).map((l) => l.id)).toEqual([]);
    const raster = { width: 1, height: 1, data: new Uint8ClampedArray(4), bounds: [35, 32, 35.001, 32.001] };
    const image = { coloursId: 1, raster, image: raster as unknown as ImageData } as unknown as NonNullable<MapLayerInput['treeImage']>;
    expect(buildMapLayers(input(image)).map((l) => l.id)).toEqual(['trees-image']);
    expect(buildMapLayers({ ...input(null), treeLod: 'vector' }).map((l) => l.id)).toEqual(['trees']);
    // An image the worker refused (too large: plots kilometres apart near the detail zoom): instances.
    expect(buildMapLayers(input('refused')).map((l) => l.id)).toEqual(['trees']);
  });

  it('marks the selected tree orange and larger, inside a black-and-white ring (orange alone is also Weak-Dead)', () => {
    const positions = Float64Array.of(35, 32, 35.001, 32.001);
    const layers = buildMapLayers(
      treesInput({ count: 2, positions, rgba: new Uint8Array(8).fill(255), offsets: treeOffsets(positions, 2) }, { selected: { layer: 'trees', index: 1 } }),
    );
    const byId = new Map(layers.map((l) => [l.id, l.props as unknown as Record<string, unknown>]));
    expect(byId.get('trees-selected')).toMatchObject({ getFillColor: LAYER_STYLE.selected });
    expect(byId.get('trees-selected')!.getRadius as number).toBeGreaterThan(LAYER_STYLE.trees.radius);
    const rings = ['trees-selected-ring-black', 'trees-selected-ring-white'].map((id) => byId.get(id)!);
    expect(rings.map((r) => r.getLineColor)).toEqual([
      [0, 0, 0, 255],
      [255, 255, 255, 255],
    ]);
    for (const r of rings) {
      expect(r.filled).toBe(false);
      expect(r.getLineWidth as number).toBeGreaterThanOrEqual(3);
      expect(r.getRadius as number).toBeGreaterThan(byId.get('trees-selected')!.getRadius as number);
    }
  });

  it('draws a prescription being prepared above the trees and the areas (issue 31), below the GPS dot only', () => {
    const positions = Float64Array.of(35, 32, 35.001, 32.001);
    const shapes = { count: 0, startIndices: new Uint32Array(1), positions: new Float64Array(0), indices: new Uint32Array(0), colours: new Uint8Array(0) };
    const prescription = { shapes, byRate: [], total: { zones: 0, areaHa: 0, trees: 0, quantity: 0, quantityUnit: 'kg' as const } };
    const base = treesInput(
      { count: 2, positions, rgba: new Uint8Array(8).fill(255), offsets: treeOffsets(positions, 2) },
      { prescription, gps: { position: [35, 32], accuracy: null, heading: null } },
    );
    const ids = buildMapLayers({
      ...base,
      view: { ...base.view, order: ['trees', 'irrigationAreas', 'plots'], visible: { plots: true, irrigationAreas: true, trees: true } },
    }).map((l) => l.id);
    expect(ids.slice(-2)).toEqual(['prescription', 'gps']);
    expect(ids.indexOf('prescription')).toBeGreaterThan(ids.indexOf('trees'));
  });
});

describe('treeAt (issue 35: a finger picks within TAP_SLOP_PX)', () => {
  // Two trees 60 px apart at zoom 14 (below the detail zoom: 4 px markers).
  const zoom = 14;
  const pxLon = 360 / worldSize(zoom);
  const pts = Float64Array.from([35.2, 32.6, 35.2 + 60 * pxLon, 32.6]);
  it('a click picks only on the marker; a tap 20 px away picks the nearest drawn tree', () => {
    expect(treeAt(pts, 2, 35.2 + 20 * pxLon, 32.6, zoom)).toBe(-1);
    expect(treeAt(pts, 2, 35.2 + 20 * pxLon, 32.6, zoom, null, TAP_SLOP_PX)).toBe(0);
    expect(treeAt(pts, 2, 35.2 + 40 * pxLon, 32.6, zoom, null, TAP_SLOP_PX)).toBe(1);
    expect(treeAt(pts, 2, 35.2 + 30 * pxLon, 32.6 + 0.001, zoom, null, TAP_SLOP_PX)).toBe(-1);
    // A tree not drawn (a hidden legend class, alpha 0) is never the one tapped: the drawn one is.
    const rgba = Uint8Array.from([0, 0, 0, 0, 9, 9, 9, 255]);
    expect(treeAt(pts, 2, 35.2 + 20 * pxLon, 32.6, zoom, rgba, TAP_SLOP_PX)).toBe(-1);
    expect(treeAt(pts, 2, 35.2 + 40 * pxLon, 32.6, zoom, rgba, TAP_SLOP_PX)).toBe(1);
  });
});

describe('Sun mode (issue 35: dark outlines, larger trees)', () => {
  it('draws the trees larger with a dark, thicker outline at the detail zoom, and picks the larger trees', () => {
    const positions = Float64Array.of(35.2, 32.6, 35.21, 32.6);
    const rgba = new Uint8Array(8).fill(255);
    const tree = (sun: boolean) =>
      buildMapLayers(treesInput({ count: 2, positions, rgba }, { sun })).find((l) => l.id === 'trees')!.props as unknown as Record<string, unknown>;
    expect([tree(false).getRadius, tree(false).getLineColor, tree(false).getLineWidth]).toEqual([4, LAYER_STYLE.trees.stroke, 1]);
    expect([tree(true).getRadius, tree(true).getLineColor, tree(true).getLineWidth]).toEqual([6, LAYER_STYLE.sun.stroke, 2]);
    // 9 px from a tree at zoom 18: outside the plain marker (4 + 1 + 2 px), inside the Sun marker (6 + 2 + 2 px).
    const pxLon = 360 / worldSize(18);
    expect(treeAt(positions, 2, 35.2 + 9 * pxLon, 32.6, 18)).toBe(-1);
    expect(treeAt(positions, 2, 35.2 + 9 * pxLon, 32.6, 18, null, 0, true)).toBe(0);
  });
});
