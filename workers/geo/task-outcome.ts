// Closing the loop of a scouting task (issue 36): how the task's trees changed from its survey to a later one,
// by the compare engine's classes (compare.ts), counted over the task's tree ids only.
import { changeClasses, CHANGE_KEYS, type Comparison } from './compare';
import { idAt } from './tree-ids';

export type OutcomeCounts = Record<'improved' | 'stable' | 'declined' | 'lost' | 'gone' | 'unknown', number>;

/**
 * The change classes of `treeIds` in a comparison whose base is the task's survey and whose other survey is
 * the later one. A tree the task's survey does not hold counts as unknown; "new" cannot occur (a task's trees
 * are trees of its survey).
 */
export function taskChangeCounts(cmp: Comparison, treeIds: readonly number[]): OutcomeCounts {
  const counts: OutcomeCounts = { improved: 0, stable: 0, declined: 0, lost: 0, gone: 0, unknown: 0 };
  const wanted = new Set(treeIds);
  const classes = changeClasses(cmp);
  const seen = new Set<number>();
  for (let i = 0; i < cmp.base.length; i++) {
    const id = Number(idAt(cmp.base.ids, i));
    if (!wanted.has(id) || seen.has(id)) continue;
    seen.add(id);
    const key = CHANGE_KEYS[classes[i]];
    if (key === 'new') counts.unknown++;
    else counts[key]++;
  }
  counts.unknown += wanted.size - seen.size;
  return counts;
}
