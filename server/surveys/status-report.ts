// The admin's tree-status report (admin.md §6): per survey of a client, its trees per status at their first
// observation, the ones with no status apart. The counts come from each survey's snapshot statistics
// (status-counts.ts), which fold no status and status 6 into Unknown (5); only those trees are read from SQL
// (server/repos/reports.ts, an index of ≈1% of the rows) and taken back out of 5. Counting every survey in SQL
// took ~10 s per client at the 1M-tree demo. A survey whose snapshot cannot be read is counted in SQL whole, so
// the report is never short.
import type { Db } from '../db/adapter';
import type { TreeStatusReport } from '../../src/domain/contracts/reports';
import { firstObservationCounts, reportSurveys, unclassedFirstObservationCounts, type StatusRow } from '../repos/reports';
import { surveyStatusCounts, type CountsLog, type StatusCounts } from './status-counts';

type ReportProject = TreeStatusReport['projects'][number];

const UNKNOWN = '5';

export async function treeStatusReport(db: Db, clientId: number, log: CountsLog): Promise<TreeStatusReport> {
  const { client, statuses, projects } = await reportSurveys(db, clientId);
  const out: ReportProject[] = projects.map((p) => ({
    project_id: p.project_id,
    name: p.name,
    observation_date: p.observation_date,
    total_trees: 0,
    counts: Object.fromEntries(statuses.map((s) => [String(s.status_code), 0])),
    no_status: 0,
  }));
  const byId = new Map(out.map((p) => [p.project_id, p]));
  const add = (projectId: number, code: number | null, n: number) => {
    const p = byId.get(projectId);
    if (!p || n <= 0) return;
    p.total_trees += n;
    if (code === null) p.no_status += n;
    else p.counts[String(code)] = (p.counts[String(code)] ?? 0) + n;
  };

  // One survey at a time: a snapshot not made yet is built by the job thread, which takes them in turn anyway.
  const snapshots = new Map<number, StatusCounts>();
  const inSql: number[] = [];
  for (const p of projects.filter((x) => x.has_results)) {
    const c = await surveyStatusCounts(db, p.project_id, log);
    if (c) snapshots.set(p.project_id, c);
    else inSql.push(p.project_id);
  }
  const unclassed: StatusRow[] = await unclassedFirstObservationCounts(db, [...snapshots.keys()]);
  for (const [id, counts] of snapshots) {
    // A write between the snapshot and this read can make them disagree for a moment: never below zero.
    const folded = unclassed.filter((r) => r.project_id === id).reduce((a, r) => a + r.n, 0);
    for (const [code, n] of Object.entries(counts)) add(id, Number(code), code === UNKNOWN ? n - folded : n);
  }
  for (const r of [...unclassed, ...(await firstObservationCounts(db, inSql))]) add(r.project_id, r.tree_status, r.n);
  return { client, statuses, projects: out };
}
