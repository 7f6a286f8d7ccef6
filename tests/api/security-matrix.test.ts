// Tenant and role matrix (docs/ARCHITECTURE.md §5): every /api route the server registers
// × {anonymous, grower of client A, grower of client B, client A's grower not
// assigned to A's fixture project, client A's field worker who is a member of
// it and one who is not, client B's field worker, admin} × {A's id, B's id,
// a missing id}. Routes come from the app itself, so a new route is covered the
// moment it is registered — or fails here with the registry line to add.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { uploadAndWait } from '../support/orthophoto';
import { uploadFixturePhotos } from '../support/scouting';
import {
  ROLES,
  WRITES,
  OVERRIDES,
  apiRoutes,
  expectedStatus,
  fillUrl,
  idFor,
  isNumericKind,
  loadFixtures,
  ownVariant,
  matrixGeoTiff,
  paramKind,
  missingRegistryEntry,
  queryIdFields,
  variantsOf,
  type ApiRoute,
  type Role,
  type Variant,
} from '../support/route-matrix';
import { AnswerLog } from '../support/documented-answers';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());
const fx = await loadFixtures(t.db);
// Both fixture surveys have an aerial photo (issue 37), so its status and tile routes answer 2xx to their owners.
for (const id of [fx.project.A, fx.project.B]) await uploadAndWait(t, id, await matrixGeoTiff());
// The fixture scouting records' photos (issue 36), uploaded by their authors, so the photo routes answer 2xx.
await uploadFixturePhotos(t, fx.scouting);
const routes = apiRoutes(t.app);
const calls = { n: 0 };
/** Every answer, checked against the API document at the end (issue 32). */
const answers = new AnswerLog();

async function call(route: ApiRoute, role: Role, v: Variant, query?: Record<string, string>) {
  const sample = WRITES[route.key];
  const firstKind = route.params.length ? paramKind(route, route.params[0])! : undefined;
  const target = firstKind && isNumericKind(firstKind) ? idFor(fx, firstKind, v) : undefined;
  const payload = route.method === 'GET' || !sample?.body ? undefined : await sample.body(fx, t.db, target);
  const q = query ?? OVERRIDES[route.key]?.query?.(fx, role, v);
  const url = fillUrl(route, fx, v) + (q ? `?${new URLSearchParams(q)}` : '');
  calls.n++;
  const res = await t.as(role === 'anon' ? null : role, {
    method: route.method as 'GET',
    url,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  answers.record(route, res, `${route.method} ${url} as ${role}`);
  return { res, url };
}

/** A grower's or worker's response must not carry any of the other client's names, nor of surveys it is not a member of. */
function expectNoLeak(role: Role, body: string, where: string) {
  if (role === 'anon' || role === 'admin') return;
  const theirs = [...(ownVariant(role) === 'A' ? fx.markers.B : fx.markers.A), ...(fx.markers.hidden[role] ?? [])];
  const leaked = theirs.filter((m) => body.includes(m));
  expect(leaked, `${where}: ${role} received another client's data`).toEqual([]);
}

describe(`route × role × id matrix on ${ENGINE}`, () => {
  it('opens exactly sign-in, the token refresh, health and the API docs to callers without a token', () => {
    // The matrix takes each route's access from its own config: a route made public by mistake would pass there.
    const open = routes.filter((r) => r.access === 'public').map((r) => r.key);
    const expected = (k: string) =>
      k === 'POST /api/auth/login' || k === 'POST /api/auth/refresh' || k === 'GET /api/health' || /^GET \/api\/docs(\/|$)/.test(k);
    expect(open.filter((k) => !expected(k))).toEqual([]);
    expect(open).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/health', 'GET /api/docs/json']));
    expect(
      open.some((k) => /^GET \/api\/docs\/?$/.test(k)),
      'the docs page',
    ).toBe(true);
  });

  it('finds the API routes in the app and every one is in the registry', () => {
    expect(routes.length).toBeGreaterThan(3);
    const problems = routes.map(missingRegistryEntry).filter(Boolean);
    expect(problems, `Extend tests/support/route-matrix.ts:\n${problems.join('\n')}`).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.key} (${route.access})`, async () => {
      const problem = missingRegistryEntry(route);
      expect(problem, problem).toBeUndefined();
      const sample = WRITES[route.key];
      for (const role of ROLES) {
        for (const v of variantsOf(route)) {
          const expected = expectedStatus(route, role, v);
          // Never consume a shared fixture (delete, logout) with a call that should succeed.
          if (sample?.destructive && (expected === 'ok' || expected === 'public')) continue;
          const { res, url } = await call(route, role, v);
          const where = `${route.method} ${url} as ${role} (${v === 'missing' ? 'missing id' : `client ${v}'s id`})`;
          expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (expected === 'ok') {
            const okStatuses = sample?.ok;
            if (okStatuses) expect(okStatuses, `${where}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
            else {
              expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
              expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
            }
          } else if (expected === 'public') {
            expect([401, 403], `${where}: a public route asked for credentials`).not.toContain(res.statusCode);
          } else {
            expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBe(expected);
            expect(res.json(), where).toMatchObject({ success: false, message: expect.stringMatching(/\S/) });
          }
          expectNoLeak(role, res.body, where);
        }
      }
    });
  }

  it('applies the tenant rule to ids in the query string too', async () => {
    for (const route of routes.filter((r) => r.method === 'GET' && r.access !== 'admin' && queryIdFields(r).length)) {
      for (const { field, kind } of queryIdFields(route)) {
        for (const [role, foreign] of [
          ['grower', 'B'],
          ['grower2', 'A'],
          ['grower3', 'B'],
          ['worker', 'B'],
          ['worker2', 'A'],
          ['worker3', 'B'],
        ] as const) {
          const { res, url } = await call(route, role, 'A', { [field]: String(fx[kind][foreign]) });
          const where = `${route.method} ${url} as ${role}`;
          expect([403, 404], `${where}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
          expectNoLeak(role, res.body, where);
        }
      }
    }
  });

  it('a survey id in the query is checked on its own: grower3 on an assigned survey naming an unassigned one gets 404', async () => {
    const routes3 = routes.filter(
      (r) => r.method === 'GET' && r.params.length && paramKind(r, r.params[0]) === 'project' && queryIdFields(r).some((q) => q.kind === 'project'),
    );
    expect(routes3.length).toBeGreaterThan(0);
    expect(fx.grower3Project).not.toBe(fx.project.A);
    for (const route of routes3) {
      for (const { field } of queryIdFields(route).filter((q) => q.kind === 'project')) {
        const url = `${route.url.replace(/:[A-Za-z0-9_]+/, String(fx.grower3Project))}?${new URLSearchParams({ [field]: String(fx.project.A) })}`;
        calls.n++;
        const res = await t.as('grower3', { method: 'GET', url });
        expect(res.statusCode, `${url} as grower3: ${res.body.slice(0, 200)}`).toBe(404);
        expectNoLeak('grower3', res.body, url);
      }
    }
  });

  it('answers only statuses the API document lists for each operation, with bodies that validate against it', async () => {
    const { problems, statuses, validated } = await answers.check(t.app);
    console.log(`[security-matrix] ${answers.size} answers, ${statuses} operation×status pairs, ${validated} JSON bodies validated against /api/docs/json`);
    expect(problems).toEqual([]);
  });

  it('received only error codes the app words in English and Hebrew (common:errors.codes)', () => {
    console.log(`[security-matrix] error codes received: ${[...answers.codes.keys()].sort().join(', ')}`);
    expect(answers.codes.size).toBeGreaterThanOrEqual(3);
    expect(answers.untranslated()).toEqual([]);
  });

  it('reports its size', () => {
    const ids = routes.reduce((s, r) => s + variantsOf(r).length, 0);
    console.log(`[security-matrix] ${routes.length} routes × ${ROLES.length} roles, ${ids} route×id combinations, ${calls.n} calls on ${ENGINE}`);
  });
});
