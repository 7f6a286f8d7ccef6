// A scouting record's photos (issue 36, README "Scouting"):
//   PUT /api/records/{recordId}/photos/{photoId}   the photo, whole or a Content-Range of it (resumable)
//   GET /api/records/{recordId}/photos/{photoId}?size=thumb|full
// The photo must be one the record declared (photo_ids); only the record's author (or an admin) uploads it;
// anyone who may open the survey sees it. Another client's record, or one of a survey the caller is not a
// member of, is a 404 like a missing one.
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/adapter';
import { currentUser, type AuthUser } from '../plugins/auth';
import { notFound } from '../http-error';
import { findProject } from '../repos/project-access';
import { recordOwner } from '../repos/scouting-records';
import { photoRow } from '../repos/scouting-reads';
import { scoutingError } from '../scouting/common';
import { assertPhotoSize, parseContentRange, receivePhoto, type PhotoRow } from '../scouting/photo-upload';
import { photoFile, photoOptionsOf, thumbFile } from '../scouting/photo-store';
import { fileResponse } from '../../src/domain/contracts/common';
import { photoAnswer, photoParams, photoProgress, photoQuery } from '../../src/domain/contracts/scouting';
import { PHOTO_MAX_BYTES } from '../../src/domain/scouting-rules';

const TAGS = ['scouting'];

/** The photo row of a record the caller may open, or 404. */
async function photoOf(db: Db, user: AuthUser, recordId: string, photoId: string): Promise<PhotoRow & { author_id: number | null }> {
  const owner = await recordOwner(db, recordId);
  if (!owner) throw notFound('record');
  await findProject(db, user, owner.project_id);
  const photo = await photoRow(db, photoId, recordId, owner.project_id);
  if (!photo) throw notFound('photo');
  return { ...photo, author_id: owner.author_id };
}

export const scoutingPhotoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // The photo is the raw body, whatever its content type (its kind is told by its bytes).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.put(
    '/api/records/:recordId/photos/:photoId',
    {
      bodyLimit: PHOTO_MAX_BYTES,
      // Refused before a byte is read: a photo (or a range of one) over the limit.
      preParsing: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > PHOTO_MAX_BYTES) assertPhotoSize(length);
        const total = /\/(\d{1,15})\s*$/.exec(String(request.headers['content-range'] ?? ''))?.[1];
        if (total) assertPhotoSize(Number(total));
      },
      schema: {
        params: photoParams,
        tags: TAGS,
        summary: 'Upload a record’s photo: the whole file, or resumably with Content-Range (bytes a-b/total; bytes */total asks how far it got)',
        response: {
          201: photoAnswer,
          200: photoAnswer,
          202: photoProgress,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await photoOf(db, user, request.params.recordId, request.params.photoId);
      if (user.role !== 'admin' && row.author_id !== user.user_id)
        throw scoutingError(403, 'record_not_yours', 'Only the author of a record (or an admin) uploads its photos');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const range = parseContentRange(request.headers['content-range'], body.length);
      assertPhotoSize(range.total);
      const out = await receivePhoto(db, row, range, body);
      return reply.code(out.status).send(out.body);
    },
  );

  app.get(
    '/api/records/:recordId/photos/:photoId',
    {
      config: { compress: false } as never,
      schema: {
        params: photoParams,
        querystring: photoQuery,
        tags: TAGS,
        summary: 'A record’s photo (size=full, as uploaded) or its thumbnail (size=thumb, JPEG ≤ 320 px)',
        response: { 200: fileResponse('The photo', ['image/jpeg', 'image/webp', 'image/png']) },
      },
    },
    async (request, reply) => {
      const row = await photoOf(db, currentUser(request), request.params.recordId, request.params.photoId);
      if (!row.stored_at) throw scoutingError(404, 'photo_not_uploaded', 'This photo has not arrived yet');
      const o = photoOptionsOf(db);
      const thumb = request.query.size === 'thumb';
      const file = thumb
        ? thumbFile(o, row.project_id, row.record_id, row.photo_id)
        : photoFile(o, row.project_id, row.record_id, row.photo_id, row.media_type!);
      const data = await readFile(file).catch(() => null);
      if (!data) throw scoutingError(404, 'photo_not_uploaded', 'This photo’s file is missing on the server (restore PHOTO_DIR from its backup)');
      // A photo never changes under its id.
      void reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', `"${row.sha256}${thumb ? '-t' : ''}"`);
      return reply.type(thumb ? 'image/jpeg' : row.media_type!).send(data);
    },
  );
};
