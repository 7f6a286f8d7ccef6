// The API document's error answers (issue 32, README "API reference"): every
// operation lists each error status it can answer, all with the one shared
// error schema (components.schemas.Error, the errorBody contract). The statuses
// follow from how a route is registered, plus the statuses of DECLARED below
// (422 of a data rule, 404 for an id in the query, the login's 401 and 429, a session's 401, the 403 of
// what a field worker may not do: src/domain/roles.ts);
// the security matrix and the bad-input corpus fail on a status not listed:
//   400 every route (a malformed URL, then the route's schemas);
//   401 every route but the public ones; 403 the admin routes (README: another client's id is a 404);
//   404 a route with an id in its path; 409 every admin write (inTx: a unique or foreign key conflict);
//   412 a route that takes If-Match; 413 and 415 a route that takes a body; 500 and 503 every route (a fault; overload, database down).
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../../src/domain/contracts/common';

export const ERROR_STATUSES = [400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** Error statuses a route answers beyond those its registration implies, by "METHOD url" as registered. */
const DECLARED: Record<string, readonly ErrorStatus[]> = {
  'POST /api/auth/login': [401, 429],
  'POST /api/auth/refresh': [401],
  'POST /api/auth/password': [422, 429],
  'GET /api/projects/:projectId/export': [403],
  'GET /api/projects/:projectId/zones': [403],
  'POST /api/projects/:projectId/prescriptions': [403],
  'GET /api/projects/:projectId/report.pdf': [403],
  'GET /api/farm/overview': [404],
  'GET /api/admin/projects/plots/by-client': [404],
  'GET /api/admin/reports/tree-status': [404],
  'POST /api/admin/users': [422],
  'PUT /api/admin/users/:id': [422],
  'POST /api/admin/projects': [422],
  'PUT /api/admin/projects/:id': [422],
  'POST /api/admin/crop-options': [422],
  'PUT /api/admin/crop-options/:id': [422],
  'POST /api/admin/breeds': [422],
  'PUT /api/admin/breeds/:id': [422],
  'POST /api/admin/data/plots': [422],
  'PATCH /api/admin/data/plots/:id': [422],
  'POST /api/admin/data/irrigation-areas': [422],
  'PATCH /api/admin/data/irrigation-areas/:id': [422],
  'POST /api/admin/data/trees': [422],
  'PATCH /api/admin/data/trees/:id': [422],
  'POST /api/admin/projects/:projectId/import': [422],
  'POST /api/admin/data/clients/:clientId/boundaries/preview': [422],
  'POST /api/admin/data/clients/:clientId/boundaries': [422],
  // Scouting (issue 36): another author's record or a worker's limits (403), an id used with another body or a
  // task that moved on (409), a stale If-Match (412), a rule of the survey's data (422).
  'GET /api/projects/:projectId/records/export': [403],
  'PUT /api/projects/:projectId/records/:recordId': [403, 409, 422],
  'PUT /api/records/:recordId/photos/:photoId': [403, 409, 422],
  'PUT /api/projects/:projectId/tasks/:taskId': [403, 409, 422],
  'PATCH /api/tasks/:taskId': [403, 409, 412, 422],
};

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: the URL, query or body breaks the rules (code invalid_input with one entry per field in errors, or the rule’s own code)',
  401: 'No valid sign-in token (auth_required, token_invalid) or wrong credentials',
  403: 'Signed in, but not allowed: the route needs the admin role (admin_required), a field worker asks for what only growers may do (worker_not_allowed), or a scouting rule refuses (another author’s record, a field worker’s own tasks)',
  404: 'Not found, or not yours: another client’s id answers exactly like a missing one (not_found)',
  409: 'Conflicts with the stored data: a name already taken, a record still in use, an edit based on a stale version, an id already used with another body (with `current` when a task moved on)',
  412: 'If-Match names a version that is no longer current: `current` holds the resource as it stands (task_version_stale)',
  413: 'The body is over the route’s size limit (body_too_large, archive_too_large)',
  415: 'The body’s content type is not one the route takes (unsupported_media_type)',
  422: 'Well-formed, but refused by a rule of the data (each problem in errors)',
  429: 'Too many attempts: wait for Retry-After seconds',
  500: 'An unexpected error (server_error); nothing was written',
  503: 'Overloaded, the database unavailable, or a needed program missing: try again after Retry-After seconds',
};

/** The routes DECLARED names (a test checks that each is still registered). */
export const DECLARED_ERROR_ROUTES = Object.keys(DECLARED);

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** The error statuses an operation documents. */
export function errorStatusesOf(method: string, url: string, config: { access?: string } = {}): ErrorStatus[] {
  const admin = url.startsWith('/api/admin') || config.access === 'admin';
  const s = new Set<ErrorStatus>([400, 500, 503, ...(DECLARED[`${method} ${url}`] ?? [])]);
  if (config.access !== 'public') s.add(401);
  if (admin) s.add(403);
  if (url.includes(':')) s.add(404);
  if (BODY.has(method)) [413, 415].forEach((x) => s.add(x as ErrorStatus));
  if (admin && WRITES.has(method)) s.add(409);
  return ERROR_STATUSES.filter((x) => s.has(x));
}

/** Fastify's `/api/x/:id` as the document's `/api/x/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

interface Operation {
  responses?: Record<string, unknown>;
}
type OpenApiObject = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/** @fastify/swagger's transformObject: the shared Error schema, and each operation's error answers pointing at it. */
export function withErrorAnswers(routes: () => readonly RouteOptions[]): SwaggerTransformObject {
  return (document) => {
    if (!('openapiObject' in document)) return document.swaggerObject;
    const doc = document.openapiObject as OpenApiObject;
    const schema = z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as Record<string, unknown>;
    delete schema.$schema;
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: schema } };
    for (const r of routes()) {
      const ops = doc.paths?.[openApiPath(r.url)];
      if (!ops) continue;
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        const op = ops[method.toLowerCase()];
        if (!op) continue;
        op.responses ??= {};
        for (const status of errorStatusesOf(method, r.url, (r.config ?? {}) as { access?: string })) {
          // A route that documents a status itself (the health check's 503) keeps its own.
          op.responses[status] ??= {
            description: DESCRIPTIONS[status],
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          };
        }
      }
    }
    return document.openapiObject;
  };
}
