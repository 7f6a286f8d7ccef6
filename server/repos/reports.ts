import type { Queryable } from '../db/adapter';
import { notFound } from '../http-error';
import { hasResultsSql } from './project-access';

/** The report's frame: the client, every status type, and the client's surveys newest first (with results or not). */
export async function reportSurveys(db: Queryable, clientId: number) {
  const { rows: client } = await db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM clients WHERE client_id = $1`, [clientId]);
  if (!client[0]) throw notFound('client');
  const { rows: statuses } = await db.query<{ status_code: number; status_name: string }>(
    `SELECT status_code, status_name FROM tree_status_types ORDER BY status_code`,
  );
  const { rows: projects } = await db.query<{ project_id: number; name: string; observation_date: string | null; has_results: boolean }>(
    `SELECT project_id, name, observation_date::text AS observation_date, ${hasResultsSql('p')} AS has_results FROM projects p
      WHERE client_id = $1 ORDER BY observation_date DESC NULLS LAST, project_id`,
    [clientId],
  );
  return { client: client[0], statuses, projects };
}

/** Trees of a survey with one status (NULL: none) at their first observation. */
export interface StatusRow {
  project_id: number;
  tree_status: number | null;
  n: number;
}

/** Every survey's trees per status at their first observation, all counted here (070: one sort of every observation). */
export async function firstObservationCounts(db: Queryable, projectIds: number[]): Promise<StatusRow[]> {
  if (!projectIds.length) return [];
  const { rows } = await db.query<StatusRow>(
    `SELECT project_id, tree_status, count(*) AS n FROM first_observations($1::int[]) GROUP BY project_id, tree_status`,
    [projectIds],
  );
  return rows;
}

/** Only the trees whose first observation has no status or a status above 5 (130: a partial index, ≈1% of rows). */
export async function unclassedFirstObservationCounts(db: Queryable, projectIds: number[]): Promise<StatusRow[]> {
  if (!projectIds.length) return [];
  const { rows } = await db.query<StatusRow>(
    `SELECT project_id, tree_status, count(*) AS n FROM unclassed_first_observations($1::int[]) GROUP BY project_id, tree_status`,
    [projectIds],
  );
  return rows;
}
