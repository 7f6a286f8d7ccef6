// Survey snapshots made before anyone asks for them (issue 34): after an import into a survey and after a new
// demo seed. A survey's first open otherwise pays for the full read and build (18 s at 1M trees, bench/README
// "open"); made here, it finds the stored snapshot. A failed build fails nothing: the first open builds it then.
import type { Db } from '../db/adapter';
import { surveysWithResults } from '../repos/project-detail';
import { getMapData } from './map-data-cache';

/** Brings one survey's snapshot up to date (built, or patched from the last one); false when that failed. */
export async function prepareSnapshot(db: Db, projectId: number, log?: (message: string) => void): Promise<boolean> {
  try {
    await getMapData(db, projectId);
    return true;
  } catch (e) {
    log?.(`The map data of survey ${projectId} could not be prepared: ${(e as Error).message}`);
    return false;
  }
}

/** Every survey with results, one after the other (the job thread builds one at a time anyway). */
export async function prepareAllSnapshots(db: Db, log?: (message: string) => void): Promise<{ surveys: number; ms: number }> {
  const t0 = performance.now();
  let surveys = 0;
  for (const projectId of await surveysWithResults(db)) if (await prepareSnapshot(db, projectId, log)) surveys++;
  return { surveys, ms: Math.round(performance.now() - t0) };
}
