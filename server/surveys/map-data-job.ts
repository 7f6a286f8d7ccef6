// The GeoJSON form of a survey's map data, streamed from the job thread
// (server/jobs). The Arrow form and the statistics are the survey snapshot's
// (server/snapshots).
import type { Db } from '../db/adapter';
import { BytePieces } from '../jobs/byte-pieces';
import { collectIfHeld } from '../threads/collect';
import { MapJsonWriter } from './map-data-json';
import { forEachTreeChunk, loadProjectAreas } from './map-data-query';

/**
 * Observations per database read of the GeoJSON stream (~3.5 MB of JSON, sent
 * in 1 MB pieces). At 20,000 the database thread's heap grew to ~150 MB of
 * garbage between its collections; at 5,000 ~35 MB, and the stream was no
 * slower (1M trees: 19–20 s).
 */
const JSON_CHUNK = 5_000;

/**
 * The GeoJSON form, streamed: read a chunk at a time and written a 1 MB
 * piece at a time; `send` resolves when the client has taken the piece, so a
 * chunk's rows and a piece or two are all it holds, whatever the survey's size.
 */
export async function mapJsonStreamJob(db: Db, { projectId }: { projectId: number }, send: (chunk: Uint8Array) => Promise<void>): Promise<{ trees: number }> {
  const out = new BytePieces(send);
  const w = new MapJsonWriter(await loadProjectAreas(db, projectId));
  await out.write(w.head());
  let trees = 0;
  await forEachTreeChunk(
    db,
    projectId,
    async (chunk) => {
      trees += chunk.length;
      for (const piece of w.trees(chunk)) await out.write(piece);
      collectIfHeld(); // the chunk's arrays were promoted while it was written
    },
    JSON_CHUNK,
  );
  await out.write(w.tail());
  await out.flush();
  return { trees };
}
