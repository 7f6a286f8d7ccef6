// The survey snapshots the API answers with, per survey version (migration
// 050: bumped by writes to the rows that survey's map data reads, and only
// those). The snapshot itself is files (server/snapshots), built or patched in
// the job thread and recorded in the database, so it survives restarts and is
// shared by every API process on one database; this process keeps only each
// survey's small facts (file names, statistics) for the version it last saw.
// The GeoJSON form is never stored: it is streamed (map-data-job.ts).
import { existsSync } from 'node:fs';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/adapter';
import { serviceOf, type ServiceKind } from '../db/services';
import { jobsFor } from '../jobs/runner';
import { cachedQuery } from '../db/read-cache';
import { snapshotDirOf, type SnapshotMeta } from '../snapshots/store';
import { statisticsResponse } from '../../src/domain/contracts/statistics';

export interface CachedMapData extends SnapshotMeta {
  /** The survey version this answer is for (ETag). */
  marker: string;
  /**
   * The statistics answer as JSON text, encoded through its contract once per snapshot (what the contract does
   * not name is stripped, as the route serializer would): the zod encode of every answer cost ~0.5 ms of 1.7.
   */
  statisticsJson: string;
}

const encodeStatistics = (s: unknown) => JSON.stringify(statisticsResponse.encode(s as Parameters<typeof statisticsResponse.encode>[0]));

/** Surveys remembered per database in this process (a few hundred bytes to a few kB each). */
const MAX_ENTRIES = 500;
const MAP_DATA: ServiceKind<LRUCache<string, Promise<CachedMapData>>> = {
  name: 'mapData',
  make: () => new LRUCache<string, Promise<CachedMapData>>({ max: MAX_ENTRIES }), // get() marks an entry recently used
};

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

function forget(entries: LRUCache<string, Promise<CachedMapData>>, key: string, data: Promise<CachedMapData>): void {
  if (entries.get(key) === data) entries.delete(key);
}

/** The survey's snapshot, current for its version; concurrent callers share one job. */
export async function getMapData(db: Db, projectId: number): Promise<CachedMapData> {
  const marker = await changeMarker(db, projectId); // read BEFORE the data: a write in between makes the next read miss
  const entries = serviceOf(db, MAP_DATA);
  const survey = `${projectId}:`;
  const key = survey + marker;
  const hit = entries.get(key);
  if (hit) {
    const d = await hit.catch(() => null);
    // Files replaced by another process and swept: ask the job again (it finds the current ones).
    if (d && [d.arrowFile, d.gzFile, d.compactFile, d.compactGzFile].every((f) => existsSync(f))) return d;
    forget(entries, key, hit);
  }
  for (const k of [...entries.keys()]) if (k.startsWith(survey)) entries.delete(k); // an older version
  const data = jobsFor(db)
    .run('surveySnapshot', { projectId, dir: snapshotDirOf(db) })
    .then((m) => ({ ...m, marker, statisticsJson: encodeStatistics(m.statistics) }));
  entries.set(key, data);
  data.catch(() => forget(entries, key, data)); // a failed build is not remembered
  return data;
}

const PENDING = Symbol('pending');

/**
 * The survey's snapshot when this process has it made for the survey's current version; null otherwise (none,
 * older, still being made, or failed). Never starts a job nor waits for one: for readers that can answer another
 * way and must not queue a build ahead of the survey someone is opening.
 */
export async function currentMapData(db: Db, projectId: number): Promise<CachedMapData | null> {
  const hit = serviceOf(db, MAP_DATA).get(`${projectId}:${await changeMarker(db, projectId)}`);
  if (!hit) return null;
  // A settled promise wins the race against one made after it; one still pending loses.
  const d = await Promise.race([hit, Promise.resolve(PENDING)]).catch(() => null);
  return d === PENDING ? null : d;
}

/** The surveys of this database this process remembers (built or building), with their versions. */
export function cachedSurveys(db: Db): Map<number, string> {
  const out = new Map<number, string>();
  for (const k of serviceOf(db, MAP_DATA).keys()) {
    const [project, marker] = k.split(':');
    out.set(Number(project), marker);
  }
  return out;
}

/**
 * After a write: bring the remembered surveys whose version moved up to date
 * in the background (a patch, usually), so the next open finds them ready (or
 * joins the job in flight) instead of starting it. Surveys nobody opened stay
 * as they are until opened.
 */
export async function refreshStale(db: Db): Promise<void> {
  const cached = cachedSurveys(db);
  if (!cached.size) return;
  const { rows } = await db.query<{ project_id: number; version: string }>(
    'SELECT project_id, version::text AS version FROM survey_versions WHERE project_id = ANY($1::int[])',
    [[...cached.keys()]],
  );
  for (const r of rows) {
    if (cached.get(r.project_id) !== r.version) await getMapData(db, r.project_id).catch(() => undefined);
  }
}
