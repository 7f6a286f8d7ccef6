import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../src/domain/contracts/common';
import { healthResponse } from '../../src/domain/contracts/health';
import type { Db } from '../db/adapter';

/** An embedded database thread that started or finished a statement this recently counts as answering. */
const WORKING_MS = 2_000;

/** Liveness and a database ping; public so a load balancer can use it. */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; production: boolean }> = async (app, { db, production }) => {
  const schema = {
    summary: 'Liveness and a database ping (200 while the database answers, 503 when not)',
    // 503: the ping failed (the same shape), or the overload guard answered before the route ran (an error body).
    response: { 200: healthResponse, 503: z.union([healthResponse, errorBody]) },
  };
  app.get('/api/health', { config: { access: 'public' }, schema }, async (_request, reply) => {
    const t0 = performance.now();
    let database: 'connected' | 'unavailable' = 'connected';
    try {
      // Embedded: a database thread at work (an import's statements) is alive without a ping, which would wait
      // for the running statement; otherwise the thread answers the ping between statements, without queueing
      // behind an open transaction as a SELECT would.
      if (!db.workingWithin?.(WORKING_MS)) await db.ping();
    } catch {
      database = 'unavailable';
    }
    reply.status(database === 'connected' ? 200 : 503);
    return {
      success: database === 'connected',
      backend: 'online' as const,
      database,
      dataSource: db.kind,
      production,
      pingMs: Math.round((performance.now() - t0) * 10) / 10,
    };
  });
};
