import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileBody } from '../../src/domain/contracts/common';
import { mapDataJson } from '../../src/domain/contracts/survey';
import { ARROW_MIME } from '../../workers/geo/arrow-schema';
import { COMPACT_MIME } from '../../workers/geo/wire-compact';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { jobStream } from '../jobs/stream';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { getMapData } from '../surveys/map-data-cache';
import { findProject, projectParams } from '../repos/project-access';
import { acceptsGzip } from '../gzip-parts';
import { accepts } from '../accept';

/** Client asked for Arrow: the Accept header names the Arrow stream type (q > 0). */
export function wantsArrow(accept: string | undefined): boolean {
  return accepts(accept, [ARROW_MIME]);
}

type Kind = 'compact' | 'arrow' | 'json';
/** The form to send: the compact one when named (only the app asks for it), else Arrow when named, else GeoJSON. */
export function mapDataKind(accept: string | undefined): Kind {
  return accepts(accept, [COMPACT_MIME]) ? 'compact' : wantsArrow(accept) ? 'arrow' : 'json';
}
const MIME: Record<Kind, string> = { compact: COMPACT_MIME, arrow: ARROW_MIME, json: 'application/json; charset=utf-8' };

/**
 * The map data of client.md §3 (GET trees/{id} and its fallback projects/{id}/data):
 * GeoJSON by default, Arrow IPC for Accept: application/vnd.apache.arrow.stream, the compact form
 * (README "Compact map data") for Accept: application/vnd.orchard.trees.v2+compact. The Arrow and compact
 * forms are the survey snapshot's files (built once per data version), sent pre-compressed (gzip) when
 * accepted; the GeoJSON form is streamed. Each form has its own ETag (a kept copy revalidates its own form).
 */
export const mapDataRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const handler = async (request: FastifyRequest<{ Params: { projectId: number } }>, reply: FastifyReply) => {
    const project = await findProject(db, currentUser(request), request.params.projectId);
    const data = await getMapData(db, project.project_id);
    const kind = mapDataKind(request.headers.accept);
    reply
      .header('content-type', MIME[kind])
      .header('vary', 'accept, accept-encoding')
      .header('cache-control', 'private, no-cache')
      .header('etag', `"md-${project.project_id}-${data.marker}-${kind}"`)
      .header('x-tree-count', String(data.treeCount))
      // How the snapshot was made (once per data version): visible in the browser's network panel.
      .header('server-timing', `db;dur=${data.timing.queryMs.toFixed(0)}, build;dur=${data.timing.buildMs.toFixed(0)}, snapshot;desc="${data.source}"`);
    if (request.headers['if-none-match'] === `"md-${project.project_id}-${data.marker}-${kind}"`) return reply.status(304).send();
    // The GeoJSON form streams from the job thread, reading the database as it goes (a write during
    // the stream may already show in it; the ETag names the version read before it started).
    if (kind === 'json') return reply.send(jobStream(db, 'mapJsonStream', { projectId: project.project_id }));
    const encoding = request.headers['accept-encoding'];
    // Brotli for the compact form once the snapshot job has written it (~5% smaller than gzip), else gzip.
    const br = kind === 'compact' && accepts(encoding, ['br']) && existsSync(data.compactBrFile);
    const gz = !br && acceptsGzip(encoding);
    const file = br ? data.compactBrFile : kind === 'compact' ? (gz ? data.compactGzFile : data.compactFile) : gz ? data.gzFile : data.arrowFile;
    if (br || gz) reply.header('content-encoding', br ? 'br' : 'gzip');
    // Read whole (from the page cache: ~25 MB gzip for 1M trees) and sent in one piece: measured faster than a stream.
    return reply.send(await readFile(file));
  };
  const schema = {
    params: projectParams,
    tags: ['map'],
    response: {
      200: {
        description:
          'The survey\'s trees, plots and irrigation areas: the compact form (README "Compact map data") for Accept: application/vnd.orchard.trees.v2+compact, Arrow IPC for Accept: application/vnd.apache.arrow.stream (both gzip when accepted), else a streamed GeoJSON document; 304 for a matching If-None-Match',
        content: { [COMPACT_MIME]: { schema: fileBody }, [ARROW_MIME]: { schema: fileBody }, 'application/json': { schema: mapDataJson } },
      },
    },
  };
  app.get('/api/trees/:projectId', { schema }, handler);
  app.get('/api/projects/:projectId/data', { schema }, handler);
};
