import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/adapter';
import { currentUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { jobsFor } from '../../../jobs/runner';
import { projectParams } from '../../../repos/project-access';
import { doc } from '../shared';
import type { Progress } from '../../../imports/import-run';
import { prepareSnapshot } from '../../../surveys/prepare';
import { importResponse } from '../../../../src/domain/contracts/survey-import';

// POST /api/admin/projects/:projectId/import — survey results per tree, as
// CSV (text/csv) or GeoJSON (application/geo+json or application/json).
// All or nothing: any bad row → 422 listing every bad row with its line, and
// nothing is written; otherwise one transaction writes everything.
// With `Accept: application/x-ndjson` the reply streams progress lines
// ({phase, done, total}) and ends with {phase:'done', status, body}. After the
// write, the survey's map data is made ('snapshot'): its first open finds it.

const Query = z.strictObject({
  create_unmatched: z.enum(['true', 'false', '1', '0']).optional().describe('Create new trees for rows that match no tree'),
});
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

export const surveyImportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Parse, match and write in the job thread: the API keeps answering meanwhile.
  const jobs = jobsFor(db);
  // Parsers for this plugin only: every format arrives as text and is parsed in
  // the job thread (a parsed object would be cloned across on this thread).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/geo+json', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));

  app.post(
    '/projects/:projectId/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      config: { compress: false } as never,
      schema: {
        ...doc('data editor', 'Import survey results per tree (CSV or GeoJSON); all or nothing'),
        params: projectParams,
        querystring: Query,
        response: { 200: importResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const create = request.query.create_unmatched === 'true' || request.query.create_unmatched === '1';
      const { projectId } = request.params;
      const run = (p: Progress) => jobs.run('import', { user, projectId, body: request.body, createUnmatched: create }, p as never);
      // Then the survey's map data, so the first grower to open it does not wait for the build (issue 34).
      const prepare = () => prepareSnapshot(db, projectId, (m) => request.log.warn(m));
      if (!/application\/x-ndjson/.test(request.headers.accept ?? '')) {
        const body = await run(() => undefined);
        await prepare();
        return body;
      }

      const stream = new PassThrough();
      const line = (o: unknown) => stream.write(`${JSON.stringify(o)}\n`);
      let last = 0;
      reply.header('content-type', 'application/x-ndjson').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
      void reply.send(stream as never); // a stream goes out as it is; its lines are importLine
      try {
        const body = await run((phase, done, total) => {
          const now = performance.now();
          if (done === 0 || done === total || now - last > 100) {
            line({ phase, done, total });
            last = now;
          }
        });
        line({ phase: 'snapshot', done: 0, total: 1 });
        await prepare();
        line({ phase: 'snapshot', done: 1, total: 1 });
        line({ phase: 'done', status: 200, body });
      } catch (e) {
        const err = e instanceof HttpError ? e : null;
        if (!err) request.log.error({ err: e }, 'import failed');
        line({
          phase: 'done',
          status: err?.statusCode ?? 500,
          body: {
            success: false,
            message: err?.message ?? 'The import failed; nothing was imported.',
            code: err?.code ?? 'server_error',
            ...(err?.params ? { params: err.params } : {}),
            errors: err?.errors,
          },
        });
      }
      stream.end();
      return reply;
    },
  );
};
