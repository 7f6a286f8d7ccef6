// The geo worker's read of a kept survey (issue 35): the user's index record and the map data's bytes, from the
// same IndexedDB database (db.ts) and blob store (blob-store.ts) the page keeps them in. A worker reads them
// beside the page's start-up, so a kept survey is decoded while the map sets itself up. The page's own rules
// (which copy, whose, when to ask the server) stay in survey-source.ts; this only reads.
import type { KeptMapData } from '../../../workers/geo-api';
import { openDeviceDb } from './db';
import { idbBlobStore, opfsBlobStore } from './blob-store';
import { MAP_PART } from './kept-store';

/** The user's kept copy of a survey, or null; throws when this context cannot open the device's database. */
export async function readKeptMap(userId: number, projectId: number): Promise<KeptMapData | null> {
  if (typeof indexedDB === 'undefined') throw new Error('no IndexedDB here');
  const record = await (await openDeviceDb()).get('surveys', projectId);
  if (!record || record.userId !== userId) return null;
  // The page writes OPFS where it can and IndexedDB where it cannot; a worker may see OPFS differently, so both.
  const blob =
    (typeof navigator !== 'undefined' && navigator.storage ? await opfsBlobStore.read(projectId, MAP_PART) : null) ??
    (await idbBlobStore(openDeviceDb).read(projectId, MAP_PART));
  return { record, blob };
}
