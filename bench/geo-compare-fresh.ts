// One comparison in a process of its own (bench/geo-compare.ts): the FIRST run of our comparison pipeline, with
// nothing of it run before in this process (cold JIT, first allocation of its buffers), then the naive join
// once in the same process. Usage: tsx bench/geo-compare-fresh.ts <trees>  → one JSON line.
//
// Each side's heap holds its own input only, as in the app: ours runs with the two surveys' columns (what the
// map's worker holds; the GeoJSON it was read from is dropped and collected first), then the naive reference
// rebuilds its GeoJSON features from the same seeds (syntheticFarm is deterministic) and runs on them.
import { ingestMapDataGeoJSON } from '../workers/geo/index';
import { syntheticFarm } from '../workers/geo/synthetic-farm';
import { farmOptions, naiveCompare, oursCompare, sameCounts } from './geo-compare';

const size = Number(process.argv[2]);
const gc = () => (globalThis as { gc?: () => void }).gc?.();
// A forced full GC of the dropped GeoJSON (GBs at 1M trees) leaves its sweeping to background threads: on a
// 2-core box the next ~0.5 s of main-thread work ran up to 10x slower (a 1M-int max loop: 50 ms against 5 ms),
// and so did the compiler threads that tier the first run up. In the app the user asks for a comparison seconds
// after the load, not within a GC's wake: each side waits 1 s after its GC. The pipeline is still cold.
const settle = () => new Promise((r) => setTimeout(r, 1000));
const [newer, older] = [42, 7].map((seed) => ingestMapDataGeoJSON(syntheticFarm(farmOptions(size, seed))));
gc();
await settle();
const t0 = performance.now();
const ours = oursCompare(newer, older);
const oursMs = performance.now() - t0;
const newerFarm = syntheticFarm(farmOptions(size, 42)),
  olderFarm = syntheticFarm(farmOptions(size, 7));
gc();
await settle();
const t1 = performance.now();
const naive = naiveCompare(newerFarm, olderFarm);
const naiveMs = performance.now() - t1;
sameCounts(ours, naive);
console.log(JSON.stringify({ trees: size, ours_ms: oursMs, naive_ms: naiveMs, counts: ours }));
