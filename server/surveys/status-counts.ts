// Trees per status code ('0' … '5') of a survey and of each of its plots, each tree once (its first observation),
// read from the survey's snapshot statistics: the geo core's counts over the snapshot's columns and its one zone
// grouping (workers/geo/zone-groups.ts, the info panel's), kept per survey version and made after the seed and
// every import. The home cards' trend and the farm overview read these instead of counting the observations
// again in SQL, which took ~9–11 s per call at the 1M-tree demo and held PGlite's one connection meanwhile.
import type { Db } from '../db/adapter';
import type { TreeStatistics } from '../../workers/geo/statistics';
import { getMapData } from './map-data-cache';

export type StatusCounts = Record<string, number>;

type Counted = Pick<TreeStatistics, 'status_counts'>;

/** The codes with trees (a code no tree has is left out, as a GROUP BY would). */
const countsOf = (s: Counted): StatusCounts => Object.fromEntries(s.status_counts.filter((c) => c.count > 0).map((c) => [String(c.code), c.count]));

/** The part of the statistics answer (workers/geo/survey-statistics.ts) read here. */
interface Counts {
  total: Counted;
  plots: { plot_id: string | number; statistics: Counted }[];
}

const statisticsOf = async (db: Db, projectId: number) => (await getMapData(db, projectId)).statistics as Counts;

/** The survey's trees per status. */
export async function surveyStatusCounts(db: Db, projectId: number): Promise<StatusCounts> {
  return countsOf((await statisticsOf(db, projectId)).total);
}

/** The survey's trees per status in each of its plots (plot id → counts; a plot without trees is left out). */
export async function plotStatusCounts(db: Db, projectId: number): Promise<Map<number, StatusCounts>> {
  const out = new Map<number, StatusCounts>();
  for (const p of (await statisticsOf(db, projectId)).plots) {
    const counts = countsOf(p.statistics);
    if (Object.keys(counts).length) out.set(Number(p.plot_id), counts);
  }
  return out;
}
