// The survey snapshot job (job thread): answers the survey's current snapshot,
// building it only when its version moved.
//   stored:  the newest survey_snapshots row with files in this folder is of
//            this version (built earlier, by this process before a restart or
//            by another sharing the folder);
//   patched: the last snapshot's rows minus the trees changed since it (the
//            logs of migrations 050/060), plus those trees read again;
//   built:   a full read, when there is no usable last snapshot or the
//            change is too big or unlisted.
// Versions are read before the data, so a write during the read is at worst
// applied twice (a patch re-reads current rows: applying it again is harmless).
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress as brotliCb, gzip as gzipCb, constants } from 'node:zlib';
import type { Db } from '../db/adapter';
import { notFound } from '../http-error';
import { decodeMapDataArrow, encodeMapDataCompact } from '../../workers/geo';
import { SnapshotTreesBuilder, finishMapArrow, snapshotTrees, type SnapshotTrees } from '../surveys/map-data-build';
import { forEachTreeChunk, loadProjectAreas, loadTreesById } from '../surveys/map-data-query';
import { statisticsResponse } from '../surveys/statistics-build';
import { patchSnapshot } from './patch';
import { decodeSidecar, encodeSidecar } from './sidecar';
import { writeWhole } from '../files';
import { SNAPSHOT_PARTS, snapshotFile, sweepSurvey, type SnapshotMeta, type SnapshotPart } from './store';

const gzip = promisify(gzipCb);
const brotli = promisify(brotliCb);

/**
 * Brotli of the compact form, made in zlib's pool after the snapshot is recorded (quality 10: ~1.6 s for 100k
 * trees here, ~5% smaller than gzip -9; quality 11 is 3.5x slower for 0.4% more). Until it is written the
 * route serves the gzip, so no open waits for it; a failure (the folder removed meanwhile) only leaves the gzip.
 */
export const compactBrotliParams = (bytes: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: 10,
  [constants.BROTLI_PARAM_LGWIN]: 24,
  [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
});

async function writeBrotli(compact: Uint8Array, file: string): Promise<void> {
  try {
    writeWhole(file, await brotli(compact, { params: compactBrotliParams(compact.length) }));
  } catch {
    /* served as gzip */
  }
}

/** Versions a snapshot may lag and still be patched (the logs keep 200). */
const MAX_LAG = 200;
/** Snapshots recorded per survey: each API process with a folder of its own finds its newest among them. */
const KEEP_RECORDED = 8;
/** Above this share of changed trees a full read is about as fast as a patch. */
const MAX_PATCH_SHARE = 0.25;

interface Versions {
  version: string;
  obs_version: string;
  trees_version: string;
  client_id: number;
}
interface Recorded {
  token: string;
  version: string;
  obs_version: string;
  trees_version: string;
}

async function currentVersions(db: Db, projectId: number): Promise<Versions> {
  const { rows } = await db.query<Versions>(
    `SELECT s.version::text, s.obs_version::text, c.trees_version::text, s.client_id
       FROM survey_versions s JOIN client_versions c USING (client_id) WHERE s.project_id = $1`,
    [projectId],
  );
  if (!rows[0]) throw notFound('project');
  return rows[0];
}

const lag = (now: string, then: string) => Number(BigInt(now) - BigInt(then));

/** The trees changed since the recorded snapshot, or null when they are not all listed. */
async function changedTrees(db: Db, projectId: number, cur: Versions, rec: Recorded): Promise<Set<number> | null> {
  const obsLag = lag(cur.obs_version, rec.obs_version),
    treesLag = lag(cur.trees_version, rec.trees_version);
  if (obsLag < 0 || treesLag < 0 || obsLag > MAX_LAG || treesLag > MAX_LAG) return null;
  const { rows } = await db.query<{ tree_id: number | null }>(
    `SELECT DISTINCT tree_id FROM observation_changes WHERE project_id = $1 AND obs_version > $2
     UNION SELECT DISTINCT tree_id FROM tree_changes WHERE client_id = $3 AND version > $4`,
    [projectId, rec.obs_version, cur.client_id, rec.trees_version],
  );
  if (rows.some((r) => r.tree_id === null)) return null;
  return new Set(rows.map((r) => r.tree_id as number));
}

async function cropsOfPlots(db: Db, clientId: number): Promise<Map<number, string | null>> {
  const { rows } = await db.query<{ plot_id: number; crop_name: string | null }>(
    'SELECT pl.plot_id, co.crop_name FROM plots pl LEFT JOIN crop_options co ON co.crop_id = pl.crop_id WHERE pl.client_id = $1',
    [clientId],
  );
  return new Map(rows.map((r) => [r.plot_id, r.crop_name]));
}

const hasFiles = (dir: string, projectId: number, token: string) => SNAPSHOT_PARTS.every((part) => existsSync(snapshotFile(dir, projectId, token, part)));

/** Snapshots of the survey recorded in the database, newest first (the 8 kept). */
async function recordedSnapshots(db: Db, projectId: number): Promise<Recorded[]> {
  return (
    await db.query<Recorded>(
      // Ordered by the numbers (s.version), not by the text columns of the answer: as text, '9' comes after '10'.
      `SELECT token, version::text, obs_version::text, trees_version::text FROM survey_snapshots s
      WHERE project_id = $1 ORDER BY s.version DESC, s.built_at DESC`,
      [projectId],
    )
  ).rows;
}

/** The trees patched from a snapshot, or null when a full read is needed. */
async function patchedTrees(
  db: Db,
  dir: string,
  projectId: number,
  cur: Versions,
  rec: Recorded | undefined,
): Promise<{ trees: SnapshotTrees; patched: number } | null> {
  if (!rec) return null;
  const changed = await changedTrees(db, projectId, cur, rec);
  if (!changed) return null;
  let base: SnapshotTrees;
  try {
    const side = decodeSidecar(readFileSync(snapshotFile(dir, projectId, rec.token, 'rows')));
    if (changed.size > Math.max(1000, side.obs.length * MAX_PATCH_SHARE)) return null;
    base = { columns: decodeMapDataArrow(readFileSync(snapshotFile(dir, projectId, rec.token, 'arrow'))).trees, ...side };
  } catch {
    return null; // removed meanwhile, or unreadable: read in full
  }
  const fresh = snapshotTrees(await loadTreesById(db, projectId, [...changed]));
  const trees = patchSnapshot(base, changed, fresh, await cropsOfPlots(db, cur.client_id));
  return trees && { trees, patched: changed.size };
}

/** The survey's observation rows: one kept per tree, and the duplicates dropped. */
const observationsOf = (t: Pick<SnapshotTrees, 'obs' | 'dups'>) => t.obs.length + t.dups.length;

/** A recorded snapshot's facts as stored (null when its files went meanwhile or are unreadable: build again). */
function storedMeta(dir: string, projectId: number, rec: Recorded): SnapshotMeta | null {
  const file = (part: SnapshotPart) => snapshotFile(dir, projectId, rec.token, part);
  try {
    const meta = JSON.parse(readFileSync(file('json'), 'utf8')) as SnapshotMeta;
    return {
      ...meta,
      // Snapshots recorded before the count was kept: their rows file has it.
      observationCount: meta.observationCount ?? observationsOf(decodeSidecar(readFileSync(file('rows')))),
      source: 'stored',
      patchedTrees: 0,
      arrowFile: file('arrow'),
      gzFile: file('arrow.gz'),
      compactFile: file('trees'),
      compactGzFile: file('trees.gz'),
      compactBrFile: file('trees.br'),
    };
  } catch {
    return null;
  }
}

export async function surveySnapshotJob(db: Db, { projectId, dir, full = false }: { projectId: number; dir: string; full?: boolean }): Promise<SnapshotMeta> {
  const cur = await currentVersions(db, projectId);
  // The newest recorded snapshot whose files are in this folder (another process's may not be).
  const rec = (await recordedSnapshots(db, projectId)).find((r) => hasFiles(dir, projectId, r.token));
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
  const compact = encodeMapDataCompact(built);
  // The best gzip: the compact form is small (a 1M-tree survey's ~23 MB in ~1 s) and made once per version.
  const compactZipped = gzip(compact, { level: constants.Z_BEST_COMPRESSION });
  const statistics = statisticsResponse(built, t1 - t0);
  const token = randomUUID();
  const file = (part: SnapshotPart) => snapshotFile(dir, projectId, token, part);
  writeWhole(file('rows'), encodeSidecar(trees));
  writeWhole(file('arrow'), built.arrow);
  writeWhole(file('arrow.gz'), await zipped);
  writeWhole(file('trees'), compact);
  writeWhole(file('trees.gz'), await compactZipped);
  const meta: SnapshotMeta = {
    token,
    version: cur.version,
    treeCount: built.trees.length,
    observationCount: observationsOf(trees),
    statistics,
    timing: { queryMs: t1 - t0, buildMs: performance.now() - t1 },
    source: patch ? 'patched' : 'built',
    patchedTrees: patch?.patched ?? 0,
    arrowFile: file('arrow'),
    gzFile: file('arrow.gz'),
    compactFile: file('trees'),
    compactGzFile: file('trees.gz'),
    compactBrFile: file('trees.br'),
  };
  writeWhole(file('json'), JSON.stringify(meta));
  await db.query('INSERT INTO survey_snapshots (token, project_id, version, obs_version, trees_version) VALUES ($1, $2, $3, $4, $5)', [
    token,
    projectId,
    cur.version,
    cur.obs_version,
    cur.trees_version,
  ]);
  await db.query(
    `DELETE FROM survey_snapshots WHERE project_id = $1 AND token NOT IN
       (SELECT token FROM survey_snapshots WHERE project_id = $1 ORDER BY version DESC, built_at DESC LIMIT ${KEEP_RECORDED})`,
    [projectId],
  );
  sweepSurvey(
    dir,
    projectId,
    (await recordedSnapshots(db, projectId)).map((r) => r.token),
  );
  void writeBrotli(compact, file('trees.br'));
  return meta;
}
