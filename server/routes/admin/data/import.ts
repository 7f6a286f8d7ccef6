import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/adapter';
import { currentUser, type AuthUser } from '../../../plugins/auth';
import { HttpError } from '../../../http-error';
import { doc } from '../shared';
import { parseImport } from './import-parse';
import { matchRows } from './import-match';
import { writeImport } from './import-write';

// POST /api/admin/projects/:projectId/import — survey results per tree, as
// CSV (text/csv) or GeoJSON (application/geo+json or application/json).
// All or nothing: any bad row → 422 listing every bad row with its line, and
// nothing is written; otherwise one transaction writes everything.
// With `Accept: application/x-ndjson` the reply streams progress lines
// ({phase, done, total}) and ends with {phase:'done', status, body}.

const Params = z.strictObject({ projectId: z.coerce.number().int().positive().max(2_147_483_647) });
const Query = z.strictObject({
  create_unmatched: z.enum(['true', 'false', '1', '0']).optional().describe('Create new trees for rows that match no tree'),
});
export const MAX_BAD_ROWS_LISTED = 500;
const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

export type Progress = (phase: 'parsing' | 'matching' | 'writing', done: number, total: number) => void;

async function runImport(db: Db, user: AuthUser, projectId: number, body: unknown, createUnmatched: boolean, progress: Progress) {
  const t0 = performance.now();
  const { rows: proj } = await db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM projects WHERE project_id = $1`, [projectId]);
  if (!proj[0]) throw new HttpError(404, 'Project not found');
  if (body === undefined || body === null || body === '') throw new HttpError(400, 'The import file is empty');
  progress('parsing', 0, 1);
  const parsed = parseImport(body);
  const tParsed = performance.now();
  progress('matching', 0, parsed.rows.length);
  // Three arrays in one row read much faster than 100k row objects.
  const { rows: agg } = await db.query<{ ids: number[] | null; lon: number[] | null; lat: number[] | null }>(
    `SELECT array_agg(tree_id) AS ids, array_agg(lon) AS lon, array_agg(lat) AS lat FROM trees WHERE client_id = $1`,
    [proj[0].client_id],
  );
  const match = matchRows(parsed.rows, {
    ids: Int32Array.from(agg[0]?.ids ?? []),
    lon: Float64Array.from(agg[0]?.lon ?? []),
    lat: Float64Array.from(agg[0]?.lat ?? []),
  });
  const tMatched = performance.now();
  const bad = [...parsed.bad, ...match.bad].sort((a, b) => a.line - b.line);
  const summary = {
    format: parsed.format,
    rows: parsed.rows.length + parsed.bad.length,
    matched_by_id: match.byId,
    matched_nearest: match.nearest,
    unmatched: match.unmatched.length,
    ignored_columns: parsed.ignoredColumns,
  };
  if (bad.length) {
    throw new HttpError(422, `${bad.length} row(s) are invalid; nothing was imported`, bad.slice(0, MAX_BAD_ROWS_LISTED).map((b) => ({ field: `line ${b.line}`, message: b.message })));
  }
  progress('writing', 0, parsed.rows.length);
  const written = await writeImport(db, user, { projectId, clientId: proj[0].client_id, projectName: proj[0].name }, parsed.rows, match.treeOf, createUnmatched, (d) =>
    progress('writing', d, parsed.rows.length),
  );
  return {
    success: true,
    message: `Imported ${written.observations} survey results into "${proj[0].name}"`,
    ...summary,
    unmatched_lines: match.unmatched.slice(0, MAX_BAD_ROWS_LISTED).map((r) => r.line),
    ...written,
    ms: Math.round(performance.now() - t0),
    timings_ms: { parse: Math.round(tParsed - t0), match: Math.round(tMatched - tParsed), write: Math.round(performance.now() - tMatched) },
  };
}

export const surveyImportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Parsers for this plugin only: CSV arrives as text, GeoJSON as JSON.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/geo+json', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));

  app.post(
    '/projects/:projectId/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      config: { compress: false } as never,
      schema: { ...doc('data editor', 'Import survey results per tree (CSV or GeoJSON); all or nothing'), params: Params, querystring: Query },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const create = request.query.create_unmatched === 'true' || request.query.create_unmatched === '1';
      const run = (p: Progress) => runImport(db, user, request.params.projectId, request.body, create, p);
      if (!/application\/x-ndjson/.test(request.headers.accept ?? '')) return run(() => undefined);

      const stream = new PassThrough();
      const line = (o: unknown) => stream.write(`${JSON.stringify(o)}\n`);
      let last = 0;
      reply.header('content-type', 'application/x-ndjson').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
      void reply.send(stream);
      try {
        const body = await run((phase, done, total) => {
          const now = performance.now();
          if (done === 0 || done === total || now - last > 100) {
            line({ phase, done, total });
            last = now;
          }
        });
        line({ phase: 'done', status: 200, body });
      } catch (e) {
        const err = e instanceof HttpError ? e : null;
        if (!err) request.log.error({ err: e }, 'import failed');
        line({ phase: 'done', status: err?.statusCode ?? 500, body: { success: false, message: err?.message ?? 'The import failed; nothing was imported.', errors: err?.errors } });
      }
      stream.end();
      return reply;
    },
  );
};
