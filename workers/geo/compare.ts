// Two surveys of the same plots, tree by tree (issue 13): a join on tree_id over
// typed arrays (an open-addressing hash of int ids, no object per tree), the
// change class of every tree and the vitality / canopy differences.
//
// The trees drawn while comparing are the base survey's n trees followed by the
// m "extra" trees only the other survey has; every per-tree array here has n + m
// entries in that order.
import { percentilePair } from './select';
import { idAt } from './tree-ids';
import { STATUS_MISSING, STATUS_UNKNOWN, type IdColumn, type TreeColumns } from './types';
import { isValidMeasure } from './values';

/** Change classes (README "Decisions: comparing two surveys"). */
export const CHANGE = { lost: 0, declined: 1, stable: 2, improved: 3, new: 4, gone: 5, unknown: 6 } as const;
export const CHANGE_KEYS = ['lost', 'declined', 'stable', 'improved', 'new', 'gone', 'unknown'] as const;
export type ChangeKey = (typeof CHANGE_KEYS)[number];

export interface SurveyJoin {
  /** Per base tree: index of the same tree_id in the other survey, -1 when it has none. */
  match: Int32Array;
  /** Indices in the other survey of the trees the base survey does not have (ascending). */
  extra: Uint32Array;
}

const EMPTY = -1;
/** Ids the ingest generated for trees that had none (tree-ids.ts): such trees cannot be matched across surveys. */
const GENERATED_TEXT = /^tree_gen\d+$/;

/**
 * Joins two id columns: int ids through a typed-array index (ids up to a few
 * per tree: one slot per id; sparse ascending ids: a merge join; else an
 * open-addressing hash), text ids through one Map. Generated ids (negative
 * ints, `tree_gen{n}`) never match; of a repeated id in `other` the first wins.
 */
export function joinSurveys(base: IdColumn, other: IdColumn, baseLength: number, otherLength: number): SurveyJoin {
  const match = new Int32Array(baseLength);
  const used = new Uint8Array(otherLength);
  let matched: number;
  if (base.kind === 'int' && other.kind === 'int') matched = joinInts(base.values, other.values, baseLength, otherLength, match, used);
  else {
    match.fill(-1);
    matched = 0;
    const byId = new Map<string, number>();
    for (let j = 0; j < otherLength; j++) {
      const id = String(idAt(other, j));
      if (!byId.has(id) && !GENERATED_TEXT.test(id) && !/^-\d+$/.test(id)) byId.set(id, j);
    }
    for (let i = 0; i < baseLength; i++) {
      const j = byId.get(String(idAt(base, i)));
      if (j !== undefined) {
        match[i] = j;
        if (!used[j]) matched++;
        used[j] = 1;
      }
    }
  }
  const extra = new Uint32Array(otherLength - matched);
  for (let j = 0, c = 0; j < otherLength; j++) if (!used[j]) extra[c++] = j;
  return { match, extra };
}

/** Fills `match` (-1: none) and marks `used`; returns how many trees of `other` were matched. */
function joinInts(bv: Int32Array, ov: Int32Array, n: number, m: number, match: Int32Array, used: Uint8Array): number {
  let max = -1;
  for (let j = 0; j < m; j++) if (ov[j] > max) max = ov[j];
  if (max < 4 * m + 1024) return joinDense(bv, ov, n, m, max, match, used);
  if (ascending(bv, n) && ascending(ov, m)) return mergeInts(bv, ov, n, m, match, used);
  return joinHashed(bv, ov, n, m, match, used);
}

/** Dense ids (a database's serial ids, up to `max`): one slot per id, read in about the order the trees come in. */
function joinDense(bv: Int32Array, ov: Int32Array, n: number, m: number, max: number, match: Int32Array, used: Uint8Array): number {
  const slots = new Int32Array(max + 1).fill(EMPTY);
  for (let j = 0; j < m; j++) if (ov[j] >= 0 && slots[ov[j]] === EMPTY) slots[ov[j]] = j;
  let matched = 0;
  for (let i = 0; i < n; i++) {
    const id = bv[i],
      j = id >= 0 && id <= max ? slots[id] : EMPTY;
    match[i] = j;
    if (j >= 0) {
      matched += 1 - used[j];
      used[j] = 1;
    }
  }
  return matched;
}

/** Sparse ids in any order: an open-addressing table of int ids (linear probing). */
function joinHashed(bv: Int32Array, ov: Int32Array, n: number, m: number, match: Int32Array, used: Uint8Array): number {
  let cap = 16;
  while (cap < m * 2) cap <<= 1;
  const mask = cap - 1,
    keys = new Int32Array(cap),
    vals = new Int32Array(cap).fill(EMPTY);
  const slot = (id: number) => (Math.imul(id, 0x9e3779b1) >>> 0) & mask;
  for (let j = 0; j < m; j++) {
    if (ov[j] < 0) continue;
    let s = slot(ov[j]);
    while (vals[s] !== EMPTY && keys[s] !== ov[j]) s = (s + 1) & mask;
    if (vals[s] === EMPTY) {
      keys[s] = ov[j];
      vals[s] = j;
    }
  }
  let matched = 0;
  match.fill(-1);
  for (let i = 0; i < n; i++) {
    if (bv[i] < 0) continue;
    let s = slot(bv[i]);
    while (vals[s] !== EMPTY && keys[s] !== bv[i]) s = (s + 1) & mask;
    const j = vals[s];
    if (j !== EMPTY) {
      match[i] = j;
      matched += 1 - used[j];
      used[j] = 1;
    }
  }
  return matched;
}

/** Both id columns in order (the server sends a survey in observation order, which follows the trees): a merge join. */
function mergeInts(bv: Int32Array, ov: Int32Array, n: number, m: number, match: Int32Array, used: Uint8Array): number {
  match.fill(-1);
  let matched = 0;
  for (let i = 0, j = 0; i < n && j < m;) {
    if (bv[i] < 0) i++;
    else if (ov[j] < 0 || ov[j] < bv[i]) j++;
    else if (ov[j] > bv[i]) i++;
    else {
      match[i] = j;
      used[j] = 1;
      matched++;
      i++;
      j++;
    }
  }
  return matched;
}

/** Non-negative ids strictly ascending (generated negative ids, which match nothing, may sit anywhere). */
function ascending(v: Int32Array, n: number): boolean {
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (v[i] < 0) continue;
    if (v[i] <= last) return false;
    last = v[i];
  }
  return true;
}

/** Severity of a status for "better / worse": Healthy 0 < Weak 1 < Weak-Dead 2 < Dead = Missing 3. */
const RANK = [0, 1, 2, 3, 3];
const lost = (s: number) => s === 3 || s === STATUS_MISSING;

/** Change class of one tree from its older and newer status (both present). */
export function statusChange(older: number, newer: number): number {
  if (older === STATUS_UNKNOWN || newer === STATUS_UNKNOWN || older > 5 || newer > 5) return CHANGE.unknown;
  if (lost(newer) && !lost(older)) return CHANGE.lost;
  const d = RANK[newer] - RANK[older];
  return d > 0 ? CHANGE.declined : d < 0 ? CHANGE.improved : CHANGE.stable;
}

export interface Comparison {
  base: TreeColumns;
  other: TreeColumns;
  join: SurveyJoin;
  /** The other survey was flown later: base is "before", other "after". */
  otherIsNewer: boolean;
}

/** Two surveys' trees joined (the export needs no more than this; the map also places the extra trees, zones.ts). */
export function compareTrees(base: TreeColumns, other: TreeColumns, otherIsNewer: boolean): Comparison {
  return { base, other, otherIsNewer, join: joinSurveys(base.ids, other.ids, base.length, other.length) };
}

// A Comparison never changes once built: its per-tree arrays are computed once
// however often the legend, the list, the areas table or an export asks.
const classMemo = new WeakMap<Comparison, Uint8Array>();
const diffMemo = new WeakMap<Comparison, Partial<Record<'biomass' | 'canopy_diameter', Float32Array>>>();

/** Change class of every drawn tree (n + m); shared, read-only. */
export function changeClasses(c: Comparison): Uint8Array {
  let out = classMemo.get(c);
  if (!out) classMemo.set(c, (out = computeChangeClasses(c)));
  return out;
}

/** statusChange of every pair of status codes 0..5 (index older × 6 + newer): the loop below reads it instead of branching. */
const CHANGE_OF = Uint8Array.from({ length: 36 }, (_, k) => statusChange(Math.floor(k / 6), k % 6));

function computeChangeClasses(c: Comparison): Uint8Array {
  const { base, other, join, otherIsNewer } = c;
  const n = base.length,
    m = join.extra.length,
    out = new Uint8Array(n + m);
  const bs = base.status,
    os = other.status,
    match = join.match;
  // Row stride of the base and the other status in CHANGE_OF: the older one picks the row.
  const bStride = otherIsNewer ? 6 : 1,
    oStride = otherIsNewer ? 1 : 6,
    unmatched = otherIsNewer ? CHANGE.gone : CHANGE.new;
  for (let i = 0; i < n; i++) {
    const j = match[i];
    if (j < 0) {
      out[i] = unmatched;
      continue;
    }
    const b = bs[i],
      o = os[j];
    out[i] = b <= 5 && o <= 5 ? CHANGE_OF[b * bStride + o * oStride] : CHANGE.unknown;
  }
  out.fill(otherIsNewer ? CHANGE.new : CHANGE.gone, n);
  return out;
}

/** newer − older of biomass or canopy per drawn tree; NaN unless both surveys have a valid value. Shared, read-only. */
export function measureDifferences(c: Comparison, field: 'biomass' | 'canopy_diameter'): Float32Array {
  const memo = diffMemo.get(c) ?? {};
  diffMemo.set(c, memo);
  return (memo[field] ??= computeDifferences(c, field));
}

function computeDifferences(c: Comparison, field: 'biomass' | 'canopy_diameter'): Float32Array {
  const { base, other, join, otherIsNewer } = c;
  const n = base.length,
    out = new Float32Array(n + join.extra.length);
  differences(base.numeric[field], other.numeric[field], base.status, other.status, join.match, otherIsNewer, n, out);
  out.fill(NaN, n);
  return out;
}

// The rule bound in this module: the loop calling the imported binding was measured 4x slower (bench/README.md).
const validMeasure = isValidMeasure;

/** The loop of computeDifferences over typed arrays only (one shape, every slot of out[0, n) written once). */
function differences(
  bv: Float32Array,
  ov: Float32Array,
  bs: Uint8Array,
  os: Uint8Array,
  match: Int32Array,
  otherIsNewer: boolean,
  n: number,
  out: Float32Array,
): void {
  for (let i = 0; i < n; i++) {
    const j = match[i];
    let d = NaN;
    if (j >= 0 && validMeasure(bv[i], bs[i]) && validMeasure(ov[j], os[j])) d = otherIsNewer ? ov[j] - bv[i] : bv[i] - ov[j];
    out[i] = d;
  }
}

/**
 * The relative scale of client.md §9 applied to differences: 5th/95th
 * percentile with more than 10 values, else min/max; then made symmetric
 * around 0 so the middle of the diverging scale means "no change".
 */
export function differenceRange(diffs: Float32Array): { lo: number; hi: number; count: number; source: 'percentile' | 'minmax' | 'default' } {
  const scratch = new Float64Array(diffs.length);
  let c = 0,
    min = Infinity,
    max = -Infinity;
  for (let i = 0; i < diffs.length; i++) {
    const v = diffs[i];
    if (v !== v) continue;
    scratch[c++] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  let lo = min,
    hi = max,
    source: 'percentile' | 'minmax' | 'default' = 'minmax';
  if (c > 10) {
    [lo, hi] = percentilePair(scratch, 0.05, 0.95, c);
    source = 'percentile';
  }
  if (c === 0) return { lo: -1, hi: 1, count: 0, source: 'default' };
  const m = Math.max(Math.abs(lo), Math.abs(hi));
  return m > 0 ? { lo: -m, hi: m, count: c, source } : { lo: -1, hi: 1, count: c, source };
}

/** Positions of the extra trees (interleaved lon/lat), appended after the base positions when drawing. */
export function extraPositions(c: Pick<Comparison, 'other' | 'join'>): Float64Array {
  const e = c.join.extra,
    p = c.other.positions,
    out = new Float64Array(2 * e.length);
  for (let k = 0; k < e.length; k++) {
    out[2 * k] = p[2 * e[k]];
    out[2 * k + 1] = p[2 * e[k] + 1];
  }
  return out;
}
