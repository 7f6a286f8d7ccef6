// The survey snapshot job (job thread): answers the survey's current snapshot,
// building it only when its version moved.
//   stored:  the survey_snapshots row names this version and its files exist
//            (built earlier, by this process before a restart or by another);
//   patched: the last snapshot's rows minus the trees changed since it (the
//            logs of migrations 050/060), plus those trees read again;
//   built:   a full read, when there is no usable last snapshot or the
//            change is too big or unlisted.
// Versions are read before the data, so a write during the read is at worst
// applied twice (a patch re-reads current rows: applying it again is harmless).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCb, constants } from 'node:zlib';
import type { Db } from '../db/adapter';
import { HttpError } from '../http-error';
import { decodeMapDataArrow } from '../../workers/geo';
import { SnapshotTreesBuilder, finishMapArrow, snapshotTrees, type SnapshotTrees } from '../routes/map-data-build';
import { forEachTreeChunk, loadProjectAreas, loadTreesById } from '../routes/map-data-query';
import { statisticsResponse } from '../routes/statistics-build';
import { patchSnapshot } from './patch';
import { decodeSidecar, encodeSidecar } from './sidecar';
import { snapshotFile, sweepSurvey, writeWhole, type SnapshotMeta } from './store';

const gzip = promisify(gzipCb);

/** Versions a snapshot may lag and still be patched (the logs keep 200). */
const MAX_LAG = 200;
/** Above this share of changed trees a full read is about as fast as a patch. */
const MAX_PATCH_SHARE = 0.25;

interface Versions { version: string; obs_version: string; trees_version: string; client_id: number }
interface Recorded { token: string; version: string; obs_version: string; trees_version: string }

async function currentVersions(db: Db, projectId: number): Promise<Versions> {
  const { rows } = await db.query<Versions>(
    `SELECT s.version::text, s.obs_version::text, c.trees_version::text, s.client_id
       FROM survey_versions s JOIN client_versions c USING (client_id) WHERE s.project_id = $1`, [projectId]);
  if (!rows[0]) throw new HttpError(404, 'Project not found');
  return rows[0];
}

const lag = (now: string, then: string) => Number(BigInt(now) - BigInt(then));

/** The trees changed since the recorded snapshot, or null when they are not all listed. */
async function changedTrees(db: Db, projectId: number, cur: Versions, rec: Recorded): Promise<Set<number> | null> {
  if (lag(cur.obs_version, rec.obs_version) > MAX_LAG || lag(cur.trees_version, rec.trees_version) > MAX_LAG) return null;
  const { rows } = await db.query<{ tree_id: number | null }>(
    `SELECT DISTINCT tree_id FROM observation_changes WHERE project_id = $1 AND obs_version > $2
     UNION SELECT DISTINCT tree_id FROM tree_changes WHERE client_id = $3 AND version > $4`,
    [projectId, rec.obs_version, cur.client_id, rec.trees_version]);
  if (rows.some((r) => r.tree_id === null)) return null;
  return new Set(rows.map((r) => r.tree_id as number));
}

async function cropsOfPlots(db: Db, clientId: number): Promise<Map<number, string | null>> {
  const { rows } = await db.query<{ plot_id: number; crop_name: string | null }>(
    'SELECT pl.plot_id, co.crop_name FROM plots pl LEFT JOIN crop_options co ON co.crop_id = pl.crop_id WHERE pl.client_id = $1', [clientId]);
  return new Map(rows.map((r) => [r.plot_id, r.crop_name]));
}

const hasFiles = (dir: string, projectId: number, token: string) =>
  (['rows', 'arrow', 'arrow.gz', 'json'] as const).every((ext) => existsSync(snapshotFile(dir, projectId, token, ext)));

/**
 * This folder's newest snapshot of the survey: used when the recorded one's
 * files are not here (an API process whose folder another does not share
 * builds its own snapshots, and keeps patching and serving them).
 */
function localRecord(dir: string, projectId: number): Recorded | undefined {
  let best: Recorded | undefined;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${projectId}-`) || !name.endsWith('.json')) continue;
    try {
      const m = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Partial<Recorded>;
      if (!m.token || !m.version || !m.obs_version || !m.trees_version || !hasFiles(dir, projectId, m.token)) continue;
      if (!best || BigInt(m.version) > BigInt(best.version)) best = { token: m.token, version: m.version, obs_version: m.obs_version, trees_version: m.trees_version };
    } catch {
      /* half-removed or unreadable: not a base */
    }
  }
  return best;
}

/** The trees patched from a snapshot, or null when a full read is needed. */
async function patchedTrees(db: Db, dir: string, projectId: number, cur: Versions, rec: Recorded | undefined): Promise<{ trees: SnapshotTrees; patched: number } | null> {
  if (!rec) return null;
  const arrowFile = snapshotFile(dir, projectId, rec.token, 'arrow'), rowsFile = snapshotFile(dir, projectId, rec.token, 'rows');
  const changed = await changedTrees(db, projectId, cur, rec);
  if (!changed) return null;
  const side = decodeSidecar(readFileSync(rowsFile));
  if (changed.size > Math.max(1000, side.obs.length * MAX_PATCH_SHARE)) return null;
  const base: SnapshotTrees = { columns: decodeMapDataArrow(readFileSync(arrowFile)).trees, ...side };
  const fresh = snapshotTrees(await loadTreesById(db, projectId, [...changed]));
  const trees = patchSnapshot(base, changed, fresh, await cropsOfPlots(db, cur.client_id));
  return trees && { trees, patched: changed.size };
}

function storedMeta(dir: string, projectId: number, rec: Recorded): SnapshotMeta | null {
  const files = (['arrow', 'arrow.gz', 'json'] as const).map((ext) => snapshotFile(dir, projectId, rec.token, ext));
  if (!files.every((f) => existsSync(f))) return null;
  try {
    return { ...(JSON.parse(readFileSync(files[2], 'utf8')) as SnapshotMeta), source: 'stored', patchedTrees: 0, arrowFile: files[0], gzFile: files[1] };
  } catch {
    return null; // unreadable: build again
  }
}

export async function surveySnapshotJob(db: Db, { projectId, dir, full = false }: { projectId: number; dir: string; full?: boolean }): Promise<SnapshotMeta> {
  const cur = await currentVersions(db, projectId);
  const recorded = (await db.query<Recorded>(
    'SELECT token, version::text, obs_version::text, trees_version::text FROM survey_snapshots WHERE project_id = $1', [projectId])).rows[0];
  const rec = recorded && hasFiles(dir, projectId, recorded.token) ? recorded : localRecord(dir, projectId);
  if (!full && rec && rec.version === cur.version) {
    const stored = storedMeta(dir, projectId, rec);
    if (stored) return stored;
  }
  const t0 = performance.now();
  const patch = full ? null : await patchedTrees(db, dir, projectId, cur, rec);
  let trees = patch?.trees;
  if (!trees) {
    // A full read, built a chunk at a time as it arrives.
    const b = new SnapshotTreesBuilder();
    await forEachTreeChunk(db, projectId, (chunk) => b.add(chunk));
    trees = b.finish();
  }
  const areas = await loadProjectAreas(db, projectId);
  const t1 = performance.now();
  const built = finishMapArrow(trees, areas);
  const zipped = gzip(built.arrow, { level: constants.Z_BEST_SPEED + 3 }); // zlib's pool, beside the statistics
  const statistics = statisticsResponse(built, t1 - t0);
  const token = randomUUID();
  const file = (ext: 'rows' | 'arrow' | 'arrow.gz' | 'json') => snapshotFile(dir, projectId, token, ext);
  writeWhole(file('rows'), encodeSidecar(trees));
  writeWhole(file('arrow'), built.arrow);
  writeWhole(file('arrow.gz'), await zipped);
  const meta: SnapshotMeta = {
    token, version: cur.version, treeCount: built.trees.length, statistics,
    timing: { queryMs: t1 - t0, buildMs: performance.now() - t1 },
    source: patch ? 'patched' : 'built', patchedTrees: patch?.patched ?? 0, arrowFile: file('arrow'), gzFile: file('arrow.gz'),
  };
  writeWhole(file('json'), JSON.stringify({ ...meta, obs_version: cur.obs_version, trees_version: cur.trees_version }));
  // A newer snapshot recorded meanwhile (another process) stays: ours is then simply not named.
  await db.query(
    `INSERT INTO survey_snapshots (project_id, token, version, obs_version, trees_version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id) DO UPDATE SET token = EXCLUDED.token, version = EXCLUDED.version, obs_version = EXCLUDED.obs_version,
       trees_version = EXCLUDED.trees_version, built_at = now()
     WHERE survey_snapshots.version <= EXCLUDED.version`,
    [projectId, token, cur.version, cur.obs_version, cur.trees_version]);
  const named = (await db.query<{ token: string }>('SELECT token FROM survey_snapshots WHERE project_id = $1', [projectId])).rows[0];
  sweepSurvey(dir, projectId, [token, ...(named ? [named.token] : [])]);
  return meta;
}
