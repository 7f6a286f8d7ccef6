// Which trees a legend filter and a zone keep: what the map draws, the list shows and an export holds.
import { NO_CLASS, treeClasses, type ColourContext } from './colour-classes';
import type { ColourMode } from './colour-modes';
import type { TreeColumns } from './types';

/** Which classes are drawn (and exported) with these switched off: 1 = shown. NO_CLASS never is. */
export function shownClasses(hidden?: readonly number[] | null): Uint8Array {
  const keep = new Uint8Array(256).fill(1);
  keep[NO_CLASS] = 0;
  for (const h of hidden ?? []) if (h >= 0 && h < 256) keep[h] = 0;
  return keep;
}

/** Trees in the shown classes, from per-class counts (what the map draws and an export holds). */
export function shownCount(counts: ArrayLike<number>, hidden?: readonly number[] | null): number {
  const keep = shownClasses(hidden);
  let n = 0;
  for (let k = 0; k < counts.length; k++) if (keep[k]) n += counts[k];
  return n;
}

/** The trees a filter keeps: not in a hidden class of the mode, drawn in it, in the zones asked for. */
export interface TreeFilter {
  mode: ColourMode;
  hidden?: readonly number[] | null;
  /** Zone of each drawn tree (zone-groups.ts: one plot or irrigation-area grouping) and the zones kept. */
  zones?: { of: Int32Array; want: ReadonlySet<number> } | null;
}

/** Indices (ascending) of the drawn trees the filter keeps (base trees, then a comparison's extra trees). */
export function filterTrees(
  t: TreeColumns,
  f: TreeFilter,
  ctx: Pick<ColourContext, 'biomassRange' | 'npkRanges' | 'comparison'> = {},
  classes = treeClasses(t, f.mode, ctx).classes,
): Uint32Array {
  const keep = shownClasses(f.hidden);
  const z = f.zones;
  const out = new Uint32Array(classes.length);
  let c = 0;
  for (let i = 0; i < classes.length; i++) {
    if (!keep[classes[i]]) continue;
    if (z && !z.want.has(z.of[i])) continue;
    out[c++] = i;
  }
  return out.slice(0, c);
}
