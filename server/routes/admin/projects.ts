import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { currentUser } from '../../plugins/auth';
import { IdParams, doc, ok } from './shared';
import { audit } from '../../db/audit';
import { inTx } from '../../db/tx';
import { lockRow } from '../../db/rows';

import {
  adminPlotsResponse,
  createProjectBody,
  updateProjectBody,
  adminProjectResponse,
  adminProjectsResponse,
  projectDeletedResponse,
  projectStatisticsResponse,
} from '../../../src/domain/contracts/admin-projects';
import {
  checkPlots,
  clientOfUsers,
  deleteProject,
  insertProject,
  insertProjectPlots,
  insertProjectUsers,
  listAllPlots,
  listClientPlots,
  listProjects,
  loadProject,
  observationCount,
  projectTotals,
  setProjectPlots,
  updateProject,
} from '../../repos/admin-projects';
import { checkMembers, recordChanges, recordRemovalOf, setProjectMembers } from '../../repos/memberships';

/** Projects (admin.md §7): list, statistics, plots, create, update, delete. */
export const adminProjectRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/projects',
    { schema: { ...doc('projects', 'List projects with counts, plots, user_ids and products'), response: { 200: adminProjectsResponse } } },
    async () => {
      return { ...ok('Projects loaded'), projects: await listProjects(db) };
    },
  );

  app.get('/projects/statistics', { schema: { ...doc('projects', 'Totals over all projects'), response: { 200: projectStatisticsResponse } } }, async () => {
    return { ...ok('Statistics loaded'), statistics: await projectTotals(db) };
  });

  app.get('/projects/plots', { schema: { ...doc('projects', 'All plots of all clients'), response: { 200: adminPlotsResponse } } }, async () => {
    return { ...ok('Plots loaded'), plots: await listAllPlots(db) };
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
      return { ...ok('Plots loaded'), plots: await listClientPlots(db, request.query.clientId) };
    },
  );

  app.get('/projects/:id', { schema: { ...doc('projects', 'One project'), params: IdParams, response: { 200: adminProjectResponse } } }, async (request) => {
    return { ...ok('Project loaded'), project: await loadProject(db, request.params.id) };
  });

  app.post(
    '/projects',
    { schema: { ...doc('projects', 'Create a project for the users of one client'), body: createProjectBody, response: { 201: adminProjectResponse } } },
    async (request, reply) => {
      const actor = currentUser(request);
      const b = request.body;
      const project = await inTx(db, async (tx) => {
        const clientId = await clientOfUsers(tx, b.user_ids);
        await checkPlots(tx, b.plot_ids, clientId);
        const id = await insertProject(tx, clientId, b);
        await insertProjectUsers(tx, id, b.user_ids);
        await recordChanges(
          tx,
          actor,
          b.user_ids.map((user_id) => ({ project_id: id, user_id })),
          [],
          'project_created',
        );
        await insertProjectPlots(tx, clientId, id, b.plot_ids);
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
        body: updateProjectBody,
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
        await updateProject(tx, id, b.name, b.observation_date);
        await setProjectPlots(tx, before.client_id, id, b.plot_ids);
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
        const n = await observationCount(tx, id);
        // Links and observations cascade; the confirmation says it cannot be undone.
        await recordRemovalOf(tx, actor, 'project_id', id, 'project_deleted');
        await deleteProject(tx, id);
        await audit(tx, actor, 'delete', 'project', id, `Deleted project "${p.name}" with ${n} tree observations`, p.name);
        return n;
      });
      return { ...ok(`Project deleted successfully (${observations} tree observations removed)`), deleted_observations: observations };
    },
  );
};
