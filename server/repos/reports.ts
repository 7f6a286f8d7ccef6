import type { Queryable } from '../db/adapter';
import { notFound } from '../http-error';
import type { TreeStatusReport } from '../../src/domain/contracts/reports';

type ReportProject = TreeStatusReport['projects'][number];

/** Tree-status summary per project of one client; the first observation of each tree counts (overlapping strips). */
export async function treeStatusReport(db: Queryable, clientId: number) {
  const { rows: client } = await db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM clients WHERE client_id = $1`, [clientId]);
  if (!client[0]) throw notFound('client');
  const { rows: statuses } = await db.query<{ status_code: number; status_name: string }>(
    `SELECT status_code, status_name FROM tree_status_types ORDER BY status_code`,
  );
  const { rows: projects } = await db.query<{ project_id: number; name: string; observation_date: string | null }>(
    `SELECT project_id, name, observation_date::text AS observation_date FROM projects WHERE client_id = $1
      ORDER BY observation_date DESC NULLS LAST, project_id`,
    [clientId],
  );
  const { rows: counts } = await db.query<{ project_id: number; tree_status: number | null; n: number }>(
    `SELECT project_id, tree_status, count(*) AS n FROM first_observations($1::int[]) GROUP BY project_id, tree_status`,
    [projects.map((p) => p.project_id)],
  );
  const out: ReportProject[] = projects.map((p) => ({
    ...p,
    total_trees: 0,
    counts: Object.fromEntries(statuses.map((s) => [String(s.status_code), 0])),
    no_status: 0,
  }));
  const byId = new Map(out.map((p) => [p.project_id, p]));
  for (const c of counts) {
    const p = byId.get(c.project_id);
    if (!p) continue;
    p.total_trees += c.n;
    if (c.tree_status === null) p.no_status += c.n;
    else p.counts[String(c.tree_status)] = (p.counts[String(c.tree_status)] ?? 0) + c.n;
  }
  return { client: client[0], statuses, projects: out };
}
