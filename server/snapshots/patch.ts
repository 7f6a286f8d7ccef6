// Patching a survey snapshot's trees after a write (pure), on the columns:
// drop every row of the changed trees, merge in their rows as the database
// has them now (both in observation order, so the result has the order a full
// read gives), and set each tree's crop from its plot's current crop. Text
// columns get their dictionaries in first-use order with '' as code 0, as
// TreeColumnsBuilder makes them: the patched snapshot is the full read's,
// byte for byte (tests/api/snapshots.test.ts).
import { NUMERIC_FIELDS, TEXT_FIELDS, narrowCodes, type NumericField, type StringColumn, type TextField, type TreeColumns } from '../../workers/geo';
import type { SnapshotTrees } from '../surveys/map-data-build';

/** Output row k comes from base row from[k] when ≥ 0, else from fresh row -from[k] - 1. */
function mergeOrder(base: SnapshotTrees, baseIds: Int32Array, changed: ReadonlySet<number>, fresh: SnapshotTrees): Int32Array {
  const from = new Int32Array(base.obs.length + fresh.obs.length);
  let n = 0,
    j = 0;
  for (let i = 0; i < base.obs.length; i++) {
    if (changed.has(baseIds[i])) continue;
    while (j < fresh.obs.length && fresh.obs[j] < base.obs[i]) from[n++] = -++j;
    from[n++] = i;
  }
  while (j < fresh.obs.length) from[n++] = -++j;
  return from.slice(0, n);
}

type Typed = Float64Array | Float32Array | Int32Array | Uint8Array;

function gather<T extends Typed>(from: Int32Array, b: T, f: T, width = 1): T {
  const out = new (b.constructor as new (n: number) => T)(from.length * width);
  for (let k = 0; k < from.length; k++) {
    const s = from[k];
    const src = s >= 0 ? b : f,
      at = (s >= 0 ? s : -s - 1) * width;
    for (let w = 0; w < width; w++) out[k * width + w] = src[at + w];
  }
  return out;
}

/** Codes into one dictionary, values numbered by first use ('' stays 0). */
class FirstUse {
  readonly dict = [''];
  private readonly index = new Map<string, number>([['', 0]]);
  code(value: string): number {
    let c = this.index.get(value);
    if (c === undefined) this.index.set(value, (c = this.dict.push(value) - 1));
    return c;
  }
}

function gatherText(from: Int32Array, b: StringColumn, f: StringColumn): StringColumn {
  const out = new FirstUse();
  const remap = [new Int32Array(b.dict.length).fill(-1), new Int32Array(f.dict.length).fill(-1)];
  const codes = new Uint32Array(from.length);
  for (let k = 0; k < from.length; k++) {
    const s = from[k];
    const src = s >= 0 ? 0 : 1,
      col = s >= 0 ? b : f;
    const c = col.codes[s >= 0 ? s : -s - 1];
    let o = remap[src][c];
    if (o < 0) remap[src][c] = o = out.code(col.dict[c]);
    codes[k] = o;
  }
  return { codes: narrowCodes(codes, out.dict.length), dict: out.dict };
}

/** The crop column from the plot column: each plot's current crop ('' without one). */
function cropsFromPlots(plot: StringColumn, cropOfPlot: ReadonlyMap<number, string | null>): StringColumn {
  const out = new FirstUse();
  const byPlot = new Int32Array(plot.dict.length).fill(-1);
  const codes = new Uint32Array(plot.codes.length);
  for (let k = 0; k < codes.length; k++) {
    const p = plot.codes[k];
    let o = byPlot[p];
    if (o < 0) byPlot[p] = o = out.code(plot.dict[p] === '' ? '' : (cropOfPlot.get(Number(plot.dict[p])) ?? ''));
    codes[k] = o;
  }
  return { codes: narrowCodes(codes, out.dict.length), dict: out.dict };
}

/**
 * base without the rows of `changed` trees, plus `fresh` (the current rows of
 * those trees); null when a tree id is not an integer (then read in full).
 */
export function patchSnapshot(
  base: SnapshotTrees,
  changed: ReadonlySet<number>,
  fresh: SnapshotTrees,
  cropOfPlot: ReadonlyMap<number, string | null>,
): SnapshotTrees | null {
  const b = base.columns,
    f = fresh.columns;
  if (b.ids.kind !== 'int' || (f.length > 0 && f.ids.kind !== 'int')) return null;
  const freshIds = f.ids.kind === 'int' ? f.ids.values : new Int32Array(0);
  const from = mergeOrder(base, b.ids.values, changed, fresh);
  const numeric = {} as Record<NumericField, Float32Array>;
  for (const k of NUMERIC_FIELDS) numeric[k] = gather(from, b.numeric[k], f.numeric[k] ?? new Float32Array(0));
  const text = {} as Record<TextField, StringColumn>;
  for (const k of TEXT_FIELDS) text[k] = gatherText(from, b.text[k], f.text[k] ?? { codes: new Uint8Array(0), dict: [''] });
  text.crop_name = cropsFromPlots(text.plot_id, cropOfPlot);
  const columns: TreeColumns = {
    length: from.length,
    positions: gather(from, b.positions, f.positions, 2),
    ids: { kind: 'int', values: gather(from, b.ids.values, freshIds) },
    status: gather(from, b.status, f.status),
    numeric,
    text,
  };
  const dups = [...base.dups.filter((d) => !changed.has(Number(d.id))), ...fresh.dups].sort((x, y) => x.obs - y.obs);
  return { columns, obs: gather(from, base.obs, fresh.obs), biomass: gather(from, base.biomass, fresh.biomass), dups };
}
