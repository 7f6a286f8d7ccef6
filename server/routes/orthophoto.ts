// The survey's aerial photo (issue 37, README "Aerial photo"):
//   PUT    /api/admin/projects/{id}/orthophoto          the GeoTIFF as the body → 202 {status, version}
//                                                       (Accept: application/x-ndjson: progress lines)
//   GET    /api/projects/{id}/orthophoto                its status, bounds and zooms; 404 without one
//   GET    /api/projects/{id}/orthophoto/{z}/{x}/{y}.webp?v=<version>   a tile, 204 outside the image
//   DELETE /api/admin/projects/{id}/orthophoto
// Every call has the map's access rule (404 for a survey the caller may not open). Tiles are
// authenticated by the bearer token like every call (the map adds it in transformRequest) and are
// immutable per version: the URL names the version, so a replaced photo never mixes into a cache.
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { PassThrough, type Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser } from '../plugins/auth';
import { notFound } from '../http-error';
import { findProject, projectName, projectParams } from '../repos/project-access';
import { orthoRows, readyVersion, type OrthoRow } from '../repos/orthophotos';
import { okMessage, fileResponse } from '../../src/domain/contracts/common';
import { ORTHO_VERSION, orthophotoAccepted, orthophotoLine, orthophotoStatus } from '../../src/domain/contracts/orthophoto';
import { orthoError } from '../orthophoto/inspect';
import { checkBeforeUpload, receive } from '../orthophoto/upload';
import { orthoOptionsOf, sourceFile, tileFile, versionDir } from '../orthophoto/store';
import { acceptUpload, deleteOrthophoto, finished, inspectUpload, listen, liveProgress, newVersion } from '../orthophoto/service';
import { validTile } from '../../src/domain/tile-math';

const TileParams = projectParams.extend({
  z: z.string().regex(/^\d{1,10}$/, 'z must be a zoom level'),
  x: z.string().regex(/^\d{1,10}$/, 'x must be a tile column'),
  y: z.string().regex(/^\d{1,10}$/, 'y must be a tile row'),
});
const TileQuery = z.strictObject({ v: z.string().regex(ORTHO_VERSION, 'v must be the photo version (16 hex characters)').optional() });
const IMMUTABLE = 'private, max-age=31536000, immutable';

type Status = z.input<typeof orthophotoStatus>;

function statusOf(db: Db, projectId: number, rows: { ready?: OrthoRow; pending?: OrthoRow }): Status {
  const live = (r: OrthoRow) => (r.status === 'processing' ? (liveProgress(db, projectId, r.version) ?? Number(r.progress)) : Number(r.progress));
  const p = rows.pending;
  const pending = p
    ? { status: p.status, version: p.version, progress: live(p), ...(p.message ? { message: p.message } : {}), ...(p.code ? { code: p.code } : {}) }
    : undefined;
  const r = rows.ready;
  if (r)
    return {
      status: 'ready',
      version: r.version,
      bounds: [Number(r.west), Number(r.south), Number(r.east), Number(r.north)],
      minzoom: r.minzoom,
      maxzoom: r.maxzoom,
      resolution_cm: r.resolution_cm === null ? null : Number(r.resolution_cm),
      bytes: Number(r.bytes ?? 0),
      tiles: `/api/projects/${projectId}/orthophoto/{z}/{x}/{y}.webp?v=${r.version}`,
      progress: 1,
      ...(pending ? { pending } : {}),
    };
  return {
    status: p!.status,
    version: p!.version,
    bounds: null,
    minzoom: null,
    maxzoom: null,
    resolution_cm: null,
    bytes: Number(p!.source_bytes),
    tiles: null,
    progress: pending!.progress,
    ...(p!.message ? { message: p!.message } : {}),
    ...(p!.code ? { code: p!.code } : {}),
  };
}

export const orthophotoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** Recently served tiles (a tile of a version never changes; an empty one is kept as an empty buffer): 64 MB, per app. */
  const tileCache = new LRUCache<string, Buffer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.length + 64 });
  app.addHook('onClose', async () => tileCache.clear());
  // The upload is the raw body, whatever its content type: it is streamed to disk, never parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const project = async (projectId: number) => {
    const name = await projectName(db, projectId);
    if (name === null) throw notFound('project');
    return { projectId, name };
  };

  app.get(
    '/api/projects/:projectId/orthophoto',
    {
      schema: {
        params: projectParams,
        tags: ['map'],
        summary: 'The survey’s aerial photo: status, bounds, zooms, tile URL',
        response: { 200: orthophotoStatus },
      },
    },
    async (request, reply) => {
      const p = await findProject(db, currentUser(request), request.params.projectId);
      const rows = await orthoRows(db, p.project_id);
      if (!rows.ready && !rows.pending) throw orthoError(404, 'not_found', 'This survey has no aerial photo');
      void reply.header('cache-control', 'no-store');
      return statusOf(db, p.project_id, rows);
    },
  );

  app.get(
    '/api/projects/:projectId/orthophoto/:z/:x/:y.webp',
    {
      config: { compress: false } as never,
      schema: {
        params: TileParams,
        querystring: TileQuery,
        tags: ['map'],
        summary: 'A 256 px WebP tile of the aerial photo (204 outside the image); immutable per version (?v=)',
        response: {
          200: fileResponse('The tile', ['image/webp']),
          204: z.null().describe('No photo here'),
          304: z.null().describe('Not modified (If-None-Match)'),
        },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const [zoom, x, y] = [Number(request.params.z), Number(request.params.x), Number(request.params.y)];
      await findProject(db, currentUser(request), projectId);
      if (!validTile(zoom, x, y)) throw orthoError(400, 'orthophoto_bad_tile', `${zoom}/${x}/${y} is not a tile of the world`);
      const ready = await readyVersion(db, projectId);
      const v = request.query.v;
      if (!ready || (v && v !== ready.version)) throw orthoError(404, 'not_found', 'This photo version is not served (replaced or deleted)');
      const etag = `"${ready.version}-${zoom}-${x}-${y}"`;
      void reply.header('cache-control', v ? IMMUTABLE : 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      if (zoom < ready.minzoom || zoom > ready.maxzoom) return reply.code(204).send(null);
      const file = tileFile(orthoOptionsOf(db), projectId, ready.version, zoom, x, y);
      let data = tileCache.get(file);
      if (!data) {
        data = await readFile(file).catch((e: NodeJS.ErrnoException) => {
          if (e.code === 'ENOENT') return Buffer.alloc(0);
          throw e;
        });
        tileCache.set(file, data);
      }
      if (!data.length) return reply.code(204).send(null);
      return reply.header('content-type', 'image/webp').send(data);
    },
  );

  app.put(
    '/api/admin/projects/:projectId/orthophoto',
    {
      bodyLimit: orthoOptionsOf(db).maxBytes,
      config: { compress: false } as never,
      schema: {
        params: projectParams,
        tags: ['admin: projects'],
        summary: 'Upload the survey’s orthomosaic (GeoTIFF as the body); processed in the background',
        security: [{ bearer: [] }],
        response: {
          202: orthophotoAccepted,
          200: fileResponse('With Accept: application/x-ndjson: progress lines, then the outcome', ['application/x-ndjson'], orthophotoLine),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const p = await project(request.params.projectId);
      const o = orthoOptionsOf(db);
      void reply.header('connection', 'close'); // a refused upload is not read to its end
      const length = request.headers['content-length'] ? Number(request.headers['content-length']) : null;
      await checkBeforeUpload(o, length !== null && Number.isFinite(length) ? length : null);
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function')
        throw orthoError(400, 'orthophoto_empty_upload', 'The upload is empty: send the GeoTIFF as the request body');
      const version = newVersion();
      await receive(body, sourceFile(o, p.projectId, version), o, versionDir(o, p.projectId, version));
      const info = await inspectUpload(db, p.projectId, version);
      await acceptUpload(db, user, p, version, info);
      void reply.header('connection', 'keep-alive');
      if (!/application\/x-ndjson/.test(request.headers.accept ?? '')) return reply.code(202).send({ status: 'processing' as const, version });

      const stream = new PassThrough();
      const line = (o: unknown) => stream.write(`${JSON.stringify(o)}\n`);
      reply.header('content-type', 'application/x-ndjson').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
      void reply.send(stream as never);
      let last = 0;
      const stop = listen(db, p.projectId, version, (done, total) => {
        const now = performance.now();
        if (done === 0 || done === total || now - last > 200) {
          last = now;
          line({ phase: 'tiling', done, total });
        }
      });
      await finished(db, p.projectId, version).catch(() => undefined);
      stop?.();
      const rows = await orthoRows(db, p.projectId);
      const mine = rows.ready?.version === version ? rows.ready : rows.pending?.version === version ? rows.pending : undefined;
      if (mine?.status === 'ready') line({ phase: 'done', status: 200, body: statusOf(db, p.projectId, { ready: mine }) });
      else {
        const status = mine?.code === 'orthophoto_disk_full' ? 507 : mine ? 422 : 409;
        line({
          phase: 'done',
          status,
          body: {
            success: false,
            message: mine?.message ?? 'The upload was replaced or deleted before it was ready',
            code: mine?.code ?? 'orthophoto_replaced',
          },
        });
      }
      stream.end();
      return reply;
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/orthophoto',
    {
      schema: {
        params: projectParams,
        tags: ['admin: projects'],
        summary: 'Delete the survey’s aerial photo (and an upload in progress)',
        security: [{ bearer: [] }],
        response: { 200: okMessage },
      },
    },
    async (request) => {
      const p = await project(request.params.projectId);
      await deleteOrthophoto(db, currentUser(request), p);
      return { success: true as const, message: 'Aerial photo deleted' };
    },
  );
};
