// Bad-input corpus against EVERY route the app registers (docs/ARCHITECTURE.md §5):
// hostile ids in the path, hostile query strings, malformed and hostile JSON
// bodies, fast-check values generated from each route's zod schemas, huge and
// invalid geometries, and bodies over the limit. Always a 4xx with a message
// (never a 5xx, a stack trace, SQL, or a crash).
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { createTokenService, resolveSecret } from '../../server/auth/token';
import { startSession } from '../../server/auth/sessions';
import {
  apiRoutes,
  COORDINATE_KINDS,
  fillUrl,
  loadFixtures,
  missingRegistryEntry,
  OVERRIDES,
  paramKind,
  WRITES,
  type ApiRoute,
  type Role,
} from '../support/route-matrix';
import { mutatedArbitrary, toJsonSchema } from '../support/schema-arbitrary';
import { AnswerLog } from '../support/documented-answers';

const t = await createTestApp({ scale: 0.01 });
/** Routes whose 413 names a code of their own (checked before the body is read). */
const OWN_413: Record<string, string> = { 'PUT /api/records/:recordId/photos/:photoId': 'photo_too_large' };
afterAll(async () => t.close());
const fx = await loadFixtures(t.db);
const routes = apiRoutes(t.app);
const tokens = createTokenService(await resolveSecret(t.db, undefined), 3600);
const userIds = Object.fromEntries(
  (await t.db.query<{ email: string; user_id: number }>(`SELECT email, user_id FROM users`)).rows.map((r) => [r.email, r.user_id]),
);
const sent = { n: 0 };
/** Every answer, checked against the API document at the end (issue 32). */
const answers = new AnswerLog();
const COUNTED = ['users', 'clients', 'projects', 'plots', 'trees', 'tree_observations'];
const counts = async () =>
  Object.fromEntries(await Promise.all(COUNTED.map(async (tb) => [tb, (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tb}`)).rows[0].n])));
const before = await counts();

/** The role that may call the route, so input validation — not auth — answers. */
const roleFor = (r: ApiRoute): Role => (r.access === 'admin' ? 'admin' : r.access === 'public' ? 'anon' : 'grower');

// A fresh token per request: a hostile call that logs out must not break the next one.
async function send(route: ApiRoute, o: Omit<InjectOptions, 'method'> & { url: string }): Promise<LightMyRequestResponse> {
  const role = roleFor(route);
  const headers = { ...(o.headers ?? {}) } as Record<string, string>;
  if (role !== 'anon') {
    const email = role === 'admin' ? 'admin@demo.farm' : 'grower@demo.farm';
    const { sessionId } = await startSession(t.db, userIds[email], { remember: false, userAgent: 'corpus', address: '127.0.0.1' });
    headers.authorization = `Bearer ${(await tokens.sign(userIds[email], 0, sessionId)).token}`;
  }
  sent.n++;
  const res = await t.app.inject({ ...o, method: route.method as 'GET', headers });
  answers.record(route, res, `${route.method} ${o.url.slice(0, 120)}`);
  return res;
}

const LEAKY = /\bat \S+\.(ts|js):\d+|node_modules|SELECT |INSERT INTO|UPDATE \w+ SET|syntax error at|violates|relation "|column "|\bstack\b/i;

function expectRejected(res: LightMyRequestResponse, where: string, allowOk = false) {
  const body = res.body.slice(0, 300);
  expect(res.statusCode, `${where} → ${res.statusCode} ${body}`).toBeLessThan(500);
  if (allowOk && res.statusCode < 400) return;
  expect(res.statusCode, `${where} → ${res.statusCode} ${body}`).toBeGreaterThanOrEqual(400);
  const json = res.json();
  expect(json, where).toMatchObject({ success: false, message: expect.stringMatching(/\S{2}/) });
  expect(res.body, `${where}: error body leaks internals`).not.toMatch(LEAKY);
}

// Writes aim at ids that do not exist: a hostile call that slips through must not consume the fixtures.
const baseUrl = (r: ApiRoute) => fillUrl(r, fx, r.method === 'GET' ? 'A' : 'missing');
const baseQuery = (r: ApiRoute) => OVERRIDES[r.key]?.query?.(fx, roleFor(r), 'A');
const withQuery = (url: string, q?: Record<string, string>) => (q ? `${url}?${new URLSearchParams(q)}` : url);
const hasBody = (r: ApiRoute) => r.method !== 'GET' && r.method !== 'DELETE';

// Ids that are not ids. None may reach SQL as anything but a rejected value.
const BAD_IDS = [
  '1;DROP TABLE users',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '1%00',
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  'null',
  'undefined',
  '%5B%5D',
  '%7B%7D',
  '%E0%A4%A',
  '%F0%9F%92%A9',
  'x'.repeat(150),
  '%3Cscript%3E',
];

const RAW_BODIES: [string, string, string][] = [
  ['truncated JSON', 'application/json', '{"email":'],
  ['NaN literal', 'application/json', '{"a": NaN}'],
  ['Infinity literal', 'application/json', '{"a": Infinity}'],
  ['single quotes', 'application/json', "{'a': 1}"],
  ['trailing comma', 'application/json', '{"a": 1,}'],
  ['empty JSON body', 'application/json', ''],
  ['NUL byte', 'application/json', '\u0000'],
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[]'],
  ['JSON string', 'application/json', '"text"'],
  ['JSON number 1e400', 'application/json', '1e400'],
  ['__proto__ key', 'application/json', '{"__proto__": {"role": "admin"}}'],
  ['nested __proto__', 'application/json', '{"a": {"__proto__": {"role": "admin"}}}'],
  ['constructor.prototype', 'application/json', '{"constructor": {"prototype": {"role": "admin"}}}'],
  ['deep nesting', 'application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['plain text', 'text/plain', 'hello'],
  ['form encoded', 'application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['xml', 'application/xml', '<a>1</a>'],
];

const ring = (n: number) => {
  const pts = Array.from({ length: n }, (_, i) => [34.8 + 0.01 * Math.cos((2 * Math.PI * i) / n), 30.9 + 0.01 * Math.sin((2 * Math.PI * i) / n)]);
  return [...pts, pts[0]];
};
export const BAD_GEOMETRIES: [string, unknown][] = [
  [
    'self-intersecting bow tie',
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    },
  ],
  [
    'unclosed ring',
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    },
  ],
  [
    'too few positions',
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
  ],
  [
    'longitude 200',
    {
      type: 'Polygon',
      coordinates: [
        [
          [200, 0],
          [201, 0],
          [201, 1],
          [200, 0],
        ],
      ],
    },
  ],
  [
    'latitude -95',
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, -95],
          [1, -95],
          [1, -94],
          [0, -95],
        ],
      ],
    },
  ],
  [
    'NaN as string',
    {
      type: 'Polygon',
      coordinates: [
        [
          ['NaN', 0],
          [1, 0],
          [1, 1],
          ['NaN', 0],
        ],
      ],
    },
  ],
  ['null coordinates', { type: 'Polygon', coordinates: null }],
  ['wrong type', { type: 'Circle', coordinates: [0, 0] }],
  ['point instead of polygon', { type: 'Point', coordinates: [34.8, 30.9] }],
  ['empty multipolygon', { type: 'MultiPolygon', coordinates: [] }],
  ['bad WKT', 'POLYGON((0 0, 1 1'],
  ['WKT with NaN', 'POLYGON((NaN 0, 1 0, 1 1, NaN 0))'],
  ['enormous polygon (200k vertices)', { type: 'Polygon', coordinates: [ring(200_000)] }],
];
const BAD_POINTS: [string, unknown][] = [
  ['longitude 200', { type: 'Point', coordinates: [200, 30] }],
  ['latitude 95', { type: 'Point', coordinates: [34, 95] }],
  ['one coordinate', { type: 'Point', coordinates: [34] }],
  ['NaN as string', { type: 'Point', coordinates: ['NaN', 30] }],
  ['null coordinates', { type: 'Point', coordinates: null }],
  [
    'polygon instead of point',
    {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
  ],
  ['bad WKT', 'POINT(34'],
  ['WKT with Infinity', 'POINT(Infinity 30)'],
  ['enormous string', `POINT(${'9'.repeat(200_000)} 30)`],
];
const GEOMETRY_FIELD = /geom|geometry|wkt|polygon|boundary|shape/i;

describe(`bad-input corpus on ${ENGINE}`, () => {
  it('has routes to attack, all in the registry', () => {
    expect(routes.length).toBeGreaterThan(3);
    const problems = routes.map(missingRegistryEntry).filter(Boolean);
    expect(problems, `Extend tests/support/route-matrix.ts:\n${problems.join('\n')}`).toEqual([]);
  });

  for (const route of routes.filter((r) => !missingRegistryEntry(r))) {
    describe(route.key, () => {
      if (route.params.length)
        it('rejects hostile path ids with 4xx and a message', async () => {
          for (const p of route.params) {
            // A tile coordinate's 0 is a real tile, not a hostile id.
            for (const bad of BAD_IDS.filter((b) => !(b === '0' && COORDINATE_KINDS.has(paramKind(route, p)!)))) {
              const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (m, name: string) =>
                name === p ? bad : baseUrl(route).split('/')[route.url.split('/').indexOf(m)],
              );
              const res = await send(route, { url: withQuery(url, baseQuery(route)), ...(hasBody(route) ? { payload: {} } : {}) });
              expectRejected(res, `${route.key} with :${p}=${bad.slice(0, 40)}`);
            }
          }
        });

      it('rejects hostile query strings (unknown fields when it declares a schema; never 5xx)', async () => {
        const strict = !!route.schema.querystring;
        const base = baseQuery(route) ?? {};
        const qs = [
          { ...base, zz_unknown: '1' },
          { ...base, __proto__x: '1' },
        ];
        for (const q of qs) expectRejected(await send(route, { url: withQuery(baseUrl(route), q) }), `${route.key}?${new URLSearchParams(q)}`, !strict);
        const raw = ['__proto__[role]=admin', 'constructor[prototype][role]=admin', 'a=1&a=2&a=3', '%E0%A4%A=1', `x=${'y'.repeat(5000)}`];
        for (const q of raw) expectRejected(await send(route, { url: `${baseUrl(route)}?${q}` }), `${route.key}?${q.slice(0, 40)}`, !strict);
        const shape = (route.schema.querystring as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
        for (const field of Object.keys(shape))
          for (const bad of ['1;DROP TABLE users', '-1', 'NaN', 'Infinity', '1e309', '99999999999999999999', '', '%00', '[]'])
            expectRejected(await send(route, { url: withQuery(baseUrl(route), { ...base, [field]: bad }) }), `${route.key}?${field}=${bad}`, bad === '');
      });

      if (hasBody(route)) {
        it('rejects malformed, hostile and wrong-type bodies with 4xx and a message', async () => {
          const strict = !!route.schema.body;
          for (const [name, type, payload] of RAW_BODIES) {
            const res = await send(route, { url: withQuery(baseUrl(route), baseQuery(route)), headers: { 'content-type': type }, payload });
            // A route without a body schema may legitimately ignore a well-formed JSON value.
            const harmlessForSchemaless = !strict && !/truncated|NaN|Infinity|quotes|comma|NUL|__proto__|constructor/.test(name);
            expectRejected(res, `${route.key} body: ${name}`, harmlessForSchemaless);
          }
        });

        it('answers a body over the limit with 413 and a clear message', async (ctx) => {
          const limit = route.bodyLimit ?? 10 * 1024 * 1024;
          // Uploads with a bigger allowance (survey import, 256 MiB) are not worth the memory here.
          if (limit > 32 * 1024 * 1024) return ctx.skip(`${route.key} accepts ${limit >> 20} MiB; not sent`);
          const res = await send(route, {
            url: baseUrl(route),
            headers: { 'content-type': 'application/json' },
            payload: `{"a":"${'x'.repeat(limit + 1024)}"}`,
          });
          expect(res.statusCode).toBe(413);
          // A route that refuses its own oversized uploads says so with its code (a scouting photo: photo_too_large).
          const own = OWN_413[route.key];
          if (own) expect(res.json()).toMatchObject({ success: false, code: own, message: expect.stringMatching(/\d+ bytes/) });
          else expect(res.json()).toEqual({ success: false, code: 'body_too_large', message: 'Request body is too large' });
        });

        const props = Object.keys((toJsonSchema(route.schema.body)?.properties ?? {}) as object);
        const geomFields = props.filter((p) => GEOMETRY_FIELD.test(p));
        if (geomFields.length)
          it(`rejects invalid and enormous geometries in ${geomFields.join(', ')} with 4xx`, async () => {
            const valid = ((await WRITES[route.key]?.body?.(fx, t.db)) ?? {}) as Record<string, { type?: string }>;
            for (const field of geomFields)
              for (const [name, geom] of valid[field]?.type === 'Point' ? BAD_POINTS : BAD_GEOMETRIES)
                expectRejected(await send(route, { url: baseUrl(route), payload: { ...(valid as object), [field]: geom } }), `${route.key} ${field}: ${name}`);
          });
      }

      const bodySchema = hasBody(route) ? toJsonSchema(route.schema.body) : undefined;
      const querySchema = toJsonSchema(route.schema.querystring);
      if (bodySchema || querySchema)
        it('never answers 5xx to values generated from its zod schema (fast-check)', async () => {
          const login = route.key === 'POST /api/auth/login'; // every valid-looking call costs one password hash
          await fc.assert(
            fc.asyncProperty(mutatedArbitrary(bodySchema), mutatedArbitrary(querySchema), async (b, q) => {
              const query = Object.fromEntries(
                Object.entries((q.value && typeof q.value === 'object' ? q.value : {}) as object).map(([k, v]) => [
                  k,
                  typeof v === 'string' ? v : JSON.stringify(v),
                ]),
              );
              // Missing ids in the path: a valid write never touches the shared fixtures.
              const url = withQuery(fillUrl(route, fx, 'missing'), querySchema ? query : baseQuery(route));
              const res = await send(route, {
                url,
                ...(bodySchema ? { payload: JSON.stringify(b.value), headers: { 'content-type': 'application/json' } } : {}),
              });
              const mustFail =
                (bodySchema && b.kind !== 'valid' && b.kind !== 'nasty') || (querySchema && (q.kind === 'unknownField' || q.kind === 'dropRequired'));
              expectRejected(res, `${route.key} fast-check body=${b.kind} query=${q.kind}`, !mustFail);
            }),
            { numRuns: login ? 12 : 40, seed: 8_2026, endOnFailure: true, includeErrorInReport: true },
          );
        });
    });
  }

  it('answered only statuses the API document lists for each operation, with bodies that validate against it', async () => {
    const { problems, statuses, validated } = await answers.check(t.app);
    console.log(`[corpus] ${answers.size} answers, ${statuses} operation×status pairs, ${validated} JSON bodies validated against /api/docs/json`);
    expect(problems).toEqual([]);
  });

  it('received only error codes the app words in English and Hebrew (common:errors.codes)', () => {
    console.log(`[corpus] error codes received: ${[...answers.codes.keys()].sort().join(', ')}`);
    expect(answers.codes.size).toBeGreaterThan(3);
    expect(answers.untranslated()).toEqual([]);
  });

  it('left the data intact and the server healthy', async () => {
    // Valid generated writes may add rows; nothing seeded may disappear.
    const after = await counts();
    for (const tb of COUNTED) expect(after[tb], `${tb} lost rows`).toBeGreaterThanOrEqual(before[tb]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    console.log(`[corpus] ${routes.length} routes, ${sent.n} hostile requests on ${ENGINE}`);
  });
});
