// The class of a prescription zone recomputed independently of workers/geo (the
// prescription tests): the majority of low / optimal / high N by each tree's crop
// range, Missing trees and trees without a value or a range left out, a tie to the
// lower class; -1 when no tree counts.
import { DEFAULT_NPK_RANGES, cropKey } from '../../workers/geo/npk-ranges';

export interface NutrientRow {
  status: number;
  n_mean: number | null;
  crop_name: string | null;
}

export function majorityNClass<R extends NutrientRow>(rows: readonly R[], inZone: (r: R) => boolean): number {
  const counts = [0, 0, 0];
  for (const r of rows) {
    if (!inZone(r) || r.n_mean === null || r.status === 4) continue;
    const range = DEFAULT_NPK_RANGES[cropKey(r.crop_name)]?.n;
    if (!range || !(range.lower < range.upper)) continue;
    counts[r.n_mean < range.lower ? 0 : r.n_mean > range.upper ? 2 : 1]++;
  }
  let best = -1;
  counts.forEach((n, k) => {
    if (n > 0 && (best < 0 || n > counts[best])) best = k;
  });
  return best;
}
