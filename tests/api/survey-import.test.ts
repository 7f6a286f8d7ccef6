import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

// Survey-results import (issue 7): rows matched by tree id, else the nearest
// tree within 1.5 m; unmatched rows reported (or created as trees); bad rows
// listed with their lines; all or nothing.

let t: TestApp;
let projectId: number;
let clientId: number;
let trees: { tree_id: number; lon: number; lat: number }[];
const M = 1 / 111_320; // ≈ 1 m of latitude in degrees

const post = (body: string, contentType: string, query = '', accept = 'application/json') =>
  t.as('admin', { method: 'POST', url: `/api/admin/projects/${projectId}/import${query}`, payload: body, headers: { 'content-type': contentType, accept } });
const obsCount = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tree_observations WHERE project_id = $1`, [projectId])).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  // A project without results yet, of the first client.
  const { rows } = await t.db.query<{ project_id: number; client_id: number }>(
    `SELECT p.project_id, p.client_id FROM projects p WHERE NOT EXISTS (SELECT 1 FROM tree_observations o WHERE o.project_id = p.project_id)
      AND EXISTS (SELECT 1 FROM trees t WHERE t.client_id = p.client_id) ORDER BY p.project_id LIMIT 1`,
  );
  ({ project_id: projectId, client_id: clientId } = rows[0]);
  trees = (
    await t.db.query<{ tree_id: number; lon: number; lat: number }>(`SELECT tree_id, lon, lat FROM trees WHERE client_id = $1 ORDER BY tree_id LIMIT 10`, [
      clientId,
    ])
  ).rows;
});
afterAll(async () => t?.close());

describe(`survey results import on ${ENGINE}`, () => {
  const header = 'tree_id,lon,lat,tree_status,n_mean,p_mean,k_mean,n_label,canopy,biomass,comment';
  const good = () => [
    `${trees[0].tree_id},,,0,2.1,0.12,0.9,Optimal,4.5,120,matched by id`,
    `${trees[1].tree_id},,,1,1.7,0.10,0.8,Low,3.9,100,`,
    `,${trees[2].lon},${trees[2].lat + 0.6 * M},0,2.0,0.11,0.85,Optimal,4.2,110,"nearest, 0.6 m north"`,
    `,${trees[3].lon + 0.0001 * M},${trees[3].lat},3,,,,,,,dead tree at the same spot`,
    `,${trees[0].lon + 0.01},${trees[0].lat + 0.01},0,2.2,0.13,0.95,Optimal,5,130,new tree 1 km away`,
  ];

  it('lists every bad row with its line number and imports nothing', async () => {
    const csv = [
      header,
      ...good(),
      `${trees[4].tree_id},,,9,2,,,,,,`,
      `,abc,32,0,,,,,,,`,
      `,,,0,,,,,,,`,
      `999999999,,,0,,,,,,,`,
      `${trees[0].tree_id},,,0,,,,,,,`,
      `1,2`,
      '',
    ].join('\n');
    const res = await post(csv, 'text/csv');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('6 row(s) are invalid; nothing was imported');
    expect(body.errors).toEqual([
      { field: 'line 7', message: 'tree_status 9 is outside 0..6' },
      { field: 'line 8', message: 'lon "abc" is not a number' },
      { field: 'line 9', message: 'needs tree_id, or lon and lat' },
      { field: 'line 10', message: "tree_id 999999999 is not a tree of this project's client" },
      { field: 'line 11', message: `matches tree ${trees[0].tree_id}, already matched by line 2` },
      { field: 'line 12', message: 'has 2 fields, the header has 11' },
    ]);
    expect(await obsCount()).toBe(0);
  });

  it('matches by id and by nearest tree within 1.5 m, reports unmatched rows, and replaces on re-import', async () => {
    const res = await post([header, ...good()].join('\r\n'), 'text/csv');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      format: 'csv',
      rows: 5,
      matched_by_id: 2,
      matched_nearest: 2,
      unmatched: 1,
      unmatched_lines: [6],
      observations: 4,
      created_trees: 0,
      skipped_unmatched: 1,
      replaced: 0,
      ignored_columns: ['comment'],
    });
    const { rows } = await t.db.query<{ tree_id: number; tree_status: number; n_mean: number; n_label: string; canopy_diameter: number }>(
      `SELECT tree_id, tree_status, n_mean, n_label, canopy_diameter FROM tree_observations WHERE project_id = $1 ORDER BY tree_id`,
      [projectId],
    );
    expect(rows.map((r) => r.tree_id)).toEqual(trees.slice(0, 4).map((x) => x.tree_id));
    expect(rows[2]).toMatchObject({ tree_status: 0, n_label: 'Optimal' });
    expect(rows[2].canopy_diameter).toBeCloseTo(4.2, 5);
    expect(rows[3]).toMatchObject({ tree_status: 3, n_mean: null });
    // Running the same import again replaces, never duplicates.
    const again = (await post([header, ...good()].join('\n'), 'text/csv')).json();
    expect(again).toMatchObject({ observations: 4, replaced: 4 });
    expect(await obsCount()).toBe(4);
    const { rows: log } = await t.db.query(`SELECT summary FROM audit_log WHERE entity = 'survey_import'`);
    expect(log).toHaveLength(2);
  });

  it('rows farther than 1.5 m do not match; with create_unmatched they become new trees placed by location, once', async () => {
    const far = `,${trees[5].lon},${trees[5].lat + 2 * M},0,,,,,,,`;
    const csv = [header, far, `,${trees[5].lon},${trees[5].lat + 2.5 * M},1,,,,,,,`].join('\n');
    const dup = await post(csv, 'text/csv', '?create_unmatched=true');
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors[0]).toEqual({ field: 'line 3', message: 'is within 1.5 m of line 2: the same new tree twice' });

    const before = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM trees WHERE client_id = $1`, [clientId])).rows[0].n;
    const res = await post([header, far].join('\n'), 'text/csv', '?create_unmatched=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ unmatched: 1, created_trees: 1, observations: 1 });
    const { rows } = await t.db.query<{ n: number; plot_id: number | null }>(
      `SELECT count(*) OVER ()::int AS n, plot_id FROM trees WHERE client_id = $1 ORDER BY tree_id DESC LIMIT 1`,
      [clientId],
    );
    expect(rows[0].n).toBe(before + 1);
    const { rows: near } = await t.db.query<{ plot_id: number | null }>(`SELECT plot_id FROM trees WHERE tree_id = $1`, [trees[5].tree_id]);
    expect(rows[0].plot_id).toBe(near[0].plot_id); // 2 m from a planted tree: the same plot
    // The same row again now matches the tree it created.
    expect((await post([header, far].join('\n'), 'text/csv', '?create_unmatched=true')).json()).toMatchObject({ matched_nearest: 1, created_trees: 0 });
  });

  it('imports GeoJSON (points or tree_id), and streams progress as NDJSON when asked', async () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [trees[6].lon, trees[6].lat] }, properties: { tree_status: 0, N: 2.3, canopy: 4 } },
        { type: 'Feature', geometry: null, properties: { tree_id: trees[7].tree_id, tree_status: 1 } },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties: {} },
      ],
    };
    const bad = await post(JSON.stringify(fc), 'application/geo+json');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: 'line 3', message: 'geometry must be a Point, not LineString' }]);
    fc.features.pop();
    const res = await post(JSON.stringify(fc), 'application/json', '', 'application/x-ndjson');
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.phase)).toEqual(expect.arrayContaining(['parsing', 'matching', 'writing', 'snapshot', 'done']));
    // The survey's map data is made after the write and before the answer (its first open does not wait for it).
    expect(lines.slice(-3)).toEqual([
      { phase: 'snapshot', done: 0, total: 1 },
      { phase: 'snapshot', done: 1, total: 1 },
      expect.objectContaining({ phase: 'done' }),
    ]);
    const last = lines[lines.length - 1];
    expect(last).toMatchObject({ phase: 'done', status: 200, body: { format: 'geojson', matched_by_id: 1, matched_nearest: 1, observations: 2 } });
    const streamedError = (await post('tree_id\nxyz', 'text/csv', '', 'application/x-ndjson')).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .pop();
    expect(streamedError).toMatchObject({
      phase: 'done',
      status: 422,
      body: { code: 'import_rows_invalid', params: { count: 1 }, errors: [{ field: 'line 2', message: 'tree_id "xyz" is not a number' }] },
    });
  });

  // The client_id foreign key only says the client exists; the tenant rule
  // (same client for observation, project and tree) is the code's to keep.
  it("keeps tenants apart: another client's tree id is a bad row, and every observation has its project's and tree's client", async () => {
    const {
      rows: [other],
    } = await t.db.query<{ tree_id: number }>(`SELECT tree_id FROM trees WHERE client_id <> $1 ORDER BY tree_id LIMIT 1`, [clientId]);
    const before = await obsCount();
    const res = await post(`tree_id,tree_status\n${other.tree_id},0\n`, 'text/csv');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().errors).toEqual([{ field: 'line 2', message: `tree_id ${other.tree_id} is not a tree of this project's client` }]);
    expect(await obsCount()).toBe(before);
    const { rows: wrong } = await t.db.query(
      `SELECT o.observation_id FROM tree_observations o JOIN projects p ON p.project_id = o.project_id JOIN trees tr ON tr.tree_id = o.tree_id
        WHERE o.client_id <> p.client_id OR o.client_id <> tr.client_id LIMIT 5`,
    );
    expect(wrong).toEqual([]);
    const {
      rows: [n],
    } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tree_observations WHERE project_id = $1`, [projectId]);
    expect(n.n).toBeGreaterThan(0); // the earlier imports wrote rows that the check above covered
  });

  it('rejects empty files, unknown projects and non-admins', async () => {
    expect((await post('', 'text/csv')).statusCode).toBe(400);
    expect((await post('a,b\n1,2', 'text/csv')).json().errors[0].message).toMatch(/needs a tree_id column, or lon and lat/);
    expect(
      (await t.as('admin', { method: 'POST', url: '/api/admin/projects/999999/import', payload: 'tree_id\n1', headers: { 'content-type': 'text/csv' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.as('grower', { method: 'POST', url: `/api/admin/projects/${projectId}/import`, payload: 'tree_id\n1', headers: { 'content-type': 'text/csv' } }))
        .statusCode,
    ).toBe(403);
  });
});
