import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/adapter';
import { doc, ok } from './shared';
import { activityResponse, type activityEntry } from '../../../src/domain/contracts/activity';

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
      const { rows } = await db.query<z.infer<typeof activityEntry>>(
        `SELECT audit_id, user_id, user_email, action, entity, entity_id, summary, subject, created_at
           FROM audit_log ORDER BY created_at DESC, audit_id DESC LIMIT $1`,
        [request.query.limit],
      );
      return { ...ok('Recent activity'), activity: rows };
    },
  );
};
