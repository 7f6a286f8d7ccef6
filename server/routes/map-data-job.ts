// The map-data jobs (run in the job thread, server/jobs): read a survey's rows,
// build its Arrow form and its statistics, or its GeoJSON form when asked for.
// Only bytes and the small statistics object come back to the API's thread.
import type { Db } from '../db/adapter';
import { buildMapArrow, buildMapJson } from './map-data-build';
import { loadProjectMapRows } from './map-data-query';
import { statisticsResponse } from './statistics-build';

export interface MapDataJobResult {
  arrow: Uint8Array;
  treeCount: number;
  statistics: ReturnType<typeof statisticsResponse>;
  /** Cold-build timings (ms): the SQL read, and building the Arrow form and the statistics. */
  timing: { queryMs: number; buildMs: number };
}

export async function mapDataJob(db: Db, { projectId }: { projectId: number }): Promise<MapDataJobResult> {
  const t0 = performance.now();
  const rows = await loadProjectMapRows(db, projectId);
  const t1 = performance.now();
  const built = buildMapArrow(rows);
  const statistics = statisticsResponse(built, t1 - t0);
  const arrow = new Uint8Array(built.arrow.buffer, built.arrow.byteOffset, built.arrow.byteLength);
  return { arrow, treeCount: built.trees.length, statistics, timing: { queryMs: t1 - t0, buildMs: performance.now() - t1 } };
}

export async function mapJsonJob(db: Db, { projectId }: { projectId: number }): Promise<Uint8Array> {
  const json = buildMapJson(await loadProjectMapRows(db, projectId));
  return new Uint8Array(json.buffer, json.byteOffset, json.byteLength);
}
