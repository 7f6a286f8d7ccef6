import { describe, expect, it } from 'vitest';
import { colourTrees, NO_VALUE_CLASS } from '../../../workers/geo/colours';
import { rowsToTreeColumns } from '../../../workers/geo/tree-columns';
import { legendFor } from './legend';

const labels = { status: (c: number) => `s${c}`, noValue: '-' };

describe('legend counts', () => {
  it('shows the per-class counts the worker made with the colours, hidden classes marked', () => {
    const trees = rowsToTreeColumns([0, 0, 3, 4].map((s, i) => ({ lon: 0, lat: 0, tree_id: i, tree_status: s }))).columns;
    const { counts } = colourTrees(trees, 'status', { hidden: [3] });
    const legend = legendFor('status', counts, null, labels, [3]);
    expect(legend.map((e) => e.count)).toEqual([2, 0, 0, 1, 1, 0]);
    expect(legend.map((e) => e.cls)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(legend[3]).toMatchObject({ label: 's3', hidden: true });
    expect(legend[0].hidden).toBe(false);
  });
  it('names the no-value class of a relative mode', () => {
    const legend = legendFor('canopy', new Uint32Array(256), { lo: 0, hi: 7, count: 0, source: 'default' }, labels);
    expect(legend.at(-1)).toMatchObject({ key: 'none', cls: NO_VALUE_CLASS });
  });
});
