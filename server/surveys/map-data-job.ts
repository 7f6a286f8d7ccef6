// The GeoJSON form of a survey's map data, streamed from the job thread
// (server/jobs). The Arrow form and the statistics are the survey snapshot's
// (server/snapshots).
import type { Db } from '../db/adapter';
import { MapJsonWriter } from './map-data-build';
import { loadProjectAreas, loadTreeChunk } from './map-data-query';

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
  let after = 0,
    trees = 0;
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
