import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsResponse } from '../../src/domain/contracts/statistics';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { getMapData } from '../surveys/map-data-cache';
import { findProject, projectParams } from '../repos/project-access';

/**
 * GET /api/tree-status-statistics/{projectId} (client.md §3): computed on the
 * server with the geo core's statistics over the cached, deduplicated columns
 * (each tree once: its first observation).
 */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = { params: projectParams, tags: ['map'], response: { 200: statisticsResponse } };
  app.get('/api/tree-status-statistics/:projectId', { schema }, async (request, reply) => {
    const project = await findProject(db, currentUser(request), request.params.projectId);
    // Built with the survey's Arrow form, from the same columns, once per version; encoded once with it.
    const { statisticsJson } = await getMapData(db, project.project_id);
    // A JSON string is sent as it is (Fastify serializes objects only): typed as text, not the object answer.
    return reply.type('application/json; charset=utf-8').send(statisticsJson as never);
  });
};
