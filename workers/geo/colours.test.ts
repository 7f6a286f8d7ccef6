import { describe, expect, it } from 'vitest';
import {
  colourTrees,
  NO_VALUE_GREY,
  nutrientClassCount,
  nutrientColour,
  NUTRIENT_SCALES,
  nutrientStep,
  relativeBand,
  relativeRange,
  RELATIVE_COLOURS,
  STATUS_COLOURS,
} from './colours';
import { rowsToTreeColumns, type TreeRow } from './tree-columns';

const rgba = (a: Uint8Array, i: number) => Array.from(a.subarray(4 * i, 4 * i + 4));
const cols = (rows: Partial<TreeRow>[]) => rowsToTreeColumns(rows.map((r, i) => ({ lon: 0, lat: 0, tree_id: i, ...r }))).columns;

describe('status colours (client.md §3)', () => {
  it('0 green, 1 yellow, 2 orange, 3 red, 4 black, 5 white, unknown → white', () => {
    const t = cols([0, 1, 2, 3, 4, 5, null, 9].map((s) => ({ tree_status: s })));
    const out = colourTrees(t, 'status').rgba;
    expect(rgba(out, 4)).toEqual([0, 0, 0, 255]);
    expect(rgba(out, 5)).toEqual([255, 255, 255, 255]);
    expect(rgba(out, 6)).toEqual([255, 255, 255, 255]);
    expect(rgba(out, 7)).toEqual([255, 255, 255, 255]);
    expect(rgba(out, 0)).toEqual([...STATUS_COLOURS[0]]);
    expect(STATUS_COLOURS[6]).toBeDefined();
  });
});

describe('nutrient scales (client.md §9)', () => {
  it('N 0–4 and K 0–4 step 0.25 (16 steps), P 0–0.2 step 0.01 (20 steps)', () => {
    expect(nutrientClassCount(NUTRIENT_SCALES.n)).toBe(16);
    expect(nutrientClassCount(NUTRIENT_SCALES.k)).toBe(16);
    expect(nutrientClassCount(NUTRIENT_SCALES.p)).toBe(20);
    expect(nutrientStep(0.75, NUTRIENT_SCALES.n)).toBe(3);
    expect(nutrientStep(0.74, NUTRIENT_SCALES.n)).toBe(2);
    expect(nutrientStep(0.03, NUTRIENT_SCALES.p)).toBe(3);
    expect(nutrientStep(9, NUTRIENT_SCALES.n)).toBe(15);
    expect(nutrientStep(-1, NUTRIENT_SCALES.k)).toBe(0);
  });
  it('grey #B2BABB for no value; Missing and no-mean trees are excluded from the layer', () => {
    expect(nutrientColour(NaN, 'n')).toEqual(NO_VALUE_GREY);
    expect(NO_VALUE_GREY.slice(0, 3)).toEqual([0xb2, 0xba, 0xbb]);
    const t = cols([
      { n_mean: 2, tree_status: 0 },
      { n_mean: 2, tree_status: 4 },
      { n_mean: null, tree_status: 0 },
    ]);
    const r = colourTrees(t, 'n');
    expect(r.visible).toBe(1);
    expect(rgba(r.rgba, 0)[3]).toBe(255);
    expect(rgba(r.rgba, 1)).toEqual([0, 0, 0, 0]);
    expect(rgba(r.rgba, 2)).toEqual([0, 0, 0, 0]);
  });
});

describe('vitality and canopy relative scale (client.md §9)', () => {
  it('bands: under 10% blue, 25, 45, 65, 85, then red', () => {
    const r = { lo: 0, hi: 100 };
    expect([0, 9.99, 10, 24.9, 25, 44.9, 45, 64.9, 65, 84.9, 85, 100, 200].map((v) => relativeBand(v, r))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5]);
  });
  it('10 values → min/max; 11 values → 5th/95th percentile', () => {
    const ten = cols(Array.from({ length: 10 }, (_, i) => ({ biomass: i * 10, tree_status: 0 })));
    expect(relativeRange(ten.numeric.biomass, ten.status, 1)).toMatchObject({ lo: 0, hi: 90, source: 'minmax' });
    const eleven = cols(Array.from({ length: 11 }, (_, i) => ({ biomass: i * 10, tree_status: 0 })));
    const r = relativeRange(eleven.numeric.biomass, eleven.status, 1);
    expect(r.source).toBe('percentile');
    expect(r.lo).toBeCloseTo(5, 9); // (11-1)*0.05 = 0.5 → between 0 and 10
    expect(r.hi).toBeCloseTo(95, 9);
  });
  it('defaults: canopy max 7, vitality max 1 (or the server biomassRange)', () => {
    const none = cols([
      { canopy_diameter: 'N/A', biomass: -1, tree_status: 0 },
      { canopy_diameter: 5, biomass: 5, tree_status: 4 },
    ]);
    expect(colourTrees(none, 'canopy').range).toMatchObject({ lo: 0, hi: 7, source: 'default' });
    expect(colourTrees(none, 'vitality').range).toMatchObject({ lo: 0, hi: 1, source: 'default' });
    expect(colourTrees(none, 'vitality', { biomassRange: { min: 2, max: 9 } }).range).toMatchObject({ lo: 2, hi: 9 });
    expect(rgba(colourTrees(none, 'canopy').rgba, 1)).toEqual([...NO_VALUE_GREY]);
  });
  it('colours low blue and high red, never touching positions', () => {
    const t = cols([{ canopy_diameter: 0 }, { canopy_diameter: 1 }, { canopy_diameter: 0.5 }]);
    const before = t.positions.slice();
    const out = colourTrees(t, 'canopy').rgba;
    expect(out.length).toBe(12);
    expect(rgba(out, 0)).toEqual([...RELATIVE_COLOURS[0]]);
    expect(rgba(out, 1)).toEqual([...RELATIVE_COLOURS[5]]);
    expect(rgba(out, 2)).toEqual([...RELATIVE_COLOURS[3]]);
    expect(t.positions).toEqual(before);
  });
  it('all-equal values fall in the middle band', () => {
    const t = cols(Array.from({ length: 20 }, () => ({ biomass: 3 })));
    expect(rgba(colourTrees(t, 'vitality').rgba, 0)).toEqual([...RELATIVE_COLOURS[3]]);
  });
});
