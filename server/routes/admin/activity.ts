import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { doc, ok } from './shared';
import { activityResponse } from '../../../src/domain/contracts/activity';
import { recentActivity } from '../../repos/activity';

/** Recent admin changes for the dashboard's Recent Activity list. */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/activity',
    {
      schema: {
        ...doc('dashboard', 'Recent audit-log entries (newest first)'),
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
        response: { 200: activityResponse },
      },
    },
    async (request) => {
      return { ...ok('Recent activity'), activity: await recentActivity(db, request.query.limit) };
    },
  );
};
