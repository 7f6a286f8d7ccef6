import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { notFound } from '../../http-error';
import { IdParams, Version, audit, doc, inTx, lockRow, ok, ymd } from './shared';
import { text } from '../../../src/domain/contracts/common';
import { PROJECT_NAME } from '../../../src/domain/field-rules';
import {
  adminPlotsResponse,
  adminProjectResponse,
  adminProjectsResponse,
  projectDeletedResponse,
  projectStatisticsResponse,
} from '../../../src/domain/contracts/admin-projects';
import {
  PLOT_SQL,
  PRODUCTS,
  PROJECT_SQL,
  checkPlots,
  clientOfUsers,
  loadProject,
  type PlotRow,
  type ProjectRow,
  type StatisticsRow,
} from '../../repos/admin-projects';
import { checkMembers, recordChanges, recordRemovalOf, setProjectMembers } from '../../repos/memberships';

const ids = (label: string) =>
  z
    .array(z.number().int().positive(), { error: `${label} must be a list of ids` })
    .max(1000)
    .transform((a) => [...new Set(a)]);
const CreateProject = z.strictObject({
  name: text('Project name', PROJECT_NAME),
  observation_date: ymd('Observation date'),
  user_ids: ids('Users').refine((a) => a.length > 0, { message: 'Users is required', params: { code: 'users_required' } }),
  products: z
    .array(z.enum(PRODUCTS, { error: `Products must be among: ${PRODUCTS.join(', ')}` }), { error: 'Analysis products is required' })
    .min(1, 'Analysis products is required')
    .transform((a) => [...new Set(a)]),
  plot_ids: ids('Plots').default([]),
});
const UpdateProject = z.strictObject({
  name: text('Project name', PROJECT_NAME),
  observation_date: ymd('Observation date'),
  plot_ids: ids('Plots').default([]),
  /** Issue 33: when present, the project's members become exactly these growers and field workers of its client. */
  user_ids: ids('Users').optional(),
  version: Version,
});

/** Projects (admin.md §7): list, statistics, plots, create, update, delete. */
export const adminProjectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/projects',
    { schema: { ...doc('projects', 'List projects with counts, plots, user_ids and products'), response: { 200: adminProjectsResponse } } },
    async () => {
      const { rows } = await db.query<ProjectRow>(`${PROJECT_SQL} ORDER BY p.observation_date DESC NULLS LAST, p.project_id`);
      return { ...ok('Projects loaded'), projects: rows };
    },
  );

  app.get('/projects/statistics', { schema: { ...doc('projects', 'Totals over all projects'), response: { 200: projectStatisticsResponse } } }, async () => {
    // Plots, irrigation areas and trees are counted once even when several projects cover them.
    const { rows } = await db.query<StatisticsRow>(
      `WITH covered AS (SELECT DISTINCT plot_id FROM project_plots)
       SELECT (SELECT count(*) FROM projects) AS total_projects,
              (SELECT count(*) FROM covered) AS total_plots_in_projects,
              (SELECT count(*) FROM irrigation_areas ia JOIN covered USING (plot_id)) AS total_irrigation_areas,
              (SELECT count(*) FROM trees t JOIN covered USING (plot_id)) AS total_trees`,
    );
    return { ...ok('Statistics loaded'), statistics: rows[0] };
  });

  app.get('/projects/plots', { schema: { ...doc('projects', 'All plots of all clients'), response: { 200: adminPlotsResponse } } }, async () => {
    const { rows } = await db.query<PlotRow>(`${PLOT_SQL} ORDER BY c.name, pl.plot_name`);
    return { ...ok('Plots loaded'), plots: rows };
  });

  app.get(
    '/projects/plots/by-client',
    {
      schema: {
        ...doc('projects', "One client's plots"),
        querystring: z.strictObject({ clientId: z.coerce.number({ error: 'clientId is required' }).int().positive() }),
        response: { 200: adminPlotsResponse },
      },
    },
    async (request) => {
      const { rows: c } = await db.query(`SELECT 1 FROM clients WHERE client_id = $1`, [request.query.clientId]);
      if (!c.length) throw notFound('client');
      const { rows } = await db.query<PlotRow>(`${PLOT_SQL} WHERE pl.client_id = $1 ORDER BY pl.plot_name`, [request.query.clientId]);
      return { ...ok('Plots loaded'), plots: rows };
    },
  );

  app.get('/projects/:id', { schema: { ...doc('projects', 'One project'), params: IdParams, response: { 200: adminProjectResponse } } }, async (request) => {
    return { ...ok('Project loaded'), project: await loadProject(db, request.params.id) };
  });

  app.post(
    '/projects',
    { schema: { ...doc('projects', 'Create a project for the users of one client'), body: CreateProject, response: { 201: adminProjectResponse } } },
    async (request, reply) => {
      const actor = currentUser(request);
      const b = request.body;
      const project = await inTx(db, async (tx) => {
        const clientId = await clientOfUsers(tx, b.user_ids);
        await checkPlots(tx, b.plot_ids, clientId);
        const { rows } = await tx.query<{ project_id: number }>(
          `INSERT INTO projects (client_id, name, observation_date, products) VALUES ($1, $2, $3, $4) RETURNING project_id`,
          [clientId, b.name, b.observation_date, b.products],
        );
        const id = rows[0].project_id;
        await tx.query(`INSERT INTO project_users (project_id, user_id) SELECT $1, unnest($2::int[])`, [id, b.user_ids]);
        await recordChanges(
          tx,
          actor,
          b.user_ids.map((user_id) => ({ project_id: id, user_id })),
          [],
          'project_created',
        );
        await tx.query(`INSERT INTO project_plots (client_id, project_id, plot_id) SELECT $1, $2, unnest($3::int[])`, [clientId, id, b.plot_ids]);
        await audit(tx, actor, 'create', 'project', id, `Created project "${b.name}" (${b.plot_ids.length} plots, ${b.user_ids.length} users)`, b.name);
        return loadProject(tx, id);
      });
      reply.status(201);
      return { ...ok('Project created successfully'), project };
    },
  );

  app.put(
    '/projects/:id',
    {
      schema: {
        ...doc('projects', 'Update name, observation date, plots and (when user_ids is given) the members'),
        params: IdParams,
        body: UpdateProject,
        response: { 200: adminProjectResponse },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const b = request.body;
      const project = await inTx(db, async (tx) => {
        const before = await lockRow<{ client_id: number; name: string }>(tx, 'projects', 'project_id', id, 'project', b.version);
        await checkPlots(tx, b.plot_ids, before.client_id);
        if (b.user_ids) await checkMembers(tx, b.user_ids, before.client_id);
        await tx.query(`UPDATE projects SET name = $2, observation_date = $3, version = version + 1, updated_at = now() WHERE project_id = $1`, [
          id,
          b.name,
          b.observation_date,
        ]);
        await tx.query(`DELETE FROM project_plots WHERE project_id = $1 AND NOT (plot_id = ANY($2::int[]))`, [id, b.plot_ids]);
        await tx.query(`INSERT INTO project_plots (client_id, project_id, plot_id) SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`, [
          before.client_id,
          id,
          b.plot_ids,
        ]);
        await audit(tx, actor, 'update', 'project', id, `Updated project "${b.name}"${before.name !== b.name ? ` (was "${before.name}")` : ''}`, b.name);
        if (b.user_ids) await setProjectMembers(tx, actor, id, b.user_ids);
        return loadProject(tx, id);
      });
      return { ...ok('Project updated successfully'), project };
    },
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        ...doc('projects', 'Delete a project with its plot/user links and survey observations'),
        params: IdParams,
        response: { 200: projectDeletedResponse },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params;
      const observations = await inTx(db, async (tx) => {
        const p = await lockRow<{ name: string }>(tx, 'projects', 'project_id', id, 'project');
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*) AS n FROM tree_observations WHERE project_id = $1`, [id]);
        // Links and observations cascade; the confirmation says it cannot be undone.
        await recordRemovalOf(tx, actor, 'project_id', id, 'project_deleted');
        await tx.query(`DELETE FROM projects WHERE project_id = $1`, [id]);
        await audit(tx, actor, 'delete', 'project', id, `Deleted project "${p.name}" with ${rows[0].n} tree observations`, p.name);
        return rows[0].n;
      });
      return { ...ok(`Project deleted successfully (${observations} tree observations removed)`), deleted_observations: observations };
    },
  );
};
