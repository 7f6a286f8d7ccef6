// The map-data jobs (run in the job thread, server/jobs): read a survey's rows,
// build its Arrow form and its statistics, or its GeoJSON form when asked for.
// Only bytes and the small statistics object come back to the API's thread.
import type { Db } from '../db/adapter';
import { MapJsonWriter, buildMapArrow } from './map-data-build';
import { loadProjectAreas, loadProjectMapRows, loadTreeChunk } from './map-data-query';
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

/** Observations per chunk of the GeoJSON stream (~15 MB of JSON). */
const JSON_CHUNK = 20_000;

/**
 * The GeoJSON form, streamed: read and written a chunk at a time; `send`
 * resolves when the client has taken the chunk, so at most a chunk or two are
 * ever in memory, whatever the survey's size.
 */
export async function mapJsonStreamJob(db: Db, { projectId }: { projectId: number }, send: (chunk: Uint8Array) => Promise<void>): Promise<{ trees: number }> {
  const enc = new TextEncoder();
  const w = new MapJsonWriter(await loadProjectAreas(db, projectId));
  await send(enc.encode(w.head()));
  let after = 0, trees = 0;
  for (;;) {
    const c = await loadTreeChunk(db, projectId, after, JSON_CHUNK);
    if (!c) break;
    after = c.last;
    trees += c.trees.length;
    await send(enc.encode(w.trees(c.trees).join('')));
  }
  await send(enc.encode(w.tail()));
  return { trees };
}
