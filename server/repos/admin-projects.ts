import type { Queryable } from '../db/adapter';
import type { ErrorCode, ErrorParams } from '../../src/domain/error-codes';
import { HttpError, notFound } from '../http-error';
import { findOne } from '../db/rows';
import { clientName } from './project-access';
import type { z } from 'zod';
import type { adminPlot, adminProject, projectStatistics } from '../../src/domain/contracts/admin-projects';

export type ProjectRow = z.infer<typeof adminProject>;
export type PlotRow = z.infer<typeof adminPlot>;
export type StatisticsRow = z.infer<typeof projectStatistics>;

/** The fixed analysis products (admin.md §3). */
export { PRODUCTS } from '../../src/domain/products';

// One row per project with everything the admin table and details modal
// show. Counts cover the project's plots: irrigation areas and trees whose
// plot is one of them. Crop types are detected from the irrigation areas'
// plots (admin.md §3).
const PROJECT_SQL = `
  SELECT p.project_id, p.name, p.observation_date::text AS observation_date, p.created_at, p.updated_at, p.version,
         p.client_id, c.name AS client_name, p.products,
         ARRAY(SELECT pp.plot_id FROM project_plots pp WHERE pp.project_id = p.project_id ORDER BY pp.plot_id) AS plot_ids,
         ARRAY(SELECT pu.user_id FROM project_users pu WHERE pu.project_id = p.project_id ORDER BY pu.user_id) AS user_ids,
         COALESCE((SELECT json_agg(json_build_object('plot_id', pl.plot_id, 'plot_name', pl.plot_name, 'plot_area', pl.plot_area) ORDER BY pl.plot_name)
                     FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id WHERE pp.project_id = p.project_id), '[]'::json) AS plots,
         (SELECT count(*) FROM project_plots pp WHERE pp.project_id = p.project_id) AS plot_count,
         (SELECT count(*) FROM irrigation_areas ia JOIN project_plots pp ON pp.plot_id = ia.plot_id WHERE pp.project_id = p.project_id) AS irrigation_area_count,
         (SELECT count(*) FROM trees t JOIN project_plots pp ON pp.plot_id = t.plot_id WHERE pp.project_id = p.project_id) AS tree_count,
         ARRAY(SELECT DISTINCT COALESCE(ct.crop_type_name, co.crop_name)
                 FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
                 JOIN crop_options co ON co.crop_id = pl.crop_id LEFT JOIN crop_types ct ON ct.crop_type_id = co.crop_type_id
                WHERE pp.project_id = p.project_id AND EXISTS (SELECT 1 FROM irrigation_areas ia WHERE ia.plot_id = pl.plot_id)) AS crop_types
    FROM projects p JOIN clients c ON c.client_id = p.client_id`;

export const PLOT_SQL = `
  SELECT pl.plot_id, pl.plot_name, pl.plot_area, pl.client_id, c.name AS client_name, pl.crop_id, co.crop_name,
         ct.crop_type_id, ct.crop_type_name, pl.created_at,
         (SELECT count(*) FROM irrigation_areas ia WHERE ia.plot_id = pl.plot_id) AS irrigation_area_count
    FROM plots pl JOIN clients c ON c.client_id = pl.client_id
    LEFT JOIN crop_options co ON co.crop_id = pl.crop_id LEFT JOIN crop_types ct ON ct.crop_type_id = co.crop_type_id`;

export const loadProject = (q: Queryable, id: number) => findOne<ProjectRow>(q, `${PROJECT_SQL} WHERE p.project_id = $1`, id, 'project');

/** All selected users must exist and belong to one client; returns it (422 otherwise). */
export async function clientOfUsers(tx: Queryable, userIds: number[]): Promise<number> {
  const { rows } = await tx.query<{ user_id: number; email: string; client_id: number | null; client_name: string | null }>(
    `SELECT u.user_id, u.email, u.client_id, c.name AS client_name FROM users u LEFT JOIN clients c ON c.client_id = u.client_id WHERE u.user_id = ANY($1::int[])`,
    [userIds],
  );
  const missing = userIds.filter((id) => !rows.some((r) => r.user_id === id));
  const fail = (message: string, code: ErrorCode, params: ErrorParams) =>
    new HttpError(422, message, [{ field: 'user_ids', message, code, params }], undefined, code, params);
  if (missing.length) throw fail(`Unknown user id(s): ${missing.join(', ')}`, 'users_unknown', { ids: missing });
  const noClient = rows.filter((r) => r.client_id === null).map((r) => r.email);
  if (noClient.length)
    throw fail(`These users belong to no client and cannot be assigned to a project: ${noClient.join(', ')}`, 'users_without_client', { emails: noClient });
  const clients = [...new Map(rows.map((r) => [r.client_id, r.client_name])).entries()];
  const names = clients.map(([, n]) => n ?? '');
  if (clients.length > 1)
    throw fail(`All selected users must belong to the same client; they belong to: ${names.join(', ')}`, 'users_many_clients', { clients: names });
  return clients[0][0]!;
}

/** Every plot must exist and belong to the project's client (422 otherwise). */
export async function checkPlots(tx: Queryable, plotIds: number[], clientId: number): Promise<void> {
  if (!plotIds.length) return;
  const { rows } = await tx.query<{ plot_id: number; client_id: number; plot_name: string }>(
    `SELECT plot_id, client_id, plot_name FROM plots WHERE plot_id = ANY($1::int[])`,
    [plotIds],
  );
  const fail = (message: string, code: ErrorCode, params: ErrorParams) =>
    new HttpError(422, message, [{ field: 'plot_ids', message, code, params }], undefined, code, params);
  const missing = plotIds.filter((id) => !rows.some((r) => r.plot_id === id));
  if (missing.length) throw fail(`Unknown plot id(s): ${missing.join(', ')}`, 'plots_unknown', { ids: missing });
  const foreign = rows.filter((r) => r.client_id !== clientId).map((r) => r.plot_name);
  if (foreign.length) throw fail(`These plots belong to another client: ${foreign.join(', ')}`, 'plots_foreign', { names: foreign });
}

export async function listProjects(q: Queryable): Promise<ProjectRow[]> {
  const { rows } = await q.query<ProjectRow>(`${PROJECT_SQL} ORDER BY p.observation_date DESC NULLS LAST, p.project_id`);
  return rows;
}

/** Totals over all projects: plots, irrigation areas and trees count once even when several projects cover them. */
export async function projectTotals(q: Queryable): Promise<StatisticsRow> {
  const { rows } = await q.query<StatisticsRow>(
    `WITH covered AS (SELECT DISTINCT plot_id FROM project_plots)
       SELECT (SELECT count(*) FROM projects) AS total_projects,
              (SELECT count(*) FROM covered) AS total_plots_in_projects,
              (SELECT count(*) FROM irrigation_areas ia JOIN covered USING (plot_id)) AS total_irrigation_areas,
              (SELECT count(*) FROM trees t JOIN covered USING (plot_id)) AS total_trees`,
  );
  return rows[0];
}

export async function listAllPlots(q: Queryable): Promise<PlotRow[]> {
  const { rows } = await q.query<PlotRow>(`${PLOT_SQL} ORDER BY c.name, pl.plot_name`);
  return rows;
}

/** One client's plots; 404 when the client does not exist. */
export async function listClientPlots(q: Queryable, clientId: number): Promise<PlotRow[]> {
  if ((await clientName(q, clientId)) === null) throw notFound('client');
  const { rows } = await q.query<PlotRow>(`${PLOT_SQL} WHERE pl.client_id = $1 ORDER BY pl.plot_name`, [clientId]);
  return rows;
}

export interface NewProject {
  name: string;
  observation_date: string;
  products: string[];
  user_ids: number[];
  plot_ids: number[];
}

/** The project row; returns its id. */
export async function insertProject(tx: Queryable, clientId: number, b: NewProject): Promise<number> {
  const { rows } = await tx.query<{ project_id: number }>(
    `INSERT INTO projects (client_id, name, observation_date, products) VALUES ($1, $2, $3, $4) RETURNING project_id`,
    [clientId, b.name, b.observation_date, b.products],
  );
  return rows[0].project_id;
}

export async function insertProjectUsers(tx: Queryable, projectId: number, userIds: number[]): Promise<void> {
  await tx.query(`INSERT INTO project_users (project_id, user_id) SELECT $1, unnest($2::int[])`, [projectId, userIds]);
}

export async function insertProjectPlots(tx: Queryable, clientId: number, projectId: number, plotIds: number[]): Promise<void> {
  await tx.query(`INSERT INTO project_plots (client_id, project_id, plot_id) SELECT $1, $2, unnest($3::int[])`, [clientId, projectId, plotIds]);
}

export async function updateProject(tx: Queryable, id: number, name: string, observationDate: string): Promise<void> {
  await tx.query(`UPDATE projects SET name = $2, observation_date = $3, version = version + 1, updated_at = now() WHERE project_id = $1`, [
    id,
    name,
    observationDate,
  ]);
}

/** The project covers exactly these plots afterwards. */
export async function setProjectPlots(tx: Queryable, clientId: number, projectId: number, plotIds: number[]): Promise<void> {
  await tx.query(`DELETE FROM project_plots WHERE project_id = $1 AND NOT (plot_id = ANY($2::int[]))`, [projectId, plotIds]);
  await tx.query(`INSERT INTO project_plots (client_id, project_id, plot_id) SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`, [
    clientId,
    projectId,
    plotIds,
  ]);
}

export async function observationCount(tx: Queryable, projectId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM tree_observations WHERE project_id = $1`, [projectId]);
  return rows[0].n;
}

/** Links and observations cascade. */
export async function deleteProject(tx: Queryable, id: number): Promise<void> {
  await tx.query(`DELETE FROM projects WHERE project_id = $1`, [id]);
}
