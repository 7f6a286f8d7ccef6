// Built map-data payloads per project, keyed by the database change marker of
// migration 030 (bumped by every write to the tables the payload reads), with
// gzip forms made on first demand. Small LRU by bytes: a 100k-tree project is
// ~45 MB of JSON, so only a few projects stay.
import { promisify } from 'node:util';
import { gzip as gzipCb, constants } from 'node:zlib';
import type { Db } from '../db/adapter';
import { buildMapData, type BuiltMapData } from './map-data-build';
import { loadProjectMapRows } from './map-data-query';

const gzip = promisify(gzipCb);

export interface CachedMapData extends BuiltMapData {
  marker: string;
  /** Cold-build timings (ms): the SQL read and building both payloads. */
  timing: { queryMs: number; buildMs: number };
  gz: { json?: Promise<Buffer>; arrow?: Promise<Buffer> };
  /** Memo of derived responses (statistics) for this data version. */
  memo: Map<string, unknown>;
}

const MAX_BYTES = Number(process.env.MAP_DATA_CACHE_BYTES ?? 400 * 1024 * 1024);
const entries = new Map<string, Promise<CachedMapData>>();
const sizes = new Map<string, number>();

/** Drops cached payloads (one project, or all). Other routes may call it after writes; the marker covers them anyway. */
export function invalidateMapData(projectId?: number): void {
  for (const key of [...entries.keys()]) {
    if (projectId === undefined || key.startsWith(`${projectId}:`)) {
      entries.delete(key);
      sizes.delete(key);
    }
  }
}

async function changeMarker(db: Db): Promise<string> {
  try {
    const { rows } = await db.query<{ version: number }>('SELECT version FROM map_data_version WHERE id');
    return String(rows[0]?.version ?? 0);
  } catch {
    // No marker table (not migrated): never reuse a payload across requests.
    return `nocache-${Date.now()}-${Math.random()}`;
  }
}

function evict(): void {
  let total = [...sizes.values()].reduce((a, b) => a + b, 0);
  for (const key of entries.keys()) {
    if (total <= MAX_BYTES || entries.size <= 1) break;
    total -= sizes.get(key) ?? 0;
    entries.delete(key);
    sizes.delete(key);
  }
}

/** The project's payloads, built once per change marker; concurrent callers share one build. */
export async function getMapData(db: Db, projectId: number): Promise<CachedMapData> {
  const marker = await changeMarker(db); // read BEFORE the data: see migration 030
  const key = `${projectId}:${marker}`;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key); // LRU: move to the end
    entries.set(key, hit);
    return hit;
  }
  invalidateMapData(projectId);
  const build = (async () => {
    const t0 = performance.now();
    const rows = await loadProjectMapRows(db, projectId);
    const t1 = performance.now();
    const built = buildMapData(rows);
    const timing = { queryMs: t1 - t0, buildMs: performance.now() - t1 };
    return { ...built, marker, timing, gz: {}, memo: new Map() } satisfies CachedMapData;
  })();
  entries.set(key, build);
  build.then(
    (d) => {
      sizes.set(key, d.json.length + d.arrow.length + d.trees.length * 80);
      evict();
    },
    () => {
      entries.delete(key);
      sizes.delete(key);
    },
  );
  return build;
}

/** gzip form of one payload, made once (off the main thread in zlib's pool). */
export function gzipped(d: CachedMapData, kind: 'json' | 'arrow'): Promise<Buffer> {
  const p = d.gz[kind] ?? gzip(d[kind], { level: constants.Z_BEST_SPEED + 3 });
  d.gz[kind] = p;
  return p;
}
