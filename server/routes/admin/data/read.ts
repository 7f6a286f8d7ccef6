import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/adapter';
import { notFound } from '../../../http-error';
import { ClientParams, doc, ok } from '../shared';
import { areaFeature, plotFeature } from '../../../repos/editor-features';
import { changedSince, clientAreaRows, clientPlotRows, clientProjectList, editorOptions, editorVersion } from '../../../repos/editor-read';
import { Readable } from 'node:stream';
import { acceptsGzip, deflatePartSync, gzipOf, textStream, type DeflatedPart } from '../../../gzip-parts';
import { changedTreeMembers } from '../../../repos/editor-trees';
import { jobsFor } from '../../../jobs/runner';
import { clientDataResponse, editorOptionsResponse, notModified } from '../../../../src/domain/contracts/data-editor';

type ClientDataResponse = z.output<typeof clientDataResponse>;

const ClientQuery = z.strictObject({
  since: z.coerce
    .number()
    .int()
    .nonnegative()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe('trees_version the editor holds: only trees changed after it are sent (format "delta")'),
});

/**
 * The tree columns of a client, kept per (trees version, breed names): they
 * change only with the client's trees, so after a survey import, a plot edit
 * or a new project the editor reopens without reading every tree again (a
 * 1M-tree client's trees are ~76 MB of JSON and ~3.5 s of database time).
 * Read and deflated in the job thread (repos/editor-trees.ts), kept deflated
 * (gzip-parts.ts): ~1 s of compression per answer is paid once, and the API
 * thread never holds the text. Per app (built by the plugin, emptied on close), the newest version of each
 * client only, in lru-cache (least recently used out beyond 64 MB; one read when several editors open at once).
 */
const TREES_CACHE_BYTES = 64 * 1024 * 1024;
type TreesCache = LRUCache<string, DeflatedPart, number>;

function treesCache(db: Db): TreesCache {
  return new LRUCache<string, DeflatedPart, number>({
    maxSize: TREES_CACHE_BYTES,
    sizeCalculation: (p) => Math.max(1, p.data.length),
    fetchMethod: async (_key, _stale, { context }) => jobsFor(db).run('editorTrees', { clientId: context }),
  });
}

/** The client's tree columns for this tree version and these breed names: read and deflated once, then kept. */
async function clientTrees(cache: TreesCache, clientId: number, version: string): Promise<DeflatedPart> {
  const key = `${clientId}:${version}`;
  const trees = await cache.fetch(key, { context: clientId });
  if (trees === undefined) throw new Error(`The trees of client ${clientId} could not be read`);
  for (const k of cache.keys()) if (k !== key && k.startsWith(`${clientId}:`)) cache.delete(k); // an older version
  return trees;
}

/**
 * GET /api/admin/data/clients/:clientId — the editor's data (admin.md §3, §7):
 * plots and irrigation areas as GeoJSON feature collections, trees as columns
 * (or with ?since= only the trees changed since), the client's projects. The
 * answer's shape is clientDataResponse (src/domain/contracts/data-editor.ts);
 * the body is built as JSON text here, so the schema documents it (Fastify
 * sends text as it is) and the type of `head` holds it to the contract.
 * One tree as a GeoJSON feature is what the write routes answer and is rebuilt
 * in the browser (src/api/admin-data-trees.ts).
 */
export const dataReadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const keptTrees = treesCache(db);
  app.addHook('onClose', async () => keptTrees.clear());
  app.get(
    '/data/clients/:clientId',
    {
      schema: {
        ...doc('data editor', 'Plots, irrigation areas (GeoJSON, EPSG:4326) and trees (columns) of a client'),
        params: ClientParams,
        querystring: ClientQuery,
        response: { 200: clientDataResponse, 304: notModified },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const t0 = performance.now();
      const client = await editorVersion(db, clientId);
      if (!client) throw notFound('client');
      const treesVersion = client.trees_version;
      const since = request.query.since;
      const changed = since === undefined ? null : await changedSince(db, clientId, since, treesVersion);
      // Read before the data: a write in between only makes the next reload miss.
      const etag = `"cd-${clientId}-${client.tag}${changed ? `-since-${since}` : ''}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(undefined as never); // no body at all (not a JSON null)
      const [plots, areas, trees, projects] = await Promise.all([
        clientPlotRows(db, clientId),
        clientAreaRows(db, clientId),
        changed ? changedTreeMembers(db, clientId, changed) : clientTrees(keptTrees, clientId, `${treesVersion}:${client.breeds}`),
        // The client's projects: the survey-results import targets one of them.
        clientProjectList(db, clientId),
      ]);
      const fc = <T>(features: T[]) => ({ type: 'FeatureCollection' as const, features });
      const head: Omit<ClientDataResponse, 'trees_version' | 'trees'> = {
        ...ok('Client data loaded'),
        client_id: clientId,
        client_name: client.name,
        crs: 'EPSG:4326',
        projects,
        plots: fc(plots.map(plotFeature)),
        irrigationAreas: fc(areas.map(areaFeature)),
      };
      // The trees' JSON from the database goes in as is: the members of its object follow the format.
      // A delta lists the changed trees still there; the others of `changed` were deleted.
      const format = changed ? `"format":"delta","since":${since},"changed_ids":${JSON.stringify(changed)},` : '"format":"columns",';
      const lead = `${JSON.stringify(head).slice(0, -1)},"trees_version":${treesVersion},"trees":{${format}`;
      reply.header('server-timing', `db;dur=${Math.round(performance.now() - t0)}`).type('application/json; charset=utf-8');
      // JSON text or bytes: sent as they are, not through the serializer. The last "}" closes the answer.
      if (typeof trees === 'string') return reply.send(`${lead}${trees}}` as never);
      // The kept trees are streamed as they are (gzip) or inflated as they go: never copied nor made whole.
      if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(textStream([lead, trees, '}']) as never);
      const gz = gzipOf([deflatePartSync(lead), trees, deflatePartSync('}')]);
      return reply
        .header('content-encoding', 'gzip')
        .header(
          'content-length',
          gz.reduce((n, b) => n + b.length, 0),
        )
        .send(Readable.from(gz, { objectMode: false }) as never);
    },
  );

  // The forms' option lists come from the configuration lists (admin.md §3:
  // the fixed ids 1–3 are what the seed puts there); one call for both.
  app.get(
    '/data/options',
    { schema: { ...doc('data editor', 'Crop and breed options for the editor forms'), response: { 200: editorOptionsResponse } } },
    async () => {
      return { ...ok('Options loaded'), ...(await editorOptions(db)) };
    },
  );
};
