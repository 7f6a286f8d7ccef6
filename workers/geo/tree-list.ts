// The problem-tree list (issue 13): the drawn trees a filter keeps, as sorted
// typed columns the app's virtual list reads directly (no object per row).
import { CHANGE, changeClasses } from './compare';
import { zoneLabel } from './features';
import type { GeoDataset } from './ingest-geojson';
import type { Analysis } from './pipeline';
import type { PreparedComparison } from './zones';

export const LIST_SORT_KEYS = ['plot', 'area', 'row', 'tree', 'status', 'n', 'p', 'k', 'vitality', 'canopy', 'change'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
export interface ListSort {
  key: ListSortKey;
  desc: boolean;
}

/** Row r of every column describes the same tree; `drawn` is its index in the drawn trees (the map's selection). */
export interface TreeList {
  count: number;
  drawn: Uint32Array;
  /** Plot / irrigation-area index (in the base dataset's lists), -1 none. */
  plot: Int32Array;
  area: Int32Array;
  row: Float32Array;
  tree: Float32Array;
  status: Uint8Array;
  n: Float32Array;
  p: Float32Array;
  k: Float32Array;
  vitality: Float32Array;
  canopy: Float32Array;
  /** Change class per row while comparing. */
  change: Uint8Array | null;
  /** Tree ids: integers, or text for surveys with text ids. */
  ids: Int32Array | string[];
}

const names = (d: GeoDataset, kind: 'plots' | 'irrigationAreas') => d[kind].map((f) => zoneLabel(f.properties) ?? String(f.sourceId));

/** Rank of each zone by name (natural order), so sorting by plot sorts by name; -1 (no zone) last. */
function nameRanks(list: string[]): Float64Array {
  const order = list.map((_, i) => i).sort((a, b) => list[a].localeCompare(list[b], undefined, { numeric: true }));
  const rank = new Float64Array(list.length);
  order.forEach((i, r) => (rank[i] = r));
  return rank;
}

export function treeList(d: GeoDataset, a: Analysis, prepared: PreparedComparison | null, indices: Uint32Array, sort: ListSort): TreeList {
  const c = indices.length,
    n = d.trees.length;
  const other = prepared?.other.trees,
    extra = prepared?.cmp.join.extra;
  const changes = prepared ? changeClasses(prepared.cmp) : null;
  const g = a.zones;
  const L: TreeList = {
    count: c,
    drawn: new Uint32Array(c),
    plot: new Int32Array(c),
    area: new Int32Array(c),
    row: new Float32Array(c),
    tree: new Float32Array(c),
    status: new Uint8Array(c),
    n: new Float32Array(c),
    p: new Float32Array(c),
    k: new Float32Array(c),
    vitality: new Float32Array(c),
    canopy: new Float32Array(c),
    change: changes ? new Uint8Array(c) : null,
    ids: d.trees.ids.kind === 'int' && (!other || other.ids.kind === 'int') ? new Int32Array(c) : new Array<string>(c),
  };
  for (let r = 0; r < c; r++) {
    const i = indices[r];
    const mine = i < n;
    const t = mine ? d.trees : other!;
    const row = mine ? i : extra![i - n];
    L.drawn[r] = i;
    const pz = mine ? g.treePlot[i] : prepared!.extraPlot[i - n],
      az = mine ? g.treeArea[i] : prepared!.extraArea[i - n];
    L.plot[r] = pz >= 0 ? g.plots[pz].parts[0] : -1;
    L.area[r] = az >= 0 ? g.areas[az].parts[0] : -1;
    L.row[r] = t.numeric.row_num[row];
    L.tree[r] = t.numeric.tree_num[row];
    L.status[r] = t.status[row];
    L.n[r] = t.numeric.n_mean[row];
    L.p[r] = t.numeric.p_mean[row];
    L.k[r] = t.numeric.k_mean[row];
    L.vitality[r] = t.numeric.biomass[row];
    L.canopy[r] = t.numeric.canopy_diameter[row];
    if (L.change) L.change[r] = changes![i];
    const ids = t.ids;
    if (L.ids instanceof Int32Array) L.ids[r] = ids.kind === 'int' ? ids.values[row] : 0;
    else L.ids[r] = ids.kind === 'int' ? String(ids.values[row]) : ids.values.dict[ids.values.codes[row]];
  }
  return sortList(L, sort, nameRanks(names(d, 'plots')), nameRanks(names(d, 'irrigationAreas')));
}

/** Sorts every column by one key (missing values last in both directions), then plot, row and tree. */
function sortList(L: TreeList, sort: ListSort, plotRank: Float64Array, areaRank: Float64Array): TreeList {
  const c = L.count;
  const zone = (rank: Float64Array, z: Int32Array) => Float64Array.from(z, (v) => (v >= 0 ? rank[v] : NaN));
  const plots = zone(plotRank, L.plot);
  // Ties: plot, row, tree — the order a worker walks the rows in.
  const tie = new Float64Array(c);
  for (let r = 0; r < c; r++) {
    const p = plots[r] === plots[r] ? plots[r] : 1e6,
      row = L.row[r] === L.row[r] ? L.row[r] : 99_999,
      tr = L.tree[r] === L.tree[r] ? L.tree[r] : 99_999;
    tie[r] = (p * 1e5 + row) * 1e5 + tr;
  }
  const changeRank = new Float64Array([0, 1, 4, 5, 2, 3, 6]); // lost, declined, new, gone before stable and improved
  const primary: Float64Array | null =
    sort.key === 'plot'
      ? null
      : sort.key === 'area'
        ? zone(areaRank, L.area)
        : sort.key === 'change'
          ? L.change
            ? Float64Array.from(L.change, (v) => changeRank[v] ?? CHANGE.unknown)
            : null
          : sort.key === 'status'
            ? Float64Array.from(L.status)
            : Float64Array.from(L[sort.key]);
  const sign = sort.desc ? -1 : 1;
  const order = new Uint32Array(c);
  for (let r = 0; r < c; r++) order[r] = r;
  order.sort((x, y) => {
    if (primary) {
      const a = primary[x],
        b = primary[y];
      if (a !== b) {
        if (a !== a) return 1;
        if (b !== b) return -1;
        return sign * (a - b);
      }
      return tie[x] - tie[y];
    }
    return sign * (tie[x] - tie[y]);
  });
  const take = <T extends { length: number; [i: number]: number | string }>(src: T, make: (len: number) => T): T => {
    const out = make(c);
    for (let r = 0; r < c; r++) out[r] = src[order[r]];
    return out;
  };
  const f32 = (a: Float32Array) => take(a, (len) => new Float32Array(len));
  return {
    count: c,
    drawn: take(L.drawn, (len) => new Uint32Array(len)),
    plot: take(L.plot, (len) => new Int32Array(len)),
    area: take(L.area, (len) => new Int32Array(len)),
    row: f32(L.row),
    tree: f32(L.tree),
    status: take(L.status, (len) => new Uint8Array(len)),
    n: f32(L.n),
    p: f32(L.p),
    k: f32(L.k),
    vitality: f32(L.vitality),
    canopy: f32(L.canopy),
    change: L.change ? take(L.change, (len) => new Uint8Array(len)) : null,
    ids: L.ids instanceof Int32Array ? take(L.ids, (len) => new Int32Array(len)) : Array.from(order, (r) => (L.ids as string[])[r]),
  };
}

/** Buffers of a list, for transferring it to the app. */
export function listBuffers(L: TreeList): ArrayBuffer[] {
  const arrays = [L.drawn, L.plot, L.area, L.row, L.tree, L.status, L.n, L.p, L.k, L.vitality, L.canopy, L.change, L.ids instanceof Int32Array ? L.ids : null];
  return arrays.filter((x): x is NonNullable<typeof x> => x !== null).map((x) => x.buffer as ArrayBuffer);
}
