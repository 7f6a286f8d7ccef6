import KDBush from 'kdbush';
import type { BadRow, ImportRow } from './import-parse';

// Survey-results import, step 2: each row → an existing tree (by id, else the
// nearest tree within 1.5 m) or "unmatched". Two rows never land on the same
// tree, and new trees are never created within 1.5 m of each other.

export const MATCH_RADIUS_M = 1.5;

export interface ClientTrees {
  ids: Int32Array;
  lon: Float64Array;
  lat: Float64Array;
}
export interface MatchResult {
  /** Per row: the matched tree id, or -1 when no tree is within 1.5 m (a new tree, if asked). */
  treeOf: Int32Array;
  byId: number;
  nearest: number;
  unmatched: ImportRow[];
  bad: BadRow[];
}

export function matchRows(rows: ImportRow[], trees: ClientTrees): MatchResult {
  const n = trees.ids.length;
  const lat0 = n ? trees.lat[0] : (rows.find((r) => r.lat !== null)?.lat ?? 0);
  const lon0 = n ? trees.lon[0] : 0;
  const kx = 111_320 * Math.cos((lat0 * Math.PI) / 180),
    ky = 110_574;
  const mx = (lon: number) => (lon - lon0) * kx,
    my = (lat: number) => (lat - lat0) * ky;

  const indexOfId = new Map<number, number>();
  for (let i = 0; i < n; i++) indexOfId.set(trees.ids[i], i);
  const kd = new KDBush(Math.max(1, n), 64, Float64Array);
  for (let i = 0; i < n; i++) kd.add(mx(trees.lon[i]), my(trees.lat[i]));
  if (n === 0) kd.add(Infinity, Infinity);
  kd.finish();

  const out: MatchResult = { treeOf: new Int32Array(rows.length), byId: 0, nearest: 0, unmatched: [], bad: [] };
  const claimedBy = new Map<number, number>(); // tree id → line
  const newCells = new Map<string, { x: number; y: number; line: number }[]>();
  const r2 = MATCH_RADIUS_M * MATCH_RADIUS_M;

  rows.forEach((row, k) => {
    let tree = -1;
    if (row.tree_id !== null) {
      if (!indexOfId.has(row.tree_id)) return void out.bad.push({ line: row.line, message: `tree_id ${row.tree_id} is not a tree of this project's client` });
      tree = row.tree_id;
      out.byId++;
    } else {
      const x = mx(row.lon!),
        y = my(row.lat!);
      let best = -1,
        bestD = Infinity;
      for (const i of kd.within(x, y, MATCH_RADIUS_M)) {
        if (i >= n) continue;
        const d = (mx(trees.lon[i]) - x) ** 2 + (my(trees.lat[i]) - y) ** 2;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      if (best >= 0) {
        tree = trees.ids[best];
        out.nearest++;
      } else {
        // No tree here: a new tree (when asked), unless another new one is within 1.5 m.
        const cx = Math.floor(x / MATCH_RADIUS_M),
          cy = Math.floor(y / MATCH_RADIUS_M);
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++)
            for (const p of newCells.get(`${cx + dx},${cy + dy}`) ?? [])
              if ((p.x - x) ** 2 + (p.y - y) ** 2 <= r2)
                return void out.bad.push({ line: row.line, message: `is within ${MATCH_RADIUS_M} m of line ${p.line}: the same new tree twice` });
        const key = `${cx},${cy}`;
        newCells.set(key, [...(newCells.get(key) ?? []), { x, y, line: row.line }]);
        out.unmatched.push(row);
        out.treeOf[k] = -1;
        return;
      }
    }
    const prev = claimedBy.get(tree);
    if (prev !== undefined) return void out.bad.push({ line: row.line, message: `matches tree ${tree}, already matched by line ${prev}` });
    claimedBy.set(tree, row.line);
    out.treeOf[k] = tree;
  });
  return out;
}
