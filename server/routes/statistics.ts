import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsResponse } from '../../src/domain/contracts/statistics';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { getMapData } from '../surveys/map-data-cache';
import { findProject, projectParams } from '../repos/project-access';

/**
 * The answer of a snapshot's statistics, encoded through the contract once per snapshot (it strips what the
 * contract does not name, as the route serializer would) and sent as text from then on: the zod encode of the
 * 27 KB answer cost ~0.5 ms on every request (about a third of the route's time at scale 1).
 */
const encoded = new WeakMap<object, string>();
function statisticsJson(statistics: unknown): string {
  const key = statistics as object;
  let json = encoded.get(key);
  if (json === undefined) {
    json = JSON.stringify(statisticsResponse.encode(statistics as Parameters<typeof statisticsResponse.encode>[0]));
    encoded.set(key, json);
  }
  return json;
}

/**
 * GET /api/tree-status-statistics/{projectId} (client.md §3): computed on the
 * server with the geo core's statistics over the cached, deduplicated columns
 * (each tree once: its first observation).
 */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = { params: projectParams, tags: ['map'], response: { 200: statisticsResponse } };
  app.get('/api/tree-status-statistics/:projectId', { schema }, async (request, reply) => {
    const project = await findProject(db, currentUser(request), request.params.projectId);
    // Built with the survey's Arrow form, from the same columns, once per version; kept as JSON beside its files.
    const json = statisticsJson((await getMapData(db, project.project_id)).statistics);
    // A JSON string is sent as it is (Fastify serializes objects only): typed as text, not the object answer.
    return reply.type('application/json; charset=utf-8').send(json as never);
  });
};
