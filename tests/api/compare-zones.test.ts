// Comparing two surveys through the API (issue 13): the export's change fields
// and the statistics table per plot / irrigation area, read back with papaparse
// and checked against change classes computed here in SQL, independently of
// workers/geo/compare.ts.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_KEYS } from '../../workers/geo/compare';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
const ids = { autumn: 0, summer: 0, foreign: 0 };
let expected: Record<string, number> = {};
let perPlot: { plot_name: string; trees: number; lost: number }[] = [];

// First observation per tree (the map's rule), then the change from the older (b) to the newer (a) survey.
const CHANGE_SQL = `
WITH a AS (SELECT DISTINCT ON (tree_id) tree_id, COALESCE(tree_status, 5) AS s FROM tree_observations WHERE project_id = $1 ORDER BY tree_id, observation_id),
     b AS (SELECT DISTINCT ON (tree_id) tree_id, COALESCE(tree_status, 5) AS s FROM tree_observations WHERE project_id = $2 ORDER BY tree_id, observation_id),
     c AS (SELECT tree_id, CASE
        WHEN b.tree_id IS NULL THEN 'new' WHEN a.tree_id IS NULL THEN 'gone'
        WHEN a.s = 5 OR b.s = 5 THEN 'unknown'
        WHEN a.s IN (3, 4) AND b.s NOT IN (3, 4) THEN 'lost'
        WHEN least(a.s, 3) > least(b.s, 3) THEN 'declined'
        WHEN least(a.s, 3) < least(b.s, 3) THEN 'improved' ELSE 'stable' END AS change,
        a.tree_id IS NOT NULL AS in_a
      FROM a FULL JOIN b USING (tree_id))`;

beforeAll(async () => {
  t = await createTestApp({ scale: 0.02 });
  const id = async (name: string) => (await t.db.query<{ project_id: number }>('SELECT project_id FROM projects WHERE name = $1', [name])).rows[0].project_id;
  ids.autumn = await id('Avocado survey – autumn');
  ids.summer = await id('Avocado survey – summer');
  ids.foreign = await id('Citrus survey – autumn');
  const { rows } = await t.db.query<{ change: string; n: number }>(`${CHANGE_SQL} SELECT change, count(*)::int AS n FROM c GROUP BY change`, [
    ids.autumn,
    ids.summer,
  ]);
  expected = Object.fromEntries(rows.map((r) => [r.change, r.n]));
  const { rows: plots } = await t.db.query<{ plot_name: string; trees: number; lost: number }>(
    `${CHANGE_SQL} SELECT pl.plot_name, count(*) FILTER (WHERE c.in_a)::int AS trees, count(*) FILTER (WHERE c.change = 'lost')::int AS lost
       FROM c JOIN trees tr ON tr.tree_id = c.tree_id JOIN plots pl ON pl.plot_id = tr.plot_id GROUP BY pl.plot_name ORDER BY pl.plot_name`,
    [ids.autumn, ids.summer],
  );
  perPlot = plots;
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, role: 'admin' | 'grower' | 'grower2' = 'grower') => t.as(role, { method: 'GET', url });
const csv = (body: string) => Papa.parse<Record<string, string>>(body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
const tally = (rows: Record<string, string>[]) => rows.reduce<Record<string, number>>((m, r) => ({ ...m, [r.change]: (m[r.change] ?? 0) + 1 }), {});

describe(`comparing two surveys through the API on ${ENGINE}`, () => {
  it('the demo seed gives the big survey an earlier one with real changes', () => {
    for (const k of ['lost', 'declined', 'stable', 'improved', 'new', 'gone']) expect(expected[k], k).toBeGreaterThan(0);
  });

  it('export with compare: every tree of both surveys once, with the change classes SQL finds', async () => {
    const res = await get(`/api/projects/${ids.autumn}/export?format=csv&lang=en&compare=${ids.summer}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rows = csv(res.body);
    expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(['change', 'vit_change', 'can_change']));
    // Status mode: the gone trees (only in the summer survey) are not part of the autumn map.
    const { gone, ...own } = expected;
    expect(rows).toHaveLength(Object.values(own).reduce((a, b) => a + b, 0));
    expect(tally(rows)).toEqual(own);
    expect(gone).toBeGreaterThan(0);
    const change = csv((await get(`/api/projects/${ids.autumn}/export?format=csv&mode=change&compare=${ids.summer}`)).body);
    expect(tally(change)).toEqual(expected);
    const stable = CHANGE_KEYS.indexOf('stable'),
      unknown = CHANGE_KEYS.indexOf('unknown');
    const problems = csv((await get(`/api/projects/${ids.autumn}/export?format=csv&mode=change&hide=${stable},${unknown}&compare=${ids.summer}`)).body);
    expect(problems).toHaveLength(change.length - expected.stable - (expected.unknown ?? 0));
    // Vitality change is newer − older: a lost tree's vitality does not rise on average.
    const lostVit = change.filter((r) => r.change === 'lost' && r.vit_change !== '').map((r) => Number(r.vit_change));
    expect(lostVit.reduce((a, b) => a + b, 0) / Math.max(1, lostVit.length)).toBeLessThan(0);
  });

  it('the same comparison from the older survey: the classes turn around (new ↔ gone)', async () => {
    const rows = csv((await get(`/api/projects/${ids.summer}/export?format=csv&mode=change&compare=${ids.autumn}`)).body);
    expect(tally(rows)).toEqual(expected);
  });

  it('bad comparisons are 4xx with a message', async () => {
    const cases: [string, number, RegExp][] = [
      [`/api/projects/${ids.autumn}/export?mode=change`, 400, /compare/],
      [`/api/projects/${ids.autumn}/export?compare=${ids.autumn}`, 400, /another survey/],
      [`/api/projects/${ids.autumn}/export?compare=abc`, 400, /compare/],
      [`/api/projects/${ids.autumn}/export?compare=${ids.foreign}`, 404, /not found/],
      [`/api/projects/${ids.autumn}/zones?compare=${ids.foreign}`, 404, /not found/],
      [`/api/projects/${ids.autumn}/zones?format=xlsx`, 400, /format/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json().message, url).toMatch(message);
    }
    // An admin may see both farms, but a comparison across farms means nothing.
    const cross = await get(`/api/projects/${ids.autumn}/export?compare=${ids.foreign}`, 'admin');
    expect(cross.statusCode).toBe(400);
  });

  it('zones: one row per plot and irrigation area, the counts SQL finds, CSV and JSON alike', async () => {
    const res = await get(`/api/projects/${ids.autumn}/zones?format=csv&compare=${ids.summer}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(/areas\.csv/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const rows = csv(res.body);
    const plots = rows.filter((r) => r.kind === 'plot').sort((a, b) => a.name.localeCompare(b.name));
    expect(plots.map((r) => [r.name, Number(r.trees), Number(r.lost)])).toEqual(perPlot.map((p) => [p.plot_name, p.trees, p.lost]));
    const areas = rows.filter((r) => r.kind === 'irrigation_area');
    expect(areas.length).toBeGreaterThan(2);
    expect(areas.reduce((s, r) => s + Number(r.trees), 0)).toBe(perPlot.reduce((s, p) => s + p.trees, 0));
    for (const r of rows) {
      const pct = Number(r.healthy_pct) + Number(r.weak_pct) + Number(r.weak_dead_pct);
      expect(pct).toBeLessThanOrEqual(100.0001);
      expect(Number(r.n_sd)).toBeGreaterThan(0);
    }
    const json = (await get(`/api/projects/${ids.autumn}/zones?format=json`)).json() as Record<string, unknown>[];
    expect(json).toHaveLength(rows.length);
    expect(json[0]).not.toHaveProperty('lost'); // no comparison asked: no change columns
    expect(json.find((z) => z.name === plots[0].name)?.trees).toBe(Number(plots[0].trees));
  });

  it('a grower of another farm gets 404 for the table, like for the map', async () => {
    expect((await get(`/api/projects/${ids.autumn}/zones`, 'grower2')).statusCode).toBe(404);
  });
});
