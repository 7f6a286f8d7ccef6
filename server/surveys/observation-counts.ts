// A survey's observation rows (duplicate observations of a tree included), for the surveys list of the project
// map. The survey's snapshot keeps the number (server/snapshots: its rows and the duplicates it dropped), so a
// survey this process has a current snapshot of costs no read of the observations; any other is counted in SQL
// (server/repos/project-detail.ts), as it always was, rather than start a build while someone opens a survey.
// Counting every related survey in SQL took ~0.45 s per list at the 1M-tree demo.
import type { Db } from '../db/adapter';
import { observationCount } from '../repos/project-detail';
import { currentMapData } from './map-data-cache';

/** The survey's observation count (0 without results, read from nothing). */
export async function surveyObservationCount(db: Db, projectId: number, hasResults: boolean): Promise<number> {
  if (!hasResults) return 0;
  return (await currentMapData(db, projectId))?.observationCount ?? observationCount(db, projectId);
}
