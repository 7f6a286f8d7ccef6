// Part of `npm run bench:geo`: comparing two surveys tree by tree (issue 13).
// Both sides start from a parsed survey (ours: the worker's columns; naive: the
// GeoJSON features, objects already) and compute the same things: the join on
// tree_id, change class, vitality and canopy differences, the counts per class.
// Ours adds what the app also needs: extra trees placed in plots and the RGBA
// colour buffer. Naive: a Map from id to the older feature, one result object
// per tree. Both sides are cross-checked. Warm: the median of 5 runs in this
// process; fresh: the first run in a process of its own (geo-compare-fresh.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CHANGE_KEYS, colourTrees, ingestMapDataGeoJSON, measureDifferences, prepareComparison, statusChange, type GeoDataset } from '../workers/geo/index';
import { syntheticFarm } from '../workers/geo/synthetic-farm';
import type { MapDataResponse } from '../workers/geo/types';

const num = (v: unknown) => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? NaN : Number(v));
const statusOf = (v: unknown) => {
  const s = num(v);
  return Number.isInteger(s) && s >= 0 && s <= 5 ? s : 5;
};
const valid = (v: number, s: number) => v >= 0 && s !== 4;

/** The naive reference: a Map from id to the older survey's feature, one result object per tree. */
export function naiveCompare(newer: MapDataResponse, older: MapDataResponse): Record<string, number> {
  // A tree without an id can match nothing (the rule of workers/geo/compare.ts); the first of a duplicate id wins.
  const byId = new Map<unknown, (typeof older.trees.features)[number]>();
  let noId = 0;
  for (const f of older.trees.features) {
    const id = f.properties?.tree_id ?? f.id;
    if (!f.geometry) continue;
    if (id === null || id === undefined || id === '') {
      noId++;
      continue;
    }
    if (!byId.has(String(id))) byId.set(String(id), f);
  }
  const results: { change: string; dv: number; dc: number }[] = [];
  const matched = new Set<string>(),
    seen = new Set<string>();
  for (const f of newer.trees.features) {
    const p = f.properties ?? {};
    const raw = p.tree_id ?? f.id;
    const id = raw === null || raw === undefined || raw === '' ? null : String(raw);
    if (!f.geometry || (id !== null && seen.has(id))) continue;
    if (id !== null) seen.add(id);
    const o = id === null ? undefined : byId.get(id);
    if (!o) {
      results.push({ change: 'new', dv: NaN, dc: NaN });
      continue;
    }
    matched.add(id!);
    const q = o.properties ?? {};
    const s = statusOf(p.tree_status),
      so = statusOf(q.tree_status);
    const b = num(p.biomass),
      bo = num(q.biomass),
      c = num(p.canopy_diameter),
      co = num(q.canopy_diameter);
    results.push({
      change: CHANGE_KEYS[statusChange(so, s)],
      dv: valid(b, s) && valid(bo, so) ? b - bo : NaN,
      dc: valid(c, s) && valid(co, so) ? c - co : NaN,
    });
  }
  for (const id of byId.keys()) if (!matched.has(id as string)) results.push({ change: 'gone', dv: NaN, dc: NaN });
  for (let k = 0; k < noId; k++) results.push({ change: 'gone', dv: NaN, dc: NaN });
  return results.reduce<Record<string, number>>((m, r) => ((m[r.change] = (m[r.change] ?? 0) + 1), m), {});
}

export function oursCompare(newer: GeoDataset, older: GeoDataset): Record<string, number> {
  const prepared = prepareComparison(newer, older, false);
  const { counts } = colourTrees(newer.trees, 'change', { comparison: prepared.cmp });
  measureDifferences(prepared.cmp, 'biomass');
  measureDifferences(prepared.cmp, 'canopy_diameter');
  return Object.fromEntries(CHANGE_KEYS.map((k, i) => [k, counts[i]]).filter(([, n]) => n));
}

/** Two flights of one farm: the same rows of trees; statuses, values and the few missing/duplicate ids differ. */
export const farmOptions = (trees: number, seed: number) => ({ trees, plots: 30, areasPerPlot: 4, seed });

/** Throws unless both sides counted the same trees in every change class. */
export function sameCounts(ours: Record<string, number>, naive: Record<string, number>): void {
  const a = JSON.stringify(Object.entries(ours).sort()),
    b = JSON.stringify(Object.entries(naive).sort());
  if (a !== b) throw new Error(`comparison: ours ${a} vs naive ${b}`);
}

const time = <T>(fn: () => T): [number, T] => {
  const t = performance.now();
  const r = fn();
  return [performance.now() - t, r];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface CompareRow {
  trees: number;
  ours_ms: number;
  naive_ms: number;
  ratio: number;
  fresh_ms: number;
  fresh_naive_ms: number;
  fresh_ratio: number;
  counts: Record<string, number>;
}

/** The first run of ours and the naive join in a process of their own (bench/geo-compare-fresh.ts). */
function fresh(size: number): { ours_ms: number; naive_ms: number; counts: Record<string, number> } {
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=10000', '--import', 'tsx', path.join(import.meta.dirname, 'geo-compare-fresh.ts'), String(size)],
    { encoding: 'utf8', env: { ...process.env, GEO_BENCH_CHILD: '1' } },
  );
  if (r.status !== 0) throw new Error(`geo-compare-fresh ${size} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as { ours_ms: number; naive_ms: number; counts: Record<string, number> };
}

export function benchCompare(size: number): CompareRow {
  const newerFarm = syntheticFarm(farmOptions(size, 42));
  const olderFarm = syntheticFarm(farmOptions(size, 7));
  const newer = ingestMapDataGeoJSON(newerFarm),
    older = ingestMapDataGeoJSON(olderFarm);
  const ours: number[] = [];
  let counts: Record<string, number> = {};
  for (let r = 0; r < 5; r++) {
    const [t, c] = time(() => oursCompare(newer, older));
    ours.push(t);
    counts = c;
  }
  const [naiveMs, naiveCounts] = time(() => naiveCompare(newerFarm, olderFarm));
  sameCounts(counts, naiveCounts);
  const f = fresh(size);
  sameCounts(f.counts, counts);
  const oursMs = median(ours);
  return {
    trees: size,
    ours_ms: +oursMs.toFixed(1),
    naive_ms: +naiveMs.toFixed(1),
    ratio: +(naiveMs / oursMs).toFixed(1),
    fresh_ms: +f.ours_ms.toFixed(1),
    fresh_naive_ms: +f.naive_ms.toFixed(1),
    fresh_ratio: +(f.naive_ms / f.ours_ms).toFixed(1),
    counts,
  };
}
