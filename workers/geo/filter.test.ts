import { describe, expect, it } from 'vitest';
import { colourTrees, filterTrees, NO_CLASS, NO_VALUE_CLASS, treeClasses } from './colours';
import { rowsToTreeColumns, type TreeRow } from './tree-columns';

const cols = (rows: Partial<TreeRow>[]) => rowsToTreeColumns(rows.map((r, i) => ({ lon: 0, lat: 0, tree_id: i, ...r }))).columns;

describe('legend classes and the filter built on them', () => {
  const t = cols([
    { tree_status: 0, n_mean: 2.6, biomass: 0.1, plot_id: 1, irrigation_area_id: 10 },
    { tree_status: 3, n_mean: 0.1, biomass: 0.9, plot_id: 1, irrigation_area_id: 11 },
    { tree_status: 4, n_mean: 2.6, biomass: 0.5, plot_id: 2, irrigation_area_id: 12 },
    { tree_status: 1, n_mean: null, biomass: null, plot_id: 2, irrigation_area_id: 12 },
  ]);

  it('gives every tree its class per mode', () => {
    expect([...treeClasses(t, 'status').classes]).toEqual([0, 3, 4, 1]);
    expect([...treeClasses(t, 'n').classes]).toEqual([10, 0, NO_CLASS, NO_CLASS]);
    expect(treeClasses(t, 'vitality').classes[3]).toBe(NO_VALUE_CLASS);
    expect(treeClasses(t, 'vitality').classes[2]).toBe(NO_VALUE_CLASS); // Missing: not a valid measure
  });

  it('hides a class with alpha 0 and counts only what is drawn', () => {
    const all = colourTrees(t, 'status');
    const some = colourTrees(t, 'status', { hidden: [3, 4] });
    expect(all.visible).toBe(4);
    expect(some.visible).toBe(2);
    expect(some.rgba[4 * 1 + 3]).toBe(0);
    expect(some.rgba[4 * 2 + 3]).toBe(0);
    expect(Array.from(some.rgba.subarray(0, 4))).toEqual(Array.from(all.rgba.subarray(0, 4)));
  });

  it('keeps the trees drawn, not hidden, in the plot or area asked for', () => {
    expect([...filterTrees(t, { mode: 'status' })]).toEqual([0, 1, 2, 3]);
    expect([...filterTrees(t, { mode: 'status', hidden: [0] })]).toEqual([1, 2, 3]);
    expect([...filterTrees(t, { mode: 'n' })]).toEqual([0, 1]);
    const plotOf = Int32Array.of(0, 0, 1, 1),
      areaOf = Int32Array.of(0, 1, 2, -1);
    expect([...filterTrees(t, { mode: 'status', zones: { of: plotOf, want: new Set([1]) } })]).toEqual([2, 3]);
    expect([...filterTrees(t, { mode: 'status', zones: { of: areaOf, want: new Set([1]) } })]).toEqual([1]);
    expect([...filterTrees(t, { mode: 'status', zones: { of: plotOf, want: new Set([9]) } })]).toEqual([]);
    expect([...filterTrees(t, { mode: 'status', hidden: [4], zones: { of: plotOf, want: new Set([1]) } })]).toEqual([3]);
  });
});
