import { describe, expect, it } from 'vitest';
import { TREE_FIELDS, emptyTreeArrays, type Cell, type TreeArrays } from '../routes/map-data-query';
import { decodeRawColumns, encodeRawColumns } from './raw-columns';
import { patchRows } from './patch';

/** Rows with observation ids `obs`, tree id = observation id × 10 unless given. */
function rows(obs: number[], tree = (o: number) => o * 10): TreeArrays {
  const r = emptyTreeArrays();
  r.length = obs.length;
  r.obs = obs;
  r.lon = obs.map((o) => 35 + o / 1e4);
  r.lat = obs.map((o) => 32 + o / 1e4);
  for (const f of TREE_FIELDS) r.cols[f] = obs.map(() => null);
  r.cols.tree_id = obs.map(tree);
  r.cols.plot_id = obs.map((o) => (o % 3 === 0 ? null : (o % 2) + 1));
  r.cols.n_label = obs.map((o) => (o % 2 ? 'Low' : 'Optimal'));
  r.cols.n_mean = obs.map((o) => (o % 4 === 0 ? null : o / 7));
  return r;
}

describe('snapshot raw columns', () => {
  it('round-trip every column exactly: numbers, nulls, NaN, text, text with nulls, mixed columns, no rows', () => {
    const r = rows([1, 2, 3, 4, 5]);
    r.cols.biomass = [NaN, -0, 1e300, null, 0.1];
    r.cols.canopy_diameter_label = ['a', null, 'ü — א', 'a', ''];
    r.cols.planting_date = [1, 'x', null, 2, 'y'] as Cell[];
    expect(decodeRawColumns(encodeRawColumns(r))).toEqual(r);
    expect(decodeRawColumns(encodeRawColumns(emptyTreeArrays()))).toEqual(emptyTreeArrays());
  });

  it('refuse a file that is not a snapshot', () => {
    expect(() => decodeRawColumns(new TextEncoder().encode('{"length":0}'))).toThrow(/not a survey snapshot/);
  });
});

describe('snapshot patch', () => {
  it('drops the changed trees, merges their current rows in observation order, and sets crops from the plots', () => {
    const base = rows([1, 2, 3, 5, 8]);
    // Tree 20 (obs 2) is re-imported (new obs 9), tree 50 (obs 5) is deleted, tree 30 moved (same obs 3), tree 40 new (obs 4).
    const fresh = rows([3, 4, 9], (o) => (o === 9 ? 20 : o * 10));
    fresh.lon[0] = 99;
    const crops = new Map<number, string | null>([[1, 'Avocado'], [2, null]]);
    const out = patchRows(base, new Set([20, 30, 40, 50]), fresh, crops);
    expect(out.obs).toEqual([1, 3, 4, 8, 9]);
    expect(out.cols.tree_id).toEqual([10, 30, 40, 80, 20]);
    expect(out.lon[1]).toBe(99);
    expect(out.cols.crop_name).toEqual(out.cols.plot_id.map((p) => (p === 1 ? 'Avocado' : null)));
    expect(out.length).toBe(5);
    for (const f of TREE_FIELDS) expect(out.cols[f]).toHaveLength(5);
  });
});
