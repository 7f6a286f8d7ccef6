// Wire benchmark (docs/ARCHITECTURE.md §4): the map data of N trees as the server sends it
// (server/surveys/map-data-build.ts builds both forms from the same columns),
// then the client side from "response bytes in hand" to GPU-ready arrays
// (Float64 positions + RGBA colours for the status mode):
//   GeoJSON: UTF-8 decode → JSON.parse → ingestMapDataGeoJSON → colourTrees
//   Arrow:   decodeMapDataArrow (zero-copy columns) → colourTrees
// and the compact form beside Arrow (bench/wire-compact.ts): bytes per tree raw and gzip as served, encode and
// decode ms, with ratios against Arrow in the same run.
// Usage: npm run bench:wire [-- --json] [-- --sizes=100000,1000000] [-- --gzip] [-- --compact-only]
// (--compact-only: Arrow beside the compact form only, without building and parsing the GeoJSON: minutes less at 1M)
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { colourTrees, decodeMapDataArrow, ingestMapDataGeoJSON, mercatorXToLon, mercatorYToLat, type MapDataResponse } from '../workers/geo';
import { syntheticFarm } from '../workers/geo/synthetic-farm';
import { buildMapArrow } from '../server/surveys/map-data-build';
import { buildMapData } from '../server/surveys/map-data-json';
import { measureCompact, withSeedResults } from './wire-compact';
import { TREE_FIELDS, type AreaRow, type Cell, type ProjectMapRows, type TreeField } from '../server/surveys/map-data-query';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
const GZIP = args.includes('--gzip');
const COMPACT_ONLY = args.includes('--compact-only');
const sizes = (args.find((a) => a.startsWith('--sizes='))?.slice(8) ?? '100000,1000000').split(',').map(Number);

// 1M trees need more than Node's default heap (feature objects + both payloads).
if (!process.execArgv.some((a) => a.startsWith('--max-old-space-size')) && !process.env.WIRE_CHILD) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=12000', '--expose-gc', ...process.execArgv, process.argv[1], ...args], {
    stdio: 'inherit',
    env: { ...process.env, WIRE_CHILD: '1' },
  });
  process.exit(r.status ?? 1);
}

/** V8's longest string is 2^29 - 24 characters: a bigger JSON text cannot be decoded as one string. */
const MAX_STRING = (1 << 29) - 24;

function toRows(fc: MapDataResponse): ProjectMapRows {
  const feats = fc.trees.features.filter((f) => f.geometry);
  const cols = {} as Record<TreeField, Cell[]>;
  for (const f of TREE_FIELDS) cols[f] = new Array<Cell>(feats.length);
  const lon = new Array<number>(feats.length),
    lat = new Array<number>(feats.length);
  feats.forEach((f, i) => {
    const [x, y] = f.geometry!.coordinates;
    lon[i] = mercatorXToLon(x);
    lat[i] = mercatorYToLat(y);
    const p = f.properties as Record<string, unknown>;
    for (const k of TREE_FIELDS) {
      const v = p[k];
      cols[k][i] = typeof v === 'number' || typeof v === 'string' ? v : null;
    }
  });
  const area = (f: MapDataResponse['plots']['features'][number], id: number, name: string, plot: number | null): AreaRow => {
    const g = f.geometry!;
    const unproject = (r: number[][]) => r.map(([x, y]) => [mercatorXToLon(x), mercatorYToLat(y)]);
    const geom =
      g.type === 'Polygon'
        ? { type: 'Polygon' as const, coordinates: g.coordinates.map(unproject) }
        : { type: 'MultiPolygon' as const, coordinates: g.coordinates.map((p) => p.map(unproject)) };
    return { id, name, geom, plot_id: plot, area: null, crop_name: null };
  };
  return {
    trees: { length: feats.length, obs: feats.map((_, i) => i + 1), lon, lat, cols },
    plots: fc.plots.features.map((f, i) => area(f, i + 1, String(f.properties.plot_name ?? `Plot ${i + 1}`), i + 1)),
    irrigationAreas: fc.irrigationAreas.features.map((f, i) =>
      area(f, i + 1, String(f.properties.name ?? `Area ${i + 1}`), Number(f.properties.plot_id) || null),
    ),
  };
}

function sliceRows(r: ProjectMapRows, from: number, to: number, withAreas: boolean): ProjectMapRows {
  const cols = {} as Record<TreeField, Cell[]>;
  for (const f of TREE_FIELDS) cols[f] = r.trees.cols[f].slice(from, to);
  return {
    trees: { length: to - from, obs: r.trees.obs.slice(from, to), lon: r.trees.lon.slice(from, to), lat: r.trees.lat.slice(from, to), cols },
    plots: withAreas ? r.plots : [],
    irrigationAreas: withAreas ? r.irrigationAreas : [],
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(fn: () => unknown, runs: number): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A full collection first: the 1M run's heap holds the JSON pieces, and a decode that allocates (every form
    // but zero-copy Arrow) would otherwise pay for collecting them.
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return median(t);
}

function jsonToGpu(bytes: Uint8Array) {
  const d = ingestMapDataGeoJSON(JSON.parse(new TextDecoder().decode(bytes)) as MapDataResponse);
  const c = colourTrees(d.trees, 'status');
  return { positions: d.trees.positions, rgba: c.rgba };
}
function arrowToGpu(bytes: Uint8Array) {
  const d = decodeMapDataArrow(bytes);
  const c = colourTrees(d.trees, 'status');
  return { positions: d.trees.positions, rgba: c.rgba };
}

const results: Record<string, number | string>[] = [];
for (const n of sizes) {
  const rows = toRows(syntheticFarm({ trees: n, seed: 7 }));
  if (COMPACT_ONLY) {
    const r: Record<string, number | string> = { bench: 'wire', trees: rows.trees.length, ...measureCompact(buildMapArrow(rows), 3, time) };
    for (const [k, v] of Object.entries(measureCompact(buildMapArrow(withSeedResults(rows)), 3, time))) r[`seed_${k}`] = v;
    results.push(r);
    if (JSON_OUT) console.log(JSON.stringify(r));
    continue;
  }
  const built = buildMapData(rows);
  const runs = n >= 1_000_000 ? 3 : 5;
  let jsonBytes = built.json.length;
  let jsonMs: number;
  let note = '';
  if (built.json.length < MAX_STRING) {
    jsonMs = time(() => jsonToGpu(built.json), runs);
  } else {
    // One JSON text this long cannot be parsed (V8 string limit). Measure the
    // most favourable streaming client instead: the same trees as independent
    // JSON pieces small enough to parse, times summed (merging them not counted).
    const pieces = Math.ceil(built.json.length / (MAX_STRING / 2));
    const step = Math.ceil(rows.trees.length / pieces);
    const parts = Array.from({ length: pieces }, (_, k) => buildMapData(sliceRows(rows, k * step, Math.min(rows.trees.length, (k + 1) * step), k === 0)).json);
    jsonBytes = parts.reduce((s, p) => s + p.length, 0);
    jsonMs = time(() => parts.forEach(jsonToGpu), 1);
    note = `JSON ${(built.json.length / 1e6).toFixed(0)} MB > V8 string limit: parsed as ${pieces} pieces (lower bound)`;
  }
  const arrowMs = time(() => arrowToGpu(built.arrow), runs);
  // Both sides must produce the same GPU arrays.
  if (built.json.length < MAX_STRING) {
    const a = arrowToGpu(built.arrow),
      j = jsonToGpu(built.json);
    if (a.rgba.length !== j.rgba.length || a.rgba.some((v, i) => v !== j.rgba[i])) throw new Error('Arrow and JSON colours differ');
    for (let i = 0; i < a.positions.length; i += 101) if (Math.abs(a.positions[i] - j.positions[i]) > 1e-7) throw new Error('positions differ');
  }
  const r: Record<string, number | string> = {
    bench: 'wire',
    trees: built.trees.length,
    json_bytes: jsonBytes,
    arrow_bytes: built.arrow.length,
    json_ms: Math.round(jsonMs),
    arrow_ms: Math.round(arrowMs * 10) / 10,
    speedup: Math.round((jsonMs / arrowMs) * 10) / 10,
    size_ratio: Math.round((jsonBytes / built.arrow.length) * 10) / 10,
  };
  if (GZIP) {
    r.json_gzip_bytes = gzipSync(built.json, { level: 6 }).length;
    r.arrow_gzip_bytes = gzipSync(built.arrow, { level: 6 }).length;
  }
  Object.assign(r, measureCompact(built, runs, time));
  // The same trees with the demo seed's results (the figures are of the demo survey).
  for (const [k, v] of Object.entries(measureCompact(buildMapArrow(withSeedResults(rows)), runs, time))) r[`seed_${k}`] = v;
  if (note) r.note = note;
  results.push(r);
  if (JSON_OUT) console.log(JSON.stringify(r));
}

if (!JSON_OUT) {
  const mb = (b: number | string) => `${(Number(b) / 1e6).toFixed(1)} MB`;
  if (!COMPACT_ONLY) console.log('\nWire: response bytes → GPU-ready arrays (positions + status RGBA), median');
  if (!COMPACT_ONLY)
    console.table(
      results.map((r) => ({
        trees: r.trees,
        GeoJSON: mb(r.json_bytes),
        Arrow: mb(r.arrow_bytes),
        'size ratio': `${r.size_ratio}x`,
        ...(GZIP ? { 'GeoJSON gz': mb(r.json_gzip_bytes), 'Arrow gz': mb(r.arrow_gzip_bytes) } : {}),
        'GeoJSON ms': r.json_ms,
        'Arrow ms': r.arrow_ms,
        speedup: `${r.speedup}x`,
        ...(r.note ? { note: r.note } : {}),
      })),
    );
  console.log('\nArrow (today) beside the compact form: bytes per tree (gzip as the server stores it), encode and decode ms, median');
  console.table(
    results.map((r) => ({
      trees: r.trees,
      'Arrow B/tree': r.arrow_b_per_tree,
      'Arrow gz B/tree': r.arrow_gz_b_per_tree,
      'compact B/tree': r.compact_b_per_tree,
      'compact gz B/tree': r.compact_gz_b_per_tree,
      'compact br B/tree': r.compact_br_b_per_tree,
      'gz ratio': `${r.gz_ratio}x`,
      'Arrow enc ms': r.arrow_encode_ms,
      'compact enc ms': r.compact_encode_ms,
      'Arrow dec ms': r.arrow_decode_ms,
      'compact dec ms': r.compact_decode_ms,
    })),
  );
  console.log("\nThe same, the trees carrying the demo seed's survey results (server/db/seed-observations.ts)");
  console.table(
    results.map((r) => ({
      trees: r.trees,
      'Arrow B/tree': r.seed_arrow_b_per_tree,
      'Arrow gz B/tree': r.seed_arrow_gz_b_per_tree,
      'compact B/tree': r.seed_compact_b_per_tree,
      'compact gz B/tree': r.seed_compact_gz_b_per_tree,
      'compact br B/tree': r.seed_compact_br_b_per_tree,
      'gz ratio': `${r.seed_gz_ratio}x`,
      'Arrow enc ms': r.seed_arrow_encode_ms,
      'compact enc ms': r.seed_compact_encode_ms,
      'Arrow dec ms': r.seed_arrow_decode_ms,
      'compact dec ms': r.seed_compact_decode_ms,
    })),
  );
}
