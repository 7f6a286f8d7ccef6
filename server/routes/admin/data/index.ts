import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/adapter';
import { dataReadRoutes } from './read';
import { plotRoutes } from './plots';
import { irrigationRoutes } from './irrigation';
import { treeRoutes } from './trees';
import { surveyImportRoutes } from './import';
import { boundaryRoutes } from './boundaries';

/**
 * The geospatial data editor's API (admin.md §7, issue 7) under /api/admin:
 * /data/clients/:id, /data/plots, /data/irrigation-areas, /data/trees, and the
 * survey-results import /projects/:projectId/import. Admin-only (auth plugin).
 */
export const adminDataRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const opts = { db, prefix: '/api/admin' };
  await app.register(dataReadRoutes, opts);
  await app.register(plotRoutes, opts);
  await app.register(irrigationRoutes, opts);
  await app.register(treeRoutes, opts);
  await app.register(surveyImportRoutes, opts);
  await app.register(boundaryRoutes, opts);
};
