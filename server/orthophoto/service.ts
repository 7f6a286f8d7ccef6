// The orthophoto's life (README "Aerial photo"): an upload is received and checked, recorded as the
// survey's pending photo, tiled in the job thread (one tiling at a time per database), and swapped in
// when ready; its progress is kept here for GET and streamed to an NDJSON caller. Interrupted
// uploads (a kill -9) are run again at start from their kept source file.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Db } from '../db/adapter';
import { serviceOf, type ServiceKind } from '../db/services';
import type { AuthUser } from '../plugins/auth';
import { HttpError } from '../http-error';
import { jobsFor } from '../jobs/runner';
import { audit } from '../db/audit';
import * as repo from '../repos/orthophotos';
import type { SourceInfo } from './inspect';
import { orthoError } from './inspect';
import { needsTiledCopy } from './job';
import { diskFull } from './upload';
import { freeBytes, orthoOptionsOf, removeVersion, sourceFile, sweep, tilesDir } from './store';

type Listener = (done: number, total: number) => void;
interface Running {
  progress: number;
  listeners: Set<Listener>;
  finished: Promise<void>;
}
/** A database's tilings in this process: each one's progress, and the queue they run in (one at a time). */
const TILINGS: ServiceKind<{ runs: Map<string, Running>; queue: Promise<unknown> }> = {
  name: 'orthoTilings',
  make: () => ({ runs: new Map(), queue: Promise.resolve() }),
};
const key = (projectId: number, version: string) => `${projectId}/${version}`;
const runsOf = (db: Db) => serviceOf(db, TILINGS).runs;

export const newVersion = () => randomBytes(8).toString('hex');

/** Live progress of a tiling in this process (0–1), or null. */
export const liveProgress = (db: Db, projectId: number, version: string) => runsOf(db).get(key(projectId, version))?.progress ?? null;

/** Checks a received upload in the job thread; on refusal its folder is removed. */
export async function inspectUpload(db: Db, projectId: number, version: string): Promise<SourceInfo> {
  const o = orthoOptionsOf(db);
  try {
    const info = await jobsFor(db).run('orthoInspect', { file: sourceFile(o, projectId, version), maxPixels: o.maxPixels });
    // Room for the tiles (about a third of the raw pixels at most) and a tiled copy of a striped source.
    const raw = info.width * info.height * 3;
    const need = raw / 3 + (needsTiledCopy(info) ? raw : 0);
    if ((await freeBytes(o.dir)) - need < o.minFreeBytes) throw diskFull();
    return info;
  } catch (e) {
    await removeVersion(o, projectId, version);
    throw e;
  }
}

/** Records the checked upload as the survey's pending photo (replacing an older pending one) and starts its tiling. */
export async function acceptUpload(db: Db, user: AuthUser, p: { projectId: number; name: string }, version: string, info: SourceInfo): Promise<void> {
  const o = orthoOptionsOf(db);
  const replaced = await db.transaction(async (tx) => {
    const old = await repo.insertPending(tx, {
      projectId: p.projectId,
      version,
      sourceBytes: info.bytes,
      width: info.width,
      height: info.height,
      epsg: info.epsg,
      userId: user.user_id,
    });
    await audit(
      tx,
      user,
      'create',
      'orthophoto',
      p.projectId,
      `Uploaded the aerial photo of "${p.name}" (${info.width} × ${info.height} px, EPSG:${info.epsg})`,
      p.name,
    );
    return old;
  });
  for (const v of replaced) await removeVersion(o, p.projectId, v);
  void startTiling(db, p.projectId, version).finished.catch(() => undefined); // a failure is recorded on its row
}

/** Queues the tiling; the returned promise settles when it is done (the photo ready or failed). */
export function startTiling(db: Db, projectId: number, version: string): Running {
  const runs = runsOf(db);
  const k = key(projectId, version);
  const existing = runs.get(k);
  if (existing) return existing;
  const run: Running = { progress: 0, listeners: new Set(), finished: Promise.resolve() };
  runs.set(k, run);
  const tilings = serviceOf(db, TILINGS);
  run.finished = tilings.queue.then(() => tile(db, projectId, version, run)).finally(() => runs.delete(k));
  tilings.queue = run.finished.catch(() => undefined);
  return run;
}

export function listen(db: Db, projectId: number, version: string, l: Listener): (() => void) | null {
  const run = runsOf(db).get(key(projectId, version));
  if (!run) return null;
  run.listeners.add(l);
  return () => run.listeners.delete(l);
}

export const finished = (db: Db, projectId: number, version: string) => runsOf(db).get(key(projectId, version))?.finished ?? Promise.resolve();

async function tile(db: Db, projectId: number, version: string, run: Running): Promise<void> {
  const o = orthoOptionsOf(db);
  let beat = 0;
  try {
    const result = await jobsFor(db).run(
      'orthoTile',
      { source: sourceFile(o, projectId, version), outDir: tilesDir(o, projectId, version), maxPixels: o.maxPixels },
      (async (done: number, total: number) => {
        run.progress = total ? done / total : 0;
        for (const l of run.listeners) l(done, total);
        if (performance.now() - beat > 5000) {
          beat = performance.now();
          await repo.heartbeat(db, projectId, version, run.progress);
        }
      }) as never,
    );
    const { swapped, old } = await repo.makeReady(db, projectId, version, result);
    if (!swapped) return removeVersion(o, projectId, version); // deleted or replaced meanwhile
    await rm(sourceFile(o, projectId, version), { force: true });
    if (old) await removeVersion(o, projectId, old);
  } catch (e) {
    const err = e instanceof HttpError ? e : null;
    await repo.markFailed(db, projectId, version, err?.code ?? 'orthophoto_failed', err?.message ?? 'The photo could not be processed').catch(() => undefined);
    await rm(tilesDir(o, projectId, version), { recursive: true, force: true });
    await rm(sourceFile(o, projectId, version), { force: true });
    if (!err) throw e;
  }
}

/** At start: removes folders without a row, and runs again the uploads a dead process left. */
export async function resumeOrthophotos(db: Db, log: (msg: string) => void = () => undefined): Promise<void> {
  const o = orthoOptionsOf(db);
  await sweep(o, await repo.knownVersions(db));
  for (const r of await repo.claimStale(db, !!db.connectPort)) {
    if (existsSync(sourceFile(o, r.project_id, r.version))) {
      log(`Orthophoto of project ${r.project_id}: tiling again after an interruption`);
      void startTiling(db, r.project_id, r.version).finished.catch(() => undefined);
    } else {
      await repo.markFailed(db, r.project_id, r.version, 'orthophoto_interrupted', 'The upload was interrupted: upload the file again');
      await removeVersion(o, r.project_id, r.version);
    }
  }
}

export async function deleteOrthophoto(db: Db, user: AuthUser, p: { projectId: number; name: string }): Promise<number> {
  const o = orthoOptionsOf(db);
  const versions = await db.transaction(async (tx) => {
    const v = await repo.deleteAll(tx, p.projectId);
    if (v.length) await audit(tx, user, 'delete', 'orthophoto', p.projectId, `Deleted the aerial photo of "${p.name}"`, p.name);
    return v;
  });
  if (!versions.length) throw orthoError(404, 'not_found', 'This survey has no aerial photo');
  for (const v of versions) await removeVersion(o, p.projectId, v);
  return versions.length;
}
