// Where survey snapshots live: files in the snapshot folder (SNAPSHOT_DIR,
// default DATA_DIR/snapshots), six per snapshot (and a seventh later), named by the survey and a
// random token that a survey_snapshots row of migration 060 records:
//   {project}-{token}.rows      each row's observation id and biomass, the duplicates (sidecar.ts)
//   {project}-{token}.arrow     the map data (Arrow IPC), served as it is
//   {project}-{token}.arrow.gz  the same, gzip, served when accepted
//   {project}-{token}.trees     the compact form (workers/geo/wire-compact.ts), what the app asks for
//   {project}-{token}.trees.gz  the same, gzip, served when accepted
//   {project}-{token}.trees.br  the same, brotli, made after the others (optional):
//                               served, once there, when accepted (Chromium asks for br)
//   {project}-{token}.json      the statistics response and the build's facts
// Files are written under a temporary name and renamed, so a reader never sees
// half a file. They are derived data: deleting the folder costs one rebuild
// per survey. A database without a folder (tests, in-memory) gets a temporary
// one, removed when the process exits.
import { mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/adapter';
import { provideService, serviceOf, temporaryFolder, type ServiceKind } from '../db/services';

export type SnapshotSource = 'stored' | 'patched' | 'built';

/** What the API keeps of a snapshot in memory: its files and its small parts. */
export interface SnapshotMeta {
  token: string;
  /** The survey version the snapshot's data is at least as new as (the ETag names it). */
  version: string;
  treeCount: number;
  /** Observation rows of the survey, duplicates of a tree included (the surveys list's count). */
  observationCount: number;
  statistics: unknown;
  /** The build's timings (ms): reading the database, and building the payloads. */
  timing: { queryMs: number; buildMs: number };
  /** How this answer was made: served as stored, patched from the last snapshot, or built from a full read. */
  source: SnapshotSource;
  /** Changed trees the patch re-read (0 when built or stored). */
  patchedTrees: number;
  arrowFile: string;
  gzFile: string;
  /** The compact form and its gzip (README "Compact map data"). */
  compactFile: string;
  compactGzFile: string;
  /** The compact form in brotli: written after the snapshot is recorded, so it may not exist (yet). */
  compactBrFile: string;
}

/** Each database's folder: the app's (SNAPSHOT_DIR), or a temporary one removed when the app closes. */
const SNAPSHOT_DIR: ServiceKind<{ dir: string; remove?: () => void }> = {
  name: 'snapshotDir',
  make: () => temporaryFolder('orchard-snapshots-'),
  close: (f) => f.remove?.(),
};

/** The snapshot folder of a database (set once by the app; a temporary one otherwise). */
export const snapshotDirOf = (db: Db): string => serviceOf(db, SNAPSHOT_DIR).dir;

export function setSnapshotDir(db: Db, dir: string): void {
  mkdirSync(dir, { recursive: true });
  provideService(db, SNAPSHOT_DIR, { dir });
}

/** The files of one snapshot. */
export const SNAPSHOT_PARTS = ['rows', 'arrow', 'arrow.gz', 'trees', 'trees.gz', 'json'] as const;
export type SnapshotPart = (typeof SNAPSHOT_PARTS)[number] | 'trees.br';

export const snapshotFile = (dir: string, projectId: number, token: string, part: SnapshotPart) => path.join(dir, `${projectId}-${token}.${part}`);

/** Files older than this that no row names are removed (a reader may still hold a replaced snapshot's path). */
const KEEP_REPLACED_MS = 10 * 60 * 1000;

/** Removes this survey's files other than the recorded tokens', once they are old enough. */
export function sweepSurvey(dir: string, projectId: number, keep: string[], now = Date.now()): void {
  const prefix = `${projectId}-`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || keep.some((k) => name.startsWith(`${prefix}${k}.`))) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > KEEP_REPLACED_MS) unlinkSync(file);
    } catch {
      /* another process removed it first */
    }
  }
}
