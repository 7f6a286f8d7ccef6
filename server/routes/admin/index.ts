import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/adapter';
import { activityRoutes } from './activity';
import { clientRoutes } from './clients';
import { userRoutes } from './users';
import { adminProjectRoutes } from './projects';
import { referenceRoutes } from './reference';
import { reportRoutes } from './reports';

/**
 * The admin API (admin.md §7) under /api/admin. The auth plugin requires role
 * admin for every path here (403 otherwise). The data editor (./data) registers itself.
 */
export const adminRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const opts = { db, prefix: '/api/admin' };
  await app.register(clientRoutes, opts);
  await app.register(userRoutes, opts);
  await app.register(adminProjectRoutes, opts);
  await app.register(referenceRoutes, opts);
  await app.register(activityRoutes, opts);
  await app.register(reportRoutes, opts);
};
