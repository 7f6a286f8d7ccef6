// One decode timing in a process of its own (bench/wire-compact.ts): the map's worker decodes with a small heap,
// while the bench's own heap holds a million trees as GeoJSON features and rows, whose full collections the
// decode's typed-array allocations would otherwise pay for (measured ~20x on the compact form at 1M).
// Usage: tsx bench/decode-child.ts <arrow|compact> <file> <runs>  → prints the median ms as one JSON line.
import { readFileSync } from 'node:fs';
import { colourTrees, decodeMapDataArrow, decodeMapDataCompact } from '../workers/geo';

const [kind, file, runsArg] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
const decode = kind === 'arrow' ? decodeMapDataArrow : decodeMapDataCompact;
const runs = Number(runsArg) || 5;
// The first decode compiles the loops (the worker pays it once per session, not per survey): not counted.
colourTrees(decode(bytes).trees, 'status');
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  decode(bytes);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ kind, ms: times[Math.floor(runs / 2)], runs: times }));
