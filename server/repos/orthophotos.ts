// The SQL of survey orthophotos (migration 110): the served photo, an upload in progress, the
// atomic swap when an upload is ready, and claiming uploads whose process died.
import type { Db, Queryable } from '../db/adapter';
import { cachedQuery } from '../db/read-cache';

export interface OrthoRow {
  project_id: number;
  version: string;
  status: 'processing' | 'ready' | 'failed';
  progress: number;
  message: string | null;
  code: string | null;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
  minzoom: number | null;
  maxzoom: number | null;
  resolution_cm: number | null;
  bytes: string | number | null;
  tiles: number | null;
  source_bytes: string | number;
}

const COLUMNS = `project_id, version, status, progress, message, code, west, south, east, north, minzoom, maxzoom,
  resolution_cm, bytes, tiles, source_bytes`;

/** The survey's rows: the ready one and the pending one (either may be missing). */
export async function orthoRows(db: Db, projectId: number): Promise<{ ready?: OrthoRow; pending?: OrthoRow }> {
  const { rows } = await cachedQuery<OrthoRow>(db, `SELECT ${COLUMNS} FROM orthophotos WHERE project_id = $1`, [projectId]);
  return { ready: rows.find((r) => r.status === 'ready'), pending: rows.find((r) => r.status !== 'ready') };
}

/** The ready photo's version and zoom range (tile requests; cached on the embedded database). */
export async function readyVersion(db: Db, projectId: number): Promise<{ version: string; minzoom: number; maxzoom: number } | null> {
  const { rows } = await cachedQuery<{ version: string; minzoom: number; maxzoom: number }>(
    db,
    `SELECT version, minzoom, maxzoom FROM orthophotos WHERE project_id = $1 AND status = 'ready'`,
    [projectId],
  );
  return rows[0] ?? null;
}

/** A new upload: replaces the survey's pending row (an older upload), returns the versions it replaced. */
export async function insertPending(
  tx: Queryable,
  r: { projectId: number; version: string; sourceBytes: number; width: number; height: number; epsg: number; userId: number },
): Promise<string[]> {
  const { rows } = await tx.query<{ version: string }>(`DELETE FROM orthophotos WHERE project_id = $1 AND status <> 'ready' RETURNING version`, [r.projectId]);
  await tx.query(
    `INSERT INTO orthophotos (project_id, version, status, source_bytes, width, height, epsg, uploaded_by)
     VALUES ($1, $2, 'processing', $3, $4, $5, $6, $7)`,
    [r.projectId, r.version, r.sourceBytes, r.width, r.height, r.epsg, r.userId],
  );
  return rows.map((x) => x.version);
}

export async function heartbeat(db: Db, projectId: number, version: string, progress: number): Promise<void> {
  await db.query(`UPDATE orthophotos SET heartbeat_at = now(), progress = $3 WHERE project_id = $1 AND version = $2 AND status = 'processing'`, [
    projectId,
    version,
    Math.max(0, Math.min(1, progress)),
  ]);
}

export interface ReadyFacts {
  bounds: [number, number, number, number];
  minzoom: number;
  maxzoom: number;
  resolutionCm: number;
  bytes: number;
  tiles: number;
}

/** The swap: the upload becomes the served photo and the previous one goes, in one transaction. */
export async function makeReady(db: Db, projectId: number, version: string, f: ReadyFacts): Promise<{ swapped: boolean; old: string | null }> {
  return db.transaction(async (tx) => {
    const { rows: still } = await tx.query<{ n: number }>(
      `SELECT 1 AS n FROM orthophotos WHERE project_id = $1 AND version = $2 AND status = 'processing' FOR UPDATE`,
      [projectId, version],
    );
    if (!still[0]) return { swapped: false, old: null }; // replaced or deleted meanwhile: nothing to swap
    const { rows } = await tx.query<{ version: string }>(`DELETE FROM orthophotos WHERE project_id = $1 AND status = 'ready' RETURNING version`, [projectId]);
    await tx.query(
      `UPDATE orthophotos SET status = 'ready', progress = 1, west = $3, south = $4, east = $5, north = $6, minzoom = $7, maxzoom = $8,
              resolution_cm = $9, bytes = $10, tiles = $11, ready_at = now(), message = NULL, code = NULL
        WHERE project_id = $1 AND version = $2`,
      [projectId, version, ...f.bounds, f.minzoom, f.maxzoom, f.resolutionCm, f.bytes, f.tiles],
    );
    return { swapped: true, old: rows[0]?.version ?? null };
  });
}

export async function markFailed(db: Db, projectId: number, version: string, code: string, message: string): Promise<void> {
  await db.query(`UPDATE orthophotos SET status = 'failed', code = $3, message = $4 WHERE project_id = $1 AND version = $2 AND status = 'processing'`, [
    projectId,
    version,
    code,
    message.slice(0, 500),
  ]);
}

/** Deletes every row of the survey; returns their versions (their folders go too). */
export async function deleteAll(tx: Queryable, projectId: number): Promise<string[]> {
  const { rows } = await tx.query<{ version: string }>(`DELETE FROM orthophotos WHERE project_id = $1 RETURNING version`, [projectId]);
  return rows.map((r) => r.version);
}

/**
 * Processing uploads nobody is working on: every one at the start of the embedded database (its data
 * dir is locked to this process), on PostgreSQL those whose heartbeat is older than `staleSeconds`.
 * Claimed by bumping the heartbeat in the same statement, so two processes never take the same one.
 */
export async function claimStale(db: Db, all: boolean, staleSeconds = 60): Promise<{ project_id: number; version: string }[]> {
  const { rows } = await db.query<{ project_id: number; version: string }>(
    `UPDATE orthophotos SET heartbeat_at = now()
      WHERE status = 'processing' AND ($1::boolean OR heartbeat_at < now() - make_interval(secs => $2::int))
      RETURNING project_id, version`,
    [all, staleSeconds],
  );
  return rows;
}

/** Every version the database knows (the sweep removes other folders). */
export async function knownVersions(db: Db): Promise<Set<string>> {
  const { rows } = await db.query<{ k: string }>(`SELECT project_id || '/' || version AS k FROM orthophotos`);
  return new Set(rows.map((r) => r.k));
}
