import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { getMapData } from './map-data-cache';
import { findProject, projectParams } from './project-access';

/**
 * GET /api/tree-status-statistics/{projectId} (client.md §3): computed on the
 * server with the geo core's statistics over the cached, deduplicated columns
 * (each tree once: its first observation).
 */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/tree-status-statistics/:projectId', { schema: { params: projectParams, tags: ['map'] } }, async (request) => {
    const project = await findProject(db, currentUser(request), request.params.projectId);
    // Built with the survey's Arrow form, from the same columns, once per version.
    return (await getMapData(db, project.project_id)).statistics;
  });
};
