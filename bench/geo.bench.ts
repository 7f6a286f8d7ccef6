// npm run bench:geo [-- --json] [-- --sizes=10000,100000]
// Our geo pipeline (workers/geo) vs a naive reference (bench/geo-naive.ts) on
// the same generated farm, plus the cost of moving 1M positions to another
// thread by transfer vs structured clone. Ratios matter, not absolute times.
import { spawnSync } from 'node:child_process';
import { MessageChannel } from 'node:worker_threads';
import v8 from 'node:v8';
import {
  analyseDataset,
  COLOUR_MODES,
  colourTrees,
  decodeMapDataArrow,
  encodeMapDataArrow,
  ingestMapDataGeoJSON,
  surveyStatistics,
  treeOffsets,
  type GeoDataset,
} from '../workers/geo/index';
import { syntheticFarm } from '../workers/geo/synthetic-farm';
import type { MapDataResponse } from '../workers/geo/types';
import { benchCompare } from './geo-compare';
import { naivePipeline } from './geo-naive';

// 1M GeoJSON trees plus the naive copies need more than Node's default heap.
if (v8.getHeapStatistics().heap_size_limit < 7e9 && !process.env.GEO_BENCH_CHILD) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=10000', ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, GEO_BENCH_CHILD: '1' },
  });
  process.exit(r.status ?? 1);
}

const json = process.argv.includes('--json');
const sizesArg = process.argv.find((a) => a.startsWith('--sizes='));
const sizes = sizesArg ? sizesArg.slice(8).split(',').map(Number) : [10_000, 100_000, 1_000_000];

function ours(d: GeoDataset) {
  const a = analyseDataset(d);
  const colours = COLOUR_MODES.map((m) => colourTrees(d.trees, m, { biomassRange: d.biomassRange }).rgba);
  const s = surveyStatistics(d, a.zones, a);
  return { a, colours, project: s.total, perPlot: s.plots, perArea: s.irrigation_areas };
}

/**
 * What the map's worker runs per load (service.ts ingest + the first colours):
 * Arrow bytes in → columns, zone grouping from the stored ids, ranges, fit,
 * the app's copy of the positions and their Float32 drawing offsets, status
 * colours and the legend's counts.
 */
function oursLoad(bytes: Uint8Array) {
  const d = decodeMapDataArrow(bytes);
  const a = analyseDataset(d);
  const positions = d.trees.positions.slice();
  const offsets = treeOffsets(positions, d.trees.length);
  const c = colourTrees(d.trees, 'status', { biomassRange: d.biomassRange });
  return { a, positions, offsets, rgba: c.rgba, counts: c.counts };
}

function time<T>(fn: () => T): [number, T] {
  const t = performance.now();
  const r = fn();
  return [performance.now() - t, r];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function check(farm: MapDataResponse, o: ReturnType<typeof ours>, d: GeoDataset, n: ReturnType<typeof naivePipeline>): void {
  const same = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && Array.from(a).every((x, i) => x === b[i]);
  const problems: string[] = [];
  if (n.trees !== d.trees.length) problems.push(`tree count ${n.trees} vs ${d.trees.length}`);
  // The naive reference places trees by point-in-polygon into parts; ours reads the stored ids into zones.
  const g = o.a.zones,
    zoneOf = (ofPart: Int32Array, part: number) => (part >= 0 ? ofPart[part] : -1);
  if (
    !same(
      g.treePlot,
      n.treePlot.map((p) => zoneOf(g.plotOfPart, p)),
    )
  )
    problems.push('tree→plot');
  if (
    !same(
      g.treeArea,
      n.treeArea.map((p) => zoneOf(g.areaOfPart, p)),
    )
  )
    problems.push('tree→area');
  if (
    !same(
      g.areaPlot,
      n.areaPlot.map((p) => zoneOf(g.plotOfPart, p)),
    )
  )
    problems.push('area→plot');
  if (
    !same(
      o.project.status_counts.map((s) => s.count),
      n.project.status,
    )
  )
    problems.push('status counts');
  if (
    !same(
      o.project.canopy_buckets.map((b) => b.count),
      n.project.buckets,
    )
  )
    problems.push('canopy buckets');
  if (o.project.npk_classes.nitrogen.low !== n.project.npk[0].low) problems.push('N classes');
  if (problems.length) throw new Error(`ours and naive disagree (${farm.trees.features.length} trees): ${problems.join(', ')}`);
}

function transferVsClone(count: number): { transfer_ms: number; clone_ms: number } {
  const { port1, port2 } = new MessageChannel();
  const sendOnce = (useTransfer: boolean) =>
    new Promise<number>((resolve) => {
      const positions = new Float64Array(2 * count).map((_, i) => i * 1e-6);
      port2.once('message', () => resolve(performance.now() - t));
      const t = performance.now();
      port1.postMessage(positions, useTransfer ? [positions.buffer] : []);
    });
  return (async () => {
    const tr: number[] = [],
      cl: number[] = [];
    for (let i = 0; i < 5; i++) {
      tr.push(await sendOnce(true));
      cl.push(await sendOnce(false));
    }
    port1.close();
    port2.close();
    return { transfer_ms: median(tr), clone_ms: median(cl) };
  })() as unknown as { transfer_ms: number; clone_ms: number };
}

async function main() {
  const rows: { trees: number; ingest: number; oursMs: number; arrowMs: number; naiveMs: number; loadMs: number; naiveLoadMs: number }[] = [];
  for (const size of sizes) {
    const farm = syntheticFarm({ trees: size, plots: 30, areasPerPlot: 4 });
    const bytes = (() => {
      const d = ingestMapDataGeoJSON(farm);
      return encodeMapDataArrow({
        areasCrs: 'EPSG:3857',
        trees: d.trees,
        treeDuplicates: d.duplicates.tree,
        plots: farm.plots,
        irrigationAreas: farm.irrigationAreas,
        biomassRange: farm.biomassRange,
        npkRanges: farm.npkRanges,
      });
    })();
    const reps = size >= 1_000_000 ? 3 : 5;
    const oursRuns: number[] = [],
      arrowRuns: number[] = [],
      ingestRuns: number[] = [],
      loadRuns: number[] = [];
    let last: [GeoDataset, ReturnType<typeof ours>] | null = null;
    for (let r = 0; r < reps; r++) {
      const [ti, d] = time(() => ingestMapDataGeoJSON(farm));
      const [tp, o] = time(() => ours(d));
      ingestRuns.push(ti);
      oursRuns.push(ti + tp);
      last = [d, o];
      const [ta] = time(() => ours(decodeMapDataArrow(bytes)));
      arrowRuns.push(ta);
      const [tl, l] = time(() => oursLoad(bytes));
      loadRuns.push(tl);
      if (r === 0 && Array.from(l.counts.subarray(0, 6)).join() !== last[1].project.status_counts.map((x) => x.count).join())
        throw new Error('per-load counts disagree with the statistics');
    }
    const naiveReps = size >= 100_000 ? 1 : 3;
    const naiveRuns: number[] = [];
    let naive: ReturnType<typeof naivePipeline> | null = null;
    for (let r = 0; r < naiveReps; r++) {
      const [tn, res] = time(() => naivePipeline(farm));
      naiveRuns.push(tn);
      naive = res;
    }
    check(farm, last![1], last![0], naive!);
    const row = {
      trees: size,
      ingest: median(ingestRuns),
      oursMs: median(oursRuns),
      arrowMs: median(arrowRuns),
      naiveMs: median(naiveRuns),
      loadMs: median(loadRuns),
      naiveLoadMs: median(naive ? [naive.loadMs] : []),
    };
    rows.push(row);
    if (json)
      console.log(
        JSON.stringify({
          bench: 'geo',
          trees: size,
          ours_ms: +row.oursMs.toFixed(1),
          naive_ms: +row.naiveMs.toFixed(1),
          ratio: +(row.naiveMs / row.oursMs).toFixed(1),
          ours_arrow_ms: +row.arrowMs.toFixed(1),
        }),
      );
    if (json)
      console.log(
        JSON.stringify({
          bench: 'geo-load',
          trees: size,
          ours_ms: +row.loadMs.toFixed(1),
          naive_ms: +row.naiveLoadMs.toFixed(1),
          ratio: +(row.naiveLoadMs / row.loadMs).toFixed(1),
        }),
      );
  }
  const compared = sizes.map((size) => benchCompare(size));
  if (json) for (const c of compared) console.log(JSON.stringify({ bench: 'geo-compare', ...c }));
  const tvc = await (transferVsClone(1_000_000) as unknown as Promise<{ transfer_ms: number; clone_ms: number }>);
  if (json)
    console.log(
      JSON.stringify({ bench: 'geo-transfer', positions: 1_000_000, bytes: 16_000_000, ...tvc, ratio: +(tvc.clone_ms / tvc.transfer_ms).toFixed(1) }),
    );
  const f = (x: number) => x.toFixed(1).padStart(10);
  console.log('\nGeo pipeline: ingest+dedup+split+assignment+6 colour modes+statistics (project, every plot, every area)');
  console.log('     trees |  ours GeoJSON (ingest) |  ours Arrow | naive (turf+sort) |  ratio');
  for (const r of rows) {
    console.log(
      `${String(r.trees).padStart(10)} | ${f(r.oursMs)} (${r.ingest.toFixed(0).padStart(6)} ms) | ${f(r.arrowMs)} | ${f(r.naiveMs).padStart(17)} | ${(r.naiveMs / r.oursMs).toFixed(1).padStart(5)}x`,
    );
  }
  console.log(
    '\nPer load, what the app runs (Arrow in → zones from stored ids, positions + Float32 offsets, status colours + legend counts) vs naive (projection, point-in-polygon per tree, status colours, counts)',
  );
  console.log('     trees |  ours ms |   naive ms |  ratio');
  for (const r of rows)
    console.log(
      `${String(r.trees).padStart(10)} | ${r.loadMs.toFixed(1).padStart(8)} | ${r.naiveLoadMs.toFixed(1).padStart(10)} | ${(r.naiveLoadMs / r.loadMs).toFixed(1).padStart(5)}x`,
    );
  console.log('\nComparing two surveys: join on tree_id, change classes, vitality/canopy differences, change colours (worker) vs Map-of-objects join');
  console.log('warm: median of 5 in this process; fresh: the first run in a process of its own, naive once in that process');
  console.log('     trees |  warm ours |  naive ms |  ratio | fresh ours |  naive ms |  ratio | change classes');
  for (const c of compared)
    console.log(
      `${String(c.trees).padStart(10)} | ${f(c.ours_ms)} | ${f(c.naive_ms)} | ${c.ratio.toFixed(1).padStart(5)}x | ${f(c.fresh_ms)} | ${f(c.fresh_naive_ms)} | ${c.fresh_ratio.toFixed(1).padStart(5)}x | ${JSON.stringify(c.counts)}`,
    );
  console.log(
    `\n1M positions (16 MB Float64Array) to another thread: transfer ${tvc.transfer_ms.toFixed(2)} ms, structured clone ${tvc.clone_ms.toFixed(2)} ms (${(tvc.clone_ms / tvc.transfer_ms).toFixed(1)}x)`,
  );
  console.log(
    `machine: ${process.version}, load average ${(await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

void main();
