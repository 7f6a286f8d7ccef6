// Trees per status code ('0' … '5') of a survey and of each of its plots, each tree once (its first observation),
// read from the survey's snapshot statistics: the geo core's counts over the snapshot's columns and its one zone
// grouping (workers/geo/zone-groups.ts, the info panel's), kept per survey version and made after the seed and
// every import. The home cards' trend, the farm overview and the admin tree-status report read these instead of
// counting the observations again in SQL, which took ~9–11 s per call at the 1M-tree demo and held PGlite's one
// connection meanwhile.
// Code 5 here is every tree the geo core calls Unknown: status 5, 6 and no status (workers/geo/values.ts
// parseStatus). A reader that tells those apart (the report) counts them separately.
// A survey whose snapshot cannot be read or built (a full disk, the survey deleted meanwhile) gets null, logged
// here once, so each caller only decides what a survey without counts shows.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/adapter';
import type { TreeStatistics } from '../../workers/geo/statistics';
import { getMapData } from './map-data-cache';

export type StatusCounts = Record<string, number>;
export type CountsLog = Pick<FastifyBaseLogger, 'warn'>;

type Counted = Pick<TreeStatistics, 'status_counts'>;

/** The codes with trees (a code no tree has is left out, as a GROUP BY would). */
const countsOf = (s: Counted): StatusCounts => Object.fromEntries(s.status_counts.filter((c) => c.count > 0).map((c) => [String(c.code), c.count]));

/** The part of the statistics answer (workers/geo/survey-statistics.ts) read here. */
interface Counts {
  total: Counted;
  plots: { plot_id: string | number; statistics: Counted }[];
}

/** The survey's statistics, or null (logged) when its snapshot cannot be read. */
async function statisticsOf(db: Db, projectId: number, log: CountsLog): Promise<Counts | null> {
  try {
    return (await getMapData(db, projectId)).statistics as Counts;
  } catch (err) {
    log.warn({ err, projectId }, 'a survey’s status counts are not available (its snapshot cannot be read)');
    return null;
  }
}

/** The survey's trees per status; null when its snapshot cannot be read. */
export async function surveyStatusCounts(db: Db, projectId: number, log: CountsLog): Promise<StatusCounts | null> {
  const s = await statisticsOf(db, projectId, log);
  return s && countsOf(s.total);
}

/** The survey's trees per status in each of its plots (plot id → counts; a plot without trees is left out); null when its snapshot cannot be read. */
export async function plotStatusCounts(db: Db, projectId: number, log: CountsLog): Promise<Map<number, StatusCounts> | null> {
  const s = await statisticsOf(db, projectId, log);
  if (!s) return null;
  const out = new Map<number, StatusCounts>();
  for (const p of s.plots) {
    const counts = countsOf(p.statistics);
    if (Object.keys(counts).length) out.set(Number(p.plot_id), counts);
  }
  return out;
}
