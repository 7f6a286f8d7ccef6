// Built map-data payloads per survey, keyed by the survey's version of
// migration 050 (bumped by writes to the rows that survey's payload reads, and
// only those). Built in the job thread: the Arrow form and the statistics on
// the first request (or right after a write, refreshStale); its gzip form on
// first demand. LRU by bytes. The GeoJSON form is never cached: it is streamed
// (map-data-job.ts).
import { promisify } from 'node:util';
import { gzip as gzipCb, constants } from 'node:zlib';
import type { Db } from '../db/adapter';
import { jobsFor } from '../jobs/runner';
import type { MapDataJobResult } from './map-data-job';
import { cachedQuery } from '../db/read-cache';

const gzip = promisify(gzipCb);

export interface CachedMapData {
  marker: string;
  arrow: Buffer;
  treeCount: number;
  statistics: MapDataJobResult['statistics'];
  /** Cold-build timings (ms): the SQL read and building the Arrow form and the statistics. */
  timing: MapDataJobResult['timing'];
  gz: { arrow?: Promise<Buffer> };
}

const MAX_BYTES = Number(process.env.MAP_DATA_CACHE_BYTES ?? 400 * 1024 * 1024);
const entries = new Map<string, Promise<CachedMapData>>();
const sizes = new Map<string, number>();
// Per database too: tests run several databases (with the same ids) in one process.
const dbIds = new WeakMap<Db, number>();
let nextDb = 1;
function dbId(db: Db): number {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDb++));
  return id;
}

/** The survey's version (migration 050); a unique marker (never reused) when there is none. */
async function changeMarker(db: Db, projectId: number): Promise<string> {
  try {
    const { rows } = await cachedQuery<{ version: string }>(db, 'SELECT version::text AS version FROM survey_versions WHERE project_id = $1', [projectId]);
    if (rows[0]) return rows[0].version;
  } catch {
    /* not migrated */
  }
  return `nocache-${Date.now()}-${Math.random()}`;
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

function account(key: string, d: CachedMapData): void {
  sizes.set(key, d.arrow.length * 1.5 + 64 * 1024); // the Arrow form, its gzip form, the statistics
  let total = [...sizes.values()].reduce((a, b) => a + b, 0);
  for (const k of entries.keys()) {
    if (total <= MAX_BYTES || entries.size <= 1) break;
    if (k === key) continue;
    total -= sizes.get(k) ?? 0;
    entries.delete(k);
    sizes.delete(k);
  }
}

/** The survey's payloads, built once per version; concurrent callers share one build. */
export async function getMapData(db: Db, projectId: number): Promise<CachedMapData> {
  const marker = await changeMarker(db, projectId); // read BEFORE the data: a write in between makes the next read miss
  const survey = `${dbId(db)}:${projectId}:`;
  const key = survey + marker;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key); // LRU: move to the end
    entries.set(key, hit);
    return hit;
  }
  for (const k of [...entries.keys()]) {
    if (k.startsWith(survey)) {
      entries.delete(k); // an older version
      sizes.delete(k);
    }
  }
  const data = jobsFor(db).run('mapData', { projectId }).then((r) => ({
    marker, arrow: asBuffer(r.arrow), treeCount: r.treeCount, statistics: r.statistics, timing: r.timing, gz: {},
  } satisfies CachedMapData));
  entries.set(key, data);
  data.then(
    (d) => account(key, d),
    () => {
      if (entries.get(key) !== data) return;
      entries.delete(key); // a failed build is not remembered
      sizes.delete(key);
    },
  );
  return data;
}

/** The surveys of this database in the cache (built or building), with their versions. */
export function cachedSurveys(db: Db): Map<number, string> {
  const prefix = `${dbId(db)}:`;
  const out = new Map<number, string>();
  for (const k of entries.keys()) {
    if (!k.startsWith(prefix)) continue;
    const [, project, marker] = k.split(':');
    out.set(Number(project), marker);
  }
  return out;
}

/**
 * After a write: rebuild, in the background, the cached surveys whose version
 * moved, so the next open finds them built (or joins the build in flight)
 * instead of starting it. Surveys nobody opened stay unbuilt.
 */
export async function refreshStale(db: Db): Promise<void> {
  const cached = cachedSurveys(db);
  if (!cached.size) return;
  const { rows } = await db.query<{ project_id: number; version: string }>(
    'SELECT project_id, version::text AS version FROM survey_versions WHERE project_id = ANY($1::int[])', [[...cached.keys()]]);
  for (const r of rows) {
    if (cached.get(r.project_id) !== r.version) await getMapData(db, r.project_id).catch(() => undefined);
  }
}

/** gzip form of one payload, made once (off the main thread in zlib's pool). */
export function gzipped(d: CachedMapData): Promise<Buffer> {
  d.gz.arrow ??= gzip(d.arrow, { level: constants.Z_BEST_SPEED + 3 });
  return d.gz.arrow;
}
