import { describe, expect, it } from 'vitest';
import { TREE_FIELDS, emptyTreeArrays, type Cell, type TreeArrays } from '../surveys/map-data-query';
import { snapshotTrees } from '../surveys/map-data-build';
import { decodeSidecar, encodeSidecar } from './sidecar';
import { patchSnapshot } from './patch';

interface Row {
  obs: number;
  tree: number;
  plot: number | null;
  status: number;
  label: string | null;
  biomass: number | null;
}

const crops = new Map<number, string | null>([
  [1, 'Avocado'],
  [2, 'Mango'],
  [3, null],
]);

/** Rows as the database answers them (crop from the plot), in observation order. */
function arrays(rows: Row[]): TreeArrays {
  const r = emptyTreeArrays();
  const sorted = [...rows].sort((a, b) => a.obs - b.obs);
  r.length = sorted.length;
  r.obs = sorted.map((x) => x.obs);
  r.lon = sorted.map((x) => 35 + x.tree / 1e4);
  r.lat = sorted.map((x) => 32 + x.tree / 1e4);
  for (const f of TREE_FIELDS) r.cols[f] = sorted.map(() => null);
  r.cols.tree_id = sorted.map((x) => x.tree);
  r.cols.plot_id = sorted.map((x) => x.plot);
  r.cols.crop_name = sorted.map((x) => (x.plot === null ? null : (crops.get(x.plot) ?? null)));
  r.cols.tree_status = sorted.map((x) => x.status);
  r.cols.n_label = sorted.map((x) => x.label);
  r.cols.biomass = sorted.map((x) => x.biomass);
  r.cols.row_num = sorted.map((x) => x.tree % 7) as Cell[];
  return r;
}

const base: Row[] = Array.from({ length: 40 }, (_, i) => ({
  obs: i + 1,
  tree: 100 + i,
  plot: i % 9 === 0 ? null : (i % 3) + 1,
  status: i % 5,
  label: i % 4 ? 'Low' : null,
  biomass: i % 6 ? i / 3 : null,
}));
// Duplicates (later readings of trees 105 and 120).
base.push({ obs: 41, tree: 105, plot: 3, status: 3, label: 'High', biomass: 99 }, { obs: 42, tree: 120, plot: 1, status: 0, label: null, biomass: -1 });

describe('snapshot sidecar', () => {
  it('round-trips observation ids, biomass (NaN for none) and duplicate rows', () => {
    const t = snapshotTrees(arrays(base));
    const back = decodeSidecar(Buffer.concat([Buffer.from('x'), Buffer.from(encodeSidecar(t))]).subarray(1)); // a Buffer view, as readFileSync gives
    expect(Array.from(back.obs)).toEqual(Array.from(t.obs));
    expect(Array.from(back.biomass)).toEqual(Array.from(t.biomass));
    expect(back.dups).toEqual(t.dups);
    expect(t.dups.map((d) => d.id)).toEqual(['105', '120']);
    expect(() => decodeSidecar(new TextEncoder().encode('{}'))).toThrow(/not a survey snapshot/);
  });
});

describe('snapshot patch', () => {
  it('gives exactly the snapshot of a full read after re-imports, moves, deletions, new trees and a crop change', () => {
    const now = base
      .filter((r) => r.tree !== 110 && !(r.tree === 105)) // tree 110 deleted; tree 105 re-imported below
      .map((r) => (r.tree === 111 ? { ...r, plot: 2 } : r.tree === 112 ? { ...r, label: 'Brand new label' } : r));
    now.push(
      { obs: 50, tree: 105, plot: 3, status: 1, label: 'Optimal', biomass: 7 },
      { obs: 51, tree: 500, plot: 2, status: 0, label: 'Low', biomass: 2 },
      { obs: 52, tree: 500, plot: 2, status: 4, label: null, biomass: 500 },
    );
    const before = snapshotTrees(arrays(base));
    crops.set(2, 'Citrus'); // a plot's crop changed: no tree is listed for it
    const changed = new Set([105, 110, 111, 112, 500]);
    const patched = patchSnapshot(before, changed, snapshotTrees(arrays(now.filter((r) => changed.has(r.tree)))), crops);
    const full = snapshotTrees(arrays(now));
    expect(patched).toStrictEqual(full);
    expect(full.columns.text.crop_name.dict).toContain('Citrus');
    crops.set(2, 'Mango');
  });

  it('with nothing changed, keeps the snapshot as it is', () => {
    const t = snapshotTrees(arrays(base));
    expect(patchSnapshot(t, new Set(), snapshotTrees(emptyTreeArrays()), crops)).toStrictEqual(t);
  });
});
