// The dead and missing trees of a survey by plot, row and tree (the printable
// report's list, issue 14): one pass over the status column, grouped by the one
// zone grouping (zone-groups.ts), so the list agrees with the report's counts.
import { STATUS_DEAD, STATUS_MISSING, type TreeColumns } from './types';

export interface LostRow {
  /** Row number as stored (null: none). */
  row: number | null;
  /** Tree numbers, ascending (NaN-less: a tree without a number is counted in `unnumbered`). */
  dead: number[];
  missing: number[];
  unnumbered: { dead: number; missing: number };
}

export interface LostTreesOfPlot {
  /** Plot zone index (-1: trees in no plot). */
  plot: number;
  dead: number;
  missing: number;
  rows: LostRow[];
}

const byNumber = (a: number, b: number) => a - b;

/** Plots in zone order, then trees in no plot; only plots with a dead or missing tree. */
export function lostTrees(t: Pick<TreeColumns, 'length' | 'status' | 'numeric'>, treePlot: Int32Array, plotCount: number): LostTreesOfPlot[] {
  const rowsOf = Array.from({ length: plotCount + 1 }, () => new Map<number | null, LostRow>());
  const totals = Array.from({ length: plotCount + 1 }, () => ({ dead: 0, missing: 0 }));
  const { row_num: rowNum, tree_num: treeNum } = t.numeric;
  for (let i = 0; i < t.length; i++) {
    const s = t.status[i];
    if (s !== STATUS_DEAD && s !== STATUS_MISSING) continue;
    const z = treePlot[i] >= 0 ? treePlot[i] : plotCount;
    const r = rowNum[i] === rowNum[i] ? rowNum[i] : null;
    let row = rowsOf[z].get(r);
    if (!row) rowsOf[z].set(r, (row = { row: r, dead: [], missing: [], unnumbered: { dead: 0, missing: 0 } }));
    const kind = s === STATUS_DEAD ? 'dead' : 'missing';
    totals[z][kind]++;
    if (treeNum[i] === treeNum[i]) row[kind].push(treeNum[i]);
    else row.unnumbered[kind]++;
  }
  const out: LostTreesOfPlot[] = [];
  rowsOf.forEach((m, z) => {
    if (!m.size) return;
    const rows = [...m.values()].sort((a, b) => (a.row === null ? 1 : b.row === null ? -1 : a.row - b.row));
    for (const r of rows) {
      r.dead.sort(byNumber);
      r.missing.sort(byNumber);
    }
    out.push({ plot: z === plotCount ? -1 : z, ...totals[z], rows });
  });
  return out;
}
