// The route registry behind the security matrix and the bad-input corpus
// (tests/api/security-matrix.test.ts, tests/api/corpus-*.test.ts).
//
// Routes are NOT listed here: the tests read them from the app
// (registeredRoutes). What lives here is what the tests cannot derive:
//   1. PARAM_RULES  — which kind of id a path/query parameter holds
//                     (projectId → a project), so the matrix can try an id of
//                     the caller's client, of the other client, and a missing one;
//   2. FIXTURES     — how to find those ids in the demo seed;
//   3. WRITES       — for every non-GET route, a valid request body (and whether
//                     the call destroys its target), so the owner's 2xx can be checked;
//   4. OVERRIDES    — the odd route whose expectation differs from the rule.
// A route with an unknown parameter, or a write without a WRITES entry, fails the
// tests with a message saying which line to add here.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { registeredRoutes } from '../../server/app';
import type { Queryable } from '../../server/db/adapter';
import { geoTiffBytes, quadrantSpec } from './orthophoto';
import { fixturePhoto, insertScoutingFixtures, newId, observationBody, taskBodyFor, type ScoutingFixtures } from './scouting';

/** The aerial photo the matrix uploads (64 × 64 px at 50 cm in UTM 36N). */
export const matrixGeoTiff = () => geoTiffBytes(quadrantSpec({ epsg: 32636, lon: 34.8, lat: 30.9, pixel: 0.5, width: 64, height: 64 }));

/**
 * grower3: client A's grower who is NOT assigned to client A's fixture project (same client, not assigned).
 * worker / worker3: client A's field workers, a member of A's fixture project and not; worker2: client B's.
 */
export type Role = 'anon' | 'grower' | 'grower2' | 'grower3' | 'worker' | 'worker2' | 'worker3' | 'admin';
export const ROLES: Role[] = ['anon', 'grower', 'grower2', 'grower3', 'worker', 'worker2', 'worker3', 'admin'];
const WORKERS = new Set<Role>(['worker', 'worker2', 'worker3']);
/** The client whose ids a role owns. */
export const ownVariant = (role: Role): Variant => (role === 'grower2' || role === 'worker2' ? 'B' : 'A');
/** Members of client A who are not members of A's fixture project. */
const NOT_MEMBERS = new Set<Role>(['grower3', 'worker3']);
/** Survey actions a field worker may not take (src/domain/roles.ts): 403 where a grower gets a 2xx. */
export const WORKER_FORBIDDEN = new Set([
  'GET /api/projects/:projectId/export',
  'GET /api/projects/:projectId/zones',
  'GET /api/projects/:projectId/report.pdf',
  'POST /api/projects/:projectId/prescriptions',
  'GET /api/projects/:projectId/records/export',
]);
export type Access = 'public' | 'user' | 'admin';
/** Whose id goes into the path: client A's (grower), client B's (grower2), or none that exists. */
export type Variant = 'A' | 'B' | 'missing';

export interface ApiRoute {
  method: string;
  url: string;
  key: string; // "GET /api/x/:id"
  access: Access;
  params: string[];
  /** The route's own body limit, when it sets one. */
  bodyLimit?: number;
  /** zod schemas as declared by the route (fastify-type-provider-zod). */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** Every /api route of the app (HEAD twins of GET routes left out). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const r of registeredRoutes(app) as RouteOptions[]) {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    if (!r.url.startsWith('/api/')) continue;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const cfg = (r.config ?? {}) as { access?: Access };
      const access: Access = r.url.startsWith('/api/admin') ? 'admin' : (cfg.access ?? 'user');
      const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const schema = (r.schema ?? {}) as ApiRoute['schema'];
      out.push({ method, url: r.url, key: `${method} ${r.url}`, access, params, schema, bodyLimit: r.bodyLimit });
    }
  }
  return out.sort((a, b) => order(a.method) - order(b.method) || a.url.localeCompare(b.url));
}
const order = (m: string) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(m);

// 1. Parameter kinds ----------------------------------------------------------
export type Kind =
  | 'client'
  | 'user'
  | 'project'
  | 'plot'
  | 'irrigationArea'
  | 'tree'
  | 'cropType'
  | 'crop'
  | 'breed'
  | 'irrigationType'
  | 'surveyType'
  | 'disease'
  | 'treeStatus'
  | 'country'
  | 'auditEntry'
  | 'session'
  /** A tile's z, x or y (the aerial photo's tiles): a coordinate, not an id; 0 is a valid one. */
  | 'tileCoord'
  /** Scouting (issue 36): an issue category (reference list); a record, its photo and a task (UUIDs). */
  | 'scoutingIssue'
  | 'record'
  | 'photo'
  | 'task'
  /** The id a device gives a new record or task: a fresh UUID v7 for every call. */
  | 'newId';

export interface ParamRule {
  param: string;
  kind: Kind;
  /** Only for routes whose path starts with this (for generic names like `id`). */
  under?: string;
}

// Most specific rule wins (a rule with `under` beats one without).
export const PARAM_RULES: ParamRule[] = [
  { param: 'projectId', kind: 'project' },
  { param: 'project_id', kind: 'project' },
  { param: 'clientId', kind: 'client' },
  { param: 'client_id', kind: 'client' },
  { param: 'plotId', kind: 'plot' },
  { param: 'plot_id', kind: 'plot' },
  { param: 'userId', kind: 'user' },
  { param: 'user_id', kind: 'user' },
  { param: 'treeId', kind: 'tree' },
  { param: 'tree_id', kind: 'tree' },
  { param: 'irrigationAreaId', kind: 'irrigationArea' },
  { param: 'compare', kind: 'project' },
  { param: 'sessionId', kind: 'session' },
  { param: 'irrigation_area_id', kind: 'irrigationArea' },
  { param: 'recordId', under: '/api/records/', kind: 'record' },
  { param: 'photoId', under: '/api/records/', kind: 'photo' },
  { param: 'recordId', under: '/api/projects/', kind: 'newId' },
  { param: 'taskId', under: '/api/projects/', kind: 'newId' },
  { param: 'taskId', under: '/api/tasks/', kind: 'task' },
  { param: 'id', under: '/api/admin/scouting-issues/', kind: 'scoutingIssue' },
  { param: 'z', under: '/api/projects/', kind: 'tileCoord' },
  { param: 'x', under: '/api/projects/', kind: 'tileCoord' },
  { param: 'y', under: '/api/projects/', kind: 'tileCoord' },
  { param: 'id', under: '/api/admin/clients/', kind: 'client' },
  { param: 'id', under: '/api/admin/users/', kind: 'user' },
  { param: 'id', under: '/api/admin/projects/', kind: 'project' },
  { param: 'id', under: '/api/admin/data/plots/', kind: 'plot' },
  { param: 'id', under: '/api/admin/data/irrigation-areas/', kind: 'irrigationArea' },
  { param: 'id', under: '/api/admin/data/trees/', kind: 'tree' },
  { param: 'id', under: '/api/admin/crop-types/', kind: 'cropType' },
  { param: 'id', under: '/api/admin/crop-options/', kind: 'crop' },
  { param: 'id', under: '/api/admin/breeds/', kind: 'breed' },
  { param: 'id', under: '/api/admin/irrigation-types/', kind: 'irrigationType' },
  { param: 'id', under: '/api/admin/survey-types/', kind: 'surveyType' },
  { param: 'id', under: '/api/admin/disease-types/', kind: 'disease' },
  { param: 'id', under: '/api/admin/tree-status-types/', kind: 'treeStatus' },
  { param: 'id', under: '/api/admin/countries/', kind: 'country' },
];

export function paramKind(route: Pick<ApiRoute, 'url'>, param: string): Kind | undefined {
  const hits = PARAM_RULES.filter((r) => r.param === param && (!r.under || route.url.startsWith(r.under)));
  hits.sort((a, b) => (b.under?.length ?? 0) - (a.under?.length ?? 0));
  return hits[0]?.kind;
}

/** Query-string fields that carry an id (tenant checks apply to them too). */
export function queryIdFields(route: ApiRoute): { field: string; kind: Kind }[] {
  const shape = (route.schema.querystring as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return Object.keys(shape)
    .map((field) => ({ field, kind: paramKind({ url: route.url }, field) }))
    .filter((f): f is { field: string; kind: Kind } => !!f.kind);
}

// 2. Fixtures ------------------------------------------------------------------
export const MISSING_ID = 987_654;
/** Kinds without an owner (reference lists): A and B are the same id. */
const GLOBAL_KINDS = new Set<Kind>([
  'cropType',
  'crop',
  'breed',
  'irrigationType',
  'surveyType',
  'disease',
  'treeStatus',
  'country',
  'auditEntry',
  'tileCoord',
  'scoutingIssue',
  'newId',
]);
/** Kinds whose ids are UUIDs (scouting, issue 36): they live in Fixtures.scouting. */
const UUID_KINDS = new Set<Kind>(['record', 'photo', 'task']);
/** Kinds that belong to one survey: a member of the client who is not a member of that survey gets 404. */
const SURVEY_KINDS = new Set<Kind>(['project', 'record', 'photo', 'task']);
export const MISSING_UUID = '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee';
/** Kinds whose 0 is a valid value (the corpus does not count it as a hostile id). */
export const COORDINATE_KINDS = new Set<Kind>(['tileCoord']);

export type Fixtures = Record<Kind, { A: number; B: number }> & {
  /** Scouting fixtures (issue 36): a record with a declared photo and a task on A's and B's fixture surveys. */
  scouting: ScoutingFixtures;
  markers: {
    A: string[];
    B: string[];
    /** Client A's names grower3 must never see (unassigned surveys and their plots). */ unassigned: string[];
    /** The same for each of client A's members with a part of the farm (grower3, worker, worker3), by role. */
    hidden: Partial<Record<Role, string[]>>;
  };
  /** A survey of client A that grower3 IS assigned to (A's fixture project is not). */
  grower3Project: number;
};

const OWNED_SQL: Partial<Record<Kind, string>> = {
  client: `SELECT client_id AS id FROM clients WHERE client_id = $1`,
  user: `SELECT user_id AS id FROM users WHERE client_id = $1 ORDER BY user_id LIMIT 1`,
  // The observed survey with the most results: the map, data and statistics all answer 200 for it.
  project: `SELECT p.project_id AS id FROM projects p WHERE p.client_id = $1
             ORDER BY (SELECT count(*) FROM tree_observations o WHERE o.project_id = p.project_id) DESC, p.project_id LIMIT 1`,
  plot: `SELECT plot_id AS id FROM plots WHERE client_id = $1 ORDER BY plot_id LIMIT 1`,
  irrigationArea: `SELECT irrigation_area_id AS id FROM irrigation_areas WHERE client_id = $1 ORDER BY 1 LIMIT 1`,
  tree: `SELECT tree_id AS id FROM trees WHERE client_id = $1 ORDER BY 1 LIMIT 1`,
};
const GLOBAL_SQL: Record<string, string> = {
  cropType: `SELECT min(crop_type_id) AS id FROM crop_types`,
  crop: `SELECT min(crop_id) AS id FROM crop_options`,
  breed: `SELECT min(breed_id) AS id FROM breeds`,
  irrigationType: `SELECT min(irrigation_type_id) AS id FROM irrigation_types`,
  surveyType: `SELECT min(survey_type_id) AS id FROM survey_types`,
  disease: `SELECT min(disease_id) AS id FROM disease_types`,
  treeStatus: `SELECT min(status_code) AS id FROM tree_status_types WHERE status_code >= 1`,
  country: `SELECT min(country_id) AS id FROM countries`,
  auditEntry: `SELECT coalesce(min(audit_id), 1) AS id FROM audit_log`,
  // Tile 0/0/0: below every photo's zooms, so the owner gets a 204 (tests/api/orthophoto.test.ts checks real tiles).
  tileCoord: `SELECT 0 AS id`,
  scoutingIssue: `SELECT min(issue_id) AS id FROM scouting_issues`,
};

/** Ids of client A (Galil Orchards, grower) and client B (Negev Citrus, grower2) in the demo seed. */
export async function loadFixtures(db: Queryable): Promise<Fixtures> {
  const clients = (await db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM clients ORDER BY client_id`)).rows;
  const a = clients.find((c) => c.name === 'Galil Orchards')!;
  const b = clients.find((c) => c.name === 'Negev Citrus')!;
  const fx = {} as Fixtures;
  for (const [kind, sql] of Object.entries(OWNED_SQL) as [Kind, string][]) {
    const one = async (clientId: number) => Number((await db.query<{ id: number }>(sql, [clientId])).rows[0].id);
    fx[kind] = { A: await one(a.client_id), B: await one(b.client_id) };
  }
  for (const [kind, sql] of Object.entries(GLOBAL_SQL) as [Kind, string][]) {
    const id = Number((await db.query<{ id: number }>(sql)).rows[0]?.id ?? 1);
    fx[kind] = { A: id, B: id };
  }
  // Strings that only one client's data contains: a grower's responses must never carry the other's.
  const marks = async (clientId: number) =>
    [
      ...(await db.query<{ s: string }>(`SELECT name AS s FROM clients WHERE client_id = $1`, [clientId])).rows,
      ...(await db.query<{ s: string }>(`SELECT email AS s FROM users WHERE client_id = $1`, [clientId])).rows,
      ...(await db.query<{ s: string }>(`SELECT plot_name AS s FROM plots WHERE client_id = $1`, [clientId])).rows,
      ...(await db.query<{ s: string }>(`SELECT name AS s FROM projects WHERE client_id = $1`, [clientId])).rows,
    ].map((r) => r.s);
  const memberOf = (email: string) =>
    `SELECT pu.project_id FROM project_users pu WHERE pu.user_id = (SELECT u.user_id FROM users u WHERE u.email = '${email}')`;
  const visible = memberOf('grower3@demo.farm');
  const hiddenFrom = async (email: string) =>
    [
      ...(await db.query<{ s: string }>(`SELECT name AS s FROM projects WHERE client_id = $1 AND project_id NOT IN (${memberOf(email)})`, [a.client_id])).rows,
      ...(
        await db.query<{ s: string }>(
          `SELECT plot_name AS s FROM plots WHERE client_id = $1 AND plot_id NOT IN (SELECT plot_id FROM project_plots WHERE project_id IN (${memberOf(email)}))`,
          [a.client_id],
        )
      ).rows,
    ].map((r) => r.s);
  const unassigned = await hiddenFrom('grower3@demo.farm');
  const hidden = { grower3: unassigned, worker: await hiddenFrom('worker@demo.farm'), worker3: await hiddenFrom('worker3@demo.farm') };
  fx.markers = { A: await marks(a.client_id), B: await marks(b.client_id), unassigned, hidden };
  // A live session of client A's grower and of client B's grower: only its owner may end it.
  const session = async (email: string) =>
    Number(
      (
        await db.query<{ id: number }>(
          `INSERT INTO sessions (user_id, user_agent, expires_at) SELECT user_id, 'matrix', now() + interval '1 day' FROM users WHERE email = $1 RETURNING session_id AS id`,
          [email],
        )
      ).rows[0].id,
    );
  fx.session = { A: await session('grower@demo.farm'), B: await session('grower2@demo.farm') };
  fx.scouting = await insertScoutingFixtures(db, fx.project);
  fx.grower3Project = Number((await db.query<{ project_id: number }>(`${visible} ORDER BY pu.project_id LIMIT 1`)).rows[0].project_id);
  return fx;
}

export function isGlobalKind(kind: Kind): boolean {
  return GLOBAL_KINDS.has(kind);
}

export function idFor(fx: Fixtures, kind: Kind, v: Variant): number {
  return v === 'missing' ? (kind === 'treeStatus' ? 998 : MISSING_ID) : fx[kind][v];
}

/** An id as the path holds it: a number, or a UUID for the scouting kinds (a fresh one for a new record or task). */
export function pathIdFor(fx: Fixtures, kind: Kind, v: Variant): string {
  if (kind === 'newId') return newId();
  if (UUID_KINDS.has(kind)) return v === 'missing' ? MISSING_UUID : fx.scouting[kind as keyof ScoutingFixtures][v];
  return String(idFor(fx, kind, v));
}

/** Whether a path parameter holds a number (the write samples get it as their target). */
export const isNumericKind = (kind: Kind) => !UUID_KINDS.has(kind) && kind !== 'newId';

// 3. Writes --------------------------------------------------------------------
export interface WriteSample {
  /** A valid body for a call on `target` (the first path id, when the route has one). */
  body?: (fx: Fixtures, db: Queryable, target?: number) => Promise<unknown> | unknown;
  /** Deletes or otherwise consumes its target: the owner's 2xx is not tried on the shared fixtures. */
  destructive?: boolean;
  /** Statuses the owner's valid call may answer (default: any 2xx). */
  ok?: number[];
}

let serial = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++serial}`;
const one = async (db: Queryable, sql: string, params: unknown[] = []) => (await db.query<Record<string, unknown>>(sql, params)).rows[0];
const square = (lon: number, lat: number, d = 0.0005) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});
/** A point inside client A's first plot (the editor finds plot and area by location). */
const insideA = async (fx: Fixtures, db: Queryable) => {
  const r = await one(db, `SELECT (min_lon + max_lon) / 2 AS lon, (min_lat + max_lat) / 2 AS lat FROM plots WHERE plot_id = $1`, [fx.plot.A]);
  return [Number(r.lon), Number(r.lat)] as const;
};

// The eight reference lists share one shape: POST/PUT take their columns, DELETE is destructive.
const REFERENCE_BODIES: Record<string, (fx: Fixtures, db: Queryable, target?: number) => Promise<unknown> | unknown> = {
  'crop-types': () => ({ crop_type_name: unique('Crop type') }),
  'crop-options': (fx) => ({ crop_name: unique('Crop'), crop_type_id: fx.cropType.A }),
  breeds: (fx) => ({ breed_name: unique('Breed'), crop_id: fx.crop.A }),
  'irrigation-types': () => ({ irrigation_type_name: unique('Irrigation') }),
  'survey-types': () => ({ code: `m${++serial}`, label: unique('Survey') }),
  'disease-types': () => ({ disease_name: unique('Disease') }),
  // Renumbering a used status is refused (409); keep the code, change the name.
  'tree-status-types': async (_fx, _db, target) => ({ status_code: target ?? 900 + (++serial % 90), status_name: unique('Status') }),
  countries: () => ({ country_name: unique('Country') }),
  'scouting-issues': () => ({ name_en: unique('Issue'), name_he: unique('בעיה'), icon: 'bug' }),
};

export const WRITES: Record<string, WriteSample> = {
  'POST /api/auth/login': { body: () => ({ email: 'admin@demo.farm', password: 'DemoAdmin!2026' }) },
  // Logging out ends the caller's session, which the rest of the matrix still needs.
  'POST /api/auth/logout': { destructive: true },
  // The matrix calls carry no refresh token: every caller gets 401 (OVERRIDES).
  'POST /api/auth/refresh': { body: () => ({}) },
  'DELETE /api/auth/sessions/:sessionId': { destructive: true },
  // Would end the other sessions of the caller: only one per account here, but tokens of a role stay shared.
  'POST /api/auth/sessions/end-others': { destructive: true },
  // A wrong current password: the caller's password never changes here.
  'POST /api/auth/password': { body: () => ({ current_password: 'not-the-password', new_password: 'Matrix-Passw0rd!x' }), ok: [422] },
  // Not a write: a prescription file of the survey (issue 14), under the map's access rule.
  'POST /api/projects/:projectId/prescriptions': {
    body: () => ({ layer: 'vitality', unit: 'plot', product: 'Matrix', rateUnit: 'kg/ha', rates: [6, 5, 4, 3, 2, 1], defaultRate: 1, format: 'shapefile' }),
  },

  // Scouting (issue 36): a new record and task under a fresh id (201), a replay of the fixture photo (200), a move to in_progress.
  'PUT /api/projects/:projectId/records/:recordId': { body: (_fx, db, target) => observationBody(db, target ?? MISSING_ID), ok: [201] },
  'PUT /api/projects/:projectId/tasks/:taskId': { body: (_fx, db, target) => taskBodyFor(db, target ?? MISSING_ID), ok: [201] },
  'PUT /api/records/:recordId/photos/:photoId': { body: () => fixturePhoto(), ok: [200] },
  'PATCH /api/tasks/:taskId': { body: () => ({ change_id: newId(), status: 'in_progress' }), ok: [200] },

  'POST /api/admin/clients': { body: () => ({ name: unique('Matrix client') }) },
  'PUT /api/admin/clients/:id': {
    body: async (_fx, db, id) => ({ name: (await one(db, `SELECT name FROM clients WHERE client_id = $1`, [id]))?.name ?? 'x' }),
  },
  'DELETE /api/admin/clients/:id': { destructive: true },

  'POST /api/admin/users': {
    body: (fx) => ({
      email: `${unique('m').replace(/\W/g, '')}@matrix.test`,
      first_name: 'Matrix',
      last_name: 'User',
      client_id: fx.client.A,
      role: 'user',
      password: 'Matrix-Passw0rd!',
    }),
  },
  // Same fields, no password: must not bump the token version of the user.
  'PUT /api/admin/users/:id': {
    body: async (_fx, db, id) => {
      const u = await one(db, `SELECT email, first_name, last_name, client_id, role FROM users WHERE user_id = $1`, [id]);
      return u ?? { email: 'missing@matrix.test', first_name: 'M', last_name: 'U', client_id: null, role: 'user' };
    },
  },
  'DELETE /api/admin/users/:id': { destructive: true },
  // Membership and access of a user (issue 33): the same memberships again; a reset or ending sessions would end the fixtures' sessions.
  'PUT /api/admin/users/:id/projects': {
    body: async (_fx, db, id) => ({
      project_ids: (await db.query<{ project_id: number }>(`SELECT project_id FROM project_users WHERE user_id = $1`, [id])).rows.map((r) => r.project_id),
    }),
  },
  'POST /api/admin/users/:id/projects/all': { destructive: true },
  'POST /api/admin/users/:id/password-reset': { destructive: true },
  'DELETE /api/admin/users/:id/sessions': { destructive: true },
  'DELETE /api/admin/users/:id/failed-sign-ins': {},

  'POST /api/admin/projects': {
    body: async (fx) => ({
      name: unique('Matrix project'),
      observation_date: '2026-01-15',
      user_ids: [fx.user.A],
      products: ['tree_status'],
      plot_ids: [fx.plot.A],
    }),
  },
  'PUT /api/admin/projects/:id': {
    body: async (_fx, db, id) => {
      const p = await one(db, `SELECT name, coalesce(observation_date::text, '2026-01-15') AS d FROM projects WHERE project_id = $1`, [id]);
      const plots = (await db.query<{ plot_id: number }>(`SELECT plot_id FROM project_plots WHERE project_id = $1`, [id])).rows.map((r) => r.plot_id);
      return { name: p?.name ?? 'x', observation_date: p?.d ?? '2026-01-15', plot_ids: plots };
    },
  },
  'DELETE /api/admin/projects/:id': { destructive: true },
  // The survey's aerial photo (issue 37): a small GeoTIFF, processed in the background (202).
  'PUT /api/admin/projects/:projectId/orthophoto': { body: () => matrixGeoTiff(), ok: [202] },
  'DELETE /api/admin/projects/:projectId/orthophoto': { destructive: true },
  // An import replaces survey results; an empty file is refused with 422 after the access checks.
  'POST /api/admin/projects/:projectId/import': { body: () => ({ type: 'FeatureCollection', features: [] }), ok: [200, 422] },

  'POST /api/admin/data/plots': {
    body: async (fx, db) => ({ plot_name: unique('Matrix plot'), geom: square(...(await insideA(fx, db))), client_id: fx.client.A }),
  },
  'PATCH /api/admin/data/plots/:id': {
    body: async (_fx, db, id) => ({ plot_name: (await one(db, `SELECT plot_name FROM plots WHERE plot_id = $1`, [id]))?.plot_name ?? 'x' }),
  },
  'DELETE /api/admin/data/plots/:id': { destructive: true },
  // Boundary import (issue 14): a preview writes nothing; the import writes one small irrigation area.
  'POST /api/admin/data/clients/:clientId/boundaries/preview': {
    body: async (fx, db) => ({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: 'Matrix' }, geometry: square(...(await insideA(fx, db))) }],
    }),
  },
  'POST /api/admin/data/clients/:clientId/boundaries': {
    body: async (fx, db) => ({ features: [{ kind: 'irrigation', name: unique('Matrix import'), geometry: square(...(await insideA(fx, db)), 0.0002) }] }),
  },
  'POST /api/admin/data/irrigation-areas': {
    body: async (fx, db) => ({ irrigation_area_name: unique('Matrix area'), geom: square(...(await insideA(fx, db)), 0.0002), client_id: fx.client.A }),
  },
  'PATCH /api/admin/data/irrigation-areas/:id': {
    body: async (_fx, db, id) => ({
      irrigation_area_name: (await one(db, `SELECT irrigation_area_name AS n FROM irrigation_areas WHERE irrigation_area_id = $1`, [id]))?.n ?? 'x',
    }),
  },
  'DELETE /api/admin/data/irrigation-areas/:id': { destructive: true },
  'POST /api/admin/data/trees': {
    body: async (fx, db) => ({ row_num: 999, tree_num: 999, geom: { type: 'Point', coordinates: await insideA(fx, db) }, client_id: fx.client.A }),
  },
  'PATCH /api/admin/data/trees/:id': {
    body: async (_fx, db, id) => ({ row_num: Number((await one(db, `SELECT row_num FROM trees WHERE tree_id = $1`, [id]))?.row_num ?? 1) }),
  },
  'DELETE /api/admin/data/trees/:id': { destructive: true },

  ...Object.fromEntries(
    Object.entries(REFERENCE_BODIES).flatMap(([list, body]) => [
      [`POST /api/admin/${list}`, { body }],
      [`PUT /api/admin/${list}/:id`, { body }],
      [`DELETE /api/admin/${list}/:id`, { destructive: true }],
    ]),
  ),
};

// 4. Overrides ------------------------------------------------------------------
export interface Override {
  /** Query string for a given role (e.g. the admin must say which client). */
  query?: (fx: Fixtures, role: Role, v: Variant) => Record<string, string> | undefined;
  /** Expected status per role when the rule does not fit; a function for id variants. */
  expect?: Partial<Record<Role, number | ((v: Variant) => number)>>;
}

export const OVERRIDES: Record<string, Override> = {
  // Public (no bearer: the access token may have expired), authenticated by a refresh token, which no matrix call has.
  'POST /api/auth/refresh': { expect: Object.fromEntries(ROLES.map((r) => [r, 401])) },
  // Admins have no client: they name one; growers may only name their own.
  'GET /api/farm/overview': { query: (fx, role) => (role === 'admin' ? { clientId: String(fx.client.A) } : undefined) },
  'GET /api/admin/projects/plots/by-client': { query: (fx, _r, v) => ({ clientId: String(idFor(fx, 'client', v)) }) },
  'GET /api/admin/reports/tree-status': { query: (fx, _r, v) => ({ clientId: String(idFor(fx, 'client', v)) }) },
  // Scouting (issue 36): only a record's author (or an admin) uploads its photos (the fixtures' authors are the
  // growers); field workers neither create nor assign tasks. Both are 403 on a survey they may open.
  'PUT /api/records/:recordId/photos/:photoId': {
    expect: { worker: (v) => (v === 'A' ? 403 : 404), worker2: (v) => (v === 'B' ? 403 : 404) },
  },
  'PUT /api/projects/:projectId/tasks/:taskId': {
    expect: { worker: (v) => (v === 'A' ? 403 : 404), worker2: (v) => (v === 'B' ? 403 : 404) },
  },
  'GET /api/tasks': { query: () => ({ assignee: 'me' }) },
};

/** Why a route cannot be tested yet, or undefined when the registry covers it. */
export function missingRegistryEntry(route: ApiRoute): string | undefined {
  const unknown = route.params.filter((p) => !paramKind(route, p));
  if (unknown.length)
    return (
      `${route.key}: path parameter(s) ${unknown.map((p) => `:${p}`).join(', ')} not in PARAM_RULES. ` +
      `Add e.g. { param: '${unknown[0]}', under: '${route.url.split(':')[0]}', kind: '<kind>' } to tests/support/route-matrix.ts`
    );
  if (route.method !== 'GET' && !WRITES[route.key])
    return `${route.key}: no WRITES entry. Add '${route.key}': { body: (fx) => ({ … a valid body … }) } (or { destructive: true }) to tests/support/route-matrix.ts`;
  return undefined;
}

/** The URL with ids of the given variant filled in. */
export function fillUrl(route: ApiRoute, fx: Fixtures, v: Variant): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) => pathIdFor(fx, paramKind(route, p)!, v));
}

/** The variants worth trying: routes without ids have one call per role. */
export function variantsOf(route: ApiRoute): Variant[] {
  const kinds = [...route.params.map((p) => paramKind(route, p)!), ...queryIdFields(route).map((q) => q.kind)];
  if (!route.params.length) return ['A'];
  return kinds.every(isGlobalKind) ? ['A', 'missing'] : ['A', 'B', 'missing'];
}

/**
 * What a role should get: 401 without a token, 403 for a grower or worker on an
 * admin route, 404 for an id of the other client, of a project of their own
 * client they are not a member of, or one that does not exist, a 2xx for the
 * owner (the admin owns everything), and 403 for a field worker's export,
 * report or prescription of a survey it may open. Public routes: never 401/403.
 */
export function expectedStatus(route: ApiRoute, role: Role, v: Variant): number | 'ok' | 'public' {
  const o = OVERRIDES[route.key]?.expect?.[role];
  if (o !== undefined) return typeof o === 'function' ? o(v) : o;
  if (route.access === 'public') return 'public';
  if (role === 'anon') return 401;
  if (route.access === 'admin' && role !== 'admin') return 403;
  if (v === 'missing' && route.params.length) return 404;
  const kinds = route.params.map((p) => paramKind(route, p)!);
  // A session is its user's alone: anyone else, an admin too, gets 404 (client A's is grower's, B's grower2's).
  if (kinds.includes('session')) return (role === 'grower' && v === 'A') || (role === 'grower2' && v === 'B') ? 'ok' : 404;
  const allowed = (): 'ok' | 403 => (WORKERS.has(role) && WORKER_FORBIDDEN.has(route.key) ? 403 : 'ok');
  if (role === 'admin' || !route.params.length) return allowed();
  if (kinds.every(isGlobalKind)) return 'ok';
  // Same client, not a member: the project is as invisible as another client's.
  if (NOT_MEMBERS.has(role) && kinds.some((k) => SURVEY_KINDS.has(k))) return 404;
  return v === ownVariant(role) ? allowed() : 404;
}
