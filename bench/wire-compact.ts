// The compact form beside Arrow for bench:wire (README "Compact map data"): bytes per tree raw and gzip as
// the snapshot job stores them (Arrow at level 4, compact at level 9, and the compact form's brotli), the
// server's encode, and the worker's decode (bytes → the typed arrays of the map), median of `runs`; the decodes
// each in a process of their own with the same bytes (bench/decode-child.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { compactBrotliParams } from '../server/snapshots/build-job';
import { colourTrees, decodeMapDataArrow, decodeMapDataCompact, encodeMapDataArrow, encodeMapDataCompact } from '../workers/geo';
import type { BuiltMapData } from '../server/surveys/map-data-build';
import type { Cell, ProjectMapRows } from '../server/surveys/map-data-query';
import { emptyColumns, generateObservations } from '../server/db/seed-observations';
import { CROP } from '../server/db/seed-reference';
import { MEASURED_FIELDS } from '../workers/geo/fields';

type Timer = (fn: () => unknown, runs: number) => number;

/** Median decode ms of `bytes` in a process of its own (bench/decode-child.ts): a heap the size of the map worker's. */
function decodeApart(kind: 'arrow' | 'compact', bytes: Uint8Array, runs: number): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'wire-decode-'));
  try {
    const file = path.join(dir, kind);
    writeFileSync(file, bytes);
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'decode-child.ts'), kind, file, String(runs)], {
      encoding: 'utf8',
      env: { ...process.env, WIRE_CHILD: '' },
    });
    if (r.status !== 0) throw new Error(`decode-child ${kind} failed: ${r.stderr}`);
    return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { ms: number }).ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function measureCompact(built: Omit<BuiltMapData, 'json'>, runs: number, time: Timer) {
  const input = {
    trees: built.trees,
    treeDuplicates: built.treeDuplicates,
    plots: built.plots,
    irrigationAreas: built.irrigationAreas,
    biomassRange: built.biomassRange,
    npkRanges: built.npkRanges,
  };
  const n = built.trees.length;
  const compact = encodeMapDataCompact(input);
  // The same GPU arrays from both (status colours; positions within 1 cm).
  const a = decodeMapDataArrow(built.arrow),
    c = decodeMapDataCompact(compact);
  const ca = colourTrees(a.trees, 'status').rgba,
    cc = colourTrees(c.trees, 'status').rgba;
  if (ca.length !== cc.length || ca.some((v, i) => v !== cc[i])) throw new Error('Arrow and compact colours differ');
  for (let i = 0; i < 2 * n; i += 101) if (Math.abs(a.trees.positions[i] - c.trees.positions[i]) > 1e-7) throw new Error('positions differ');
  const perTree = (b: number) => Math.round((b / n) * 100) / 100;
  const arrowGz = gzipSync(built.arrow, { level: 4 }).length;
  const compactGz = gzipSync(compact, { level: 9 }).length;
  // What Chromium is served once the snapshot job has made it (it sends Accept-Encoding: gzip, deflate, br, zstd).
  const compactBr = brotliCompressSync(compact, { params: compactBrotliParams(compact.length) }).length;
  const r = {
    arrow_b_per_tree: perTree(built.arrow.length),
    arrow_gz_b_per_tree: perTree(arrowGz),
    arrow_encode_ms: Math.round(time(() => encodeMapDataArrow(input), runs)),
    arrow_decode_ms: Math.round(decodeApart('arrow', built.arrow, runs) * 10) / 10,
    compact_b_per_tree: perTree(compact.length),
    compact_gz_b_per_tree: perTree(compactGz),
    compact_br_b_per_tree: perTree(compactBr),
    compact_encode_ms: Math.round(time(() => encodeMapDataCompact(input), runs)),
    compact_decode_ms: Math.round(decodeApart('compact', compact, runs) * 10) / 10,
  };
  return { ...r, gz_ratio: Math.round((arrowGz / compactGz) * 10) / 10, raw_ratio: Math.round((built.arrow.length / compact.length) * 10) / 10 };
}

/**
 * The same trees with the demo seed's survey results (server/db/seed-observations.ts: per-crop normal values
 * at 3–4 decimals, its statuses and labels) instead of syntheticFarm's uniform ones: what the demo survey sends.
 */
export function withSeedResults(rows: ProjectMapRows): ProjectMapRows {
  const n = rows.trees.length;
  const obs = emptyColumns();
  const crops = { avocado: CROP.avocado, olive: CROP.olive, palm: CROP.palm, lemon: CROP.lemon, orange: CROP.orange } as Record<string, number>;
  const crop = rows.trees.cols.crop_name.map((c) => crops[String(c).toLowerCase()] ?? CROP.avocado);
  generateObservations(obs, { ids: Array.from({ length: n }, (_, i) => i + 1), crops: crop }, 7, 0.85);
  const cols = { ...rows.trees.cols } as Record<string, Cell[]>;
  for (const k of ['tree_status', ...MEASURED_FIELDS] as const) cols[k] = obs[k];
  return { ...rows, trees: { ...rows.trees, cols: cols as ProjectMapRows['trees']['cols'] } };
}
