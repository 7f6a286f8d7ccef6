// The change of a task's trees since a later survey (GET /api/tasks/{id}/outcome), in the job thread: both
// surveys' snapshot Arrow files through the compare engine (workers/geo), like the areas table's change counts.
import { readFileSync } from 'node:fs';
import { compareTrees, decodeMapDataArrow, taskChangeCounts, type OutcomeCounts } from '../../workers/geo';

export interface OutcomeJobInput {
  /** The task's survey's snapshot Arrow file, and the later survey's. */
  arrow: string;
  newer: string;
  treeIds: number[];
}

export async function outcomeJob(_db: unknown, input: OutcomeJobInput): Promise<OutcomeCounts> {
  const base = decodeMapDataArrow(readFileSync(input.arrow));
  const later = decodeMapDataArrow(readFileSync(input.newer));
  return taskChangeCounts(compareTrees(base.trees, later.trees, true), input.treeIds);
}
