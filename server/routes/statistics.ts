import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { getMapData } from './map-data-cache';
import { findProject, projectParams } from './project-access';
import { statisticsResponse } from './statistics-build';

/**
 * GET /api/tree-status-statistics/{projectId} (client.md §3): computed on the
 * server with the geo core's statistics over the cached, deduplicated columns
 * (each tree once: its first observation).
 */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/tree-status-statistics/:projectId', { schema: { params: projectParams, tags: ['map'] } }, async (request) => {
    const project = await findProject(db, currentUser(request), request.params.projectId);
    const t0 = performance.now();
    const data = await getMapData(db, project.project_id);
    // Same data version → same answer: computed once per cached payload.
    let stats = data.memo.get('statistics');
    if (!stats) data.memo.set('statistics', (stats = statisticsResponse(data, performance.now() - t0)));
    return stats;
  });
};
