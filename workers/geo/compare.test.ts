import { describe, expect, it } from 'vitest';
import { colourTrees, filterTrees, NO_CLASS, NO_VALUE_CLASS, treeClasses } from './colours';
import { CHANGE, changeClasses, differenceRange, joinSurveys, measureDifferences, statusChange, type Comparison } from './compare';
import { rowsToTreeColumns, type TreeRow } from './tree-columns';

const cols = (rows: Partial<TreeRow>[]) => rowsToTreeColumns(rows.map((r, i) => ({ lon: i, lat: 0, tree_id: i, ...r }))).columns;

describe('joining two surveys by tree_id', () => {
  it("matches int ids in any order and lists the other survey's extra trees", () => {
    const a = cols([{ tree_id: 5 }, { tree_id: 7 }, { tree_id: 9 }]);
    const b = cols([{ tree_id: 9 }, { tree_id: 11 }, { tree_id: 5 }, { tree_id: 13 }]);
    const j = joinSurveys(a.ids, b.ids, a.length, b.length);
    expect([...j.match]).toEqual([2, -1, 0]);
    expect([...j.extra]).toEqual([1, 3]);
  });

  it('matches text ids, and an int id with the same text', () => {
    const a = cols([{ tree_id: 'A-1' }, { tree_id: 'B-2' }]);
    const b = cols([{ tree_id: 'B-2' }, { tree_id: 'C-3' }]);
    expect([...joinSurveys(a.ids, b.ids, 2, 2).match]).toEqual([-1, 0]);
    const ints = cols([{ tree_id: 12 }]),
      text = cols([{ tree_id: 'x' }, { tree_id: '12' }]);
    expect(text.ids.kind).toBe('text');
    expect([...joinSurveys(ints.ids, text.ids, 1, 2).match]).toEqual([1]);
  });

  it('survives ids that collide in the hash table (linear probing)', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => ({ tree_id: i * 1024 }));
    const a = cols(ids),
      b = cols([...ids].reverse());
    const j = joinSurveys(a.ids, b.ids, a.length, b.length);
    expect(j.extra.length).toBe(0);
    for (let i = 0; i < 5000; i++) expect(j.match[i]).toBe(4999 - i);
  });

  it('joins sparse ids in order (merge) and dense ids out of order (one slot per id) alike', () => {
    const sparse = (ids: number[]) => cols(ids.map((id) => ({ tree_id: id * 100_000 })));
    const a = sparse([1, 2, 4, 7, 9]),
      b = sparse([2, 3, 4, 8, 9]);
    const j = joinSurveys(a.ids, b.ids, a.length, b.length);
    expect([...j.match]).toEqual([-1, 0, 2, -1, 4]);
    expect([...j.extra]).toEqual([1, 3]);
    const c = cols([{ tree_id: 3 }, { tree_id: 1 }, { tree_id: 2 }, { tree_id: null }]),
      d = cols([{ tree_id: 2 }, { tree_id: null }, { tree_id: 3 }, { tree_id: 4 }]);
    const k = joinSurveys(c.ids, d.ids, c.length, d.length);
    expect([...k.match]).toEqual([2, -1, 0, -1]); // a tree without an id matches nothing
    expect([...k.extra]).toEqual([1, 3]);
  });
});

describe('change classes', () => {
  it('orders statuses Healthy < Weak < Weak-Dead < Dead = Missing', () => {
    expect(statusChange(0, 3)).toBe(CHANGE.lost);
    expect(statusChange(1, 4)).toBe(CHANGE.lost);
    expect(statusChange(3, 4)).toBe(CHANGE.stable); // already lost
    expect(statusChange(0, 2)).toBe(CHANGE.declined);
    expect(statusChange(2, 1)).toBe(CHANGE.improved);
    expect(statusChange(4, 0)).toBe(CHANGE.improved); // replanted
    expect(statusChange(1, 1)).toBe(CHANGE.stable);
    expect(statusChange(5, 0)).toBe(CHANGE.unknown);
    expect(statusChange(0, 5)).toBe(CHANGE.unknown);
  });

  const older = cols([
    { tree_id: 1, tree_status: 0, biomass: 0.5, canopy_diameter: 3 },
    { tree_id: 2, tree_status: 0, biomass: 0.6 },
    { tree_id: 3, tree_status: 2, biomass: 0.3 },
    { tree_id: 4, tree_status: 1 },
  ]);
  const newer = cols([
    { tree_id: 2, tree_status: 3, biomass: 0.1 },
    { tree_id: 1, tree_status: 0, biomass: 0.7, canopy_diameter: 3.5 },
    { tree_id: 3, tree_status: 0, biomass: 0.4 },
    { tree_id: 9, tree_status: 0 },
  ]);
  const cmp = (base: typeof older, other: typeof older, otherIsNewer: boolean): Comparison => ({
    base,
    other,
    otherIsNewer,
    join: joinSurveys(base.ids, other.ids, base.length, other.length),
  });

  it('classifies base and extra trees the same whichever survey is the base', () => {
    // Base = newer (the usual case: the grower opens the latest survey and compares with an earlier one).
    const c1 = cmp(newer, older, false);
    expect([...changeClasses(c1)]).toEqual([CHANGE.lost, CHANGE.stable, CHANGE.improved, CHANGE.new, CHANGE.gone]);
    // Base = older, compared with a later survey.
    const c2 = cmp(older, newer, true);
    expect([...changeClasses(c2)]).toEqual([CHANGE.stable, CHANGE.lost, CHANGE.improved, CHANGE.gone, CHANGE.new]);
  });

  it('differences are newer − older, only where both surveys measured the tree', () => {
    const d = measureDifferences(cmp(newer, older, false), 'biomass');
    expect(Array.from(d).map((v) => (v === v ? Math.round(v * 100) / 100 : null))).toEqual([-0.5, 0.2, 0.1, null, null]);
    const c = measureDifferences(cmp(newer, older, false), 'canopy_diameter');
    expect(c[1]).toBeCloseTo(0.5);
  });

  it('the diverging range is symmetric around 0 (no change in the middle)', () => {
    expect(differenceRange(Float32Array.of(-0.2, 0.5, NaN))).toMatchObject({ lo: -0.5, hi: 0.5, count: 2, source: 'minmax' });
    expect(differenceRange(new Float32Array(3).fill(NaN))).toMatchObject({ lo: -1, hi: 1, source: 'default' });
    const many = Float32Array.from({ length: 101 }, (_, i) => i / 100 - 0.2); // -0.2 … 0.8
    const r = differenceRange(many);
    expect(r.source).toBe('percentile');
    expect(r.hi).toBeCloseTo(0.75, 5);
    expect(r.lo).toBeCloseTo(-0.75, 5);
  });

  it('change modes colour base + extra trees; one-survey modes leave the extra trees undrawn', () => {
    const c = cmp(newer, older, false);
    const change = colourTrees(newer, 'change', { comparison: c });
    expect(change.rgba.length).toBe(4 * 5);
    expect(change.counts[CHANGE.gone]).toBe(1);
    expect(change.counts[CHANGE.lost]).toBe(1);
    const status = treeClasses(newer, 'status', { comparison: c });
    expect([...status.classes]).toEqual([3, 0, 0, 0, NO_CLASS]);
    const vit = treeClasses(newer, 'vitalityChange', { comparison: c });
    expect(vit.classes[3]).toBe(NO_VALUE_CLASS);
    expect(vit.classes[0]).toBe(0); // the largest decline: first band
    expect([...filterTrees(newer, { mode: 'change', hidden: [CHANGE.stable, CHANGE.improved] }, { comparison: c })]).toEqual([0, 3, 4]);
    expect(() => treeClasses(newer, 'change')).toThrow(/needs a comparison/);
  });
});

describe('trees without an id', () => {
  it('never match across surveys (their ids were generated at ingest)', () => {
    const a = cols([{ tree_id: 1 }, { tree_id: null }]),
      b = cols([{ tree_id: null }, { tree_id: 1 }]);
    expect(a.ids.kind).toBe('int');
    const j = joinSurveys(a.ids, b.ids, 2, 2);
    expect([...j.match]).toEqual([1, -1]);
    expect([...j.extra]).toEqual([0]);
    const t1 = cols([{ tree_id: 'x' }, { tree_id: null }]),
      t2 = cols([{ tree_id: null }, { tree_id: 'x' }]);
    expect([...joinSurveys(t1.ids, t2.ids, 2, 2).match]).toEqual([1, -1]);
  });
});

describe('the two join paths agree', () => {
  it('merge join (ids in order) and hash join (any order) give the same match', () => {
    const ids = (xs: number[]) => cols(xs.map((tree_id) => ({ tree_id })));
    const a = ids([1, 3, 4, 8, 9, 12]),
      b = ids([2, 3, 8, 10, 12, 13]);
    const merge = joinSurveys(a.ids, b.ids, 6, 6);
    const shuffled = ids([13, 12, 10, 8, 3, 2]);
    const hash = joinSurveys(a.ids, shuffled.ids, 6, 6);
    expect([...merge.match]).toEqual([-1, 1, -1, 2, -1, 4]);
    expect([...hash.match].map((j) => (j < 0 ? -1 : 5 - j))).toEqual([...merge.match]);
    expect([...merge.extra]).toEqual([0, 3, 5]);
  });
});
