// Patching a survey snapshot's rows after a write (pure): drop every row of
// the changed trees, merge in their rows as the database has them now (both
// lists in observation_id order, so the result is the order a full read
// gives), and set each tree's crop from its plot's current crop. The result
// equals a full read of the survey; the build that follows is the same code.
import { TREE_FIELDS, emptyTreeArrays, type Cell, type TreeArrays } from '../routes/map-data-query';

/**
 * base without the rows of `changed` trees, plus `fresh` (the current rows of
 * those trees), merged by observation_id; crop_name from `cropOfPlot` (the
 * crop of each plot of the client; a tree without a plot has none).
 */
export function patchRows(base: TreeArrays, changed: ReadonlySet<number>, fresh: TreeArrays, cropOfPlot: ReadonlyMap<number, string | null>): TreeArrays {
  // Where each output row comes from: base row i as i, fresh row j as -(j + 1).
  const from = new Int32Array(base.length + fresh.length);
  const ids = base.cols.tree_id;
  let n = 0, j = 0;
  for (let i = 0; i < base.length; i++) {
    if (changed.has(Number(ids[i]))) continue;
    while (j < fresh.length && fresh.obs[j] < base.obs[i]) from[n++] = -(++j);
    from[n++] = i;
  }
  while (j < fresh.length) from[n++] = -(++j);
  // Column by column: each loop reads one array kind.
  const pick = <T>(b: T[], f: T[]): T[] => {
    const out = new Array<T>(n);
    for (let k = 0; k < n; k++) {
      const s = from[k];
      out[k] = s >= 0 ? b[s] : f[-s - 1];
    }
    return out;
  };
  const out = emptyTreeArrays();
  out.length = n;
  out.obs = pick(base.obs, fresh.obs);
  out.lon = pick(base.lon, fresh.lon);
  out.lat = pick(base.lat, fresh.lat);
  for (const f of TREE_FIELDS) out.cols[f] = pick<Cell>(base.cols[f], fresh.cols[f]);
  const plot = out.cols.plot_id, crop = out.cols.crop_name;
  for (let k = 0; k < n; k++) {
    const p = plot[k];
    crop[k] = p === null || p === undefined ? null : (cropOfPlot.get(Number(p)) ?? null);
  }
  return out;
}
