import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TreeColumns, type TreeColumnsWire } from '../../src/api/admin-data-trees';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

// The data editor API (issue 7): GET client data, create/update/delete of
// plots, irrigation areas and trees, geometry validation (422 with the
// reason), assignment by location and the plot-delete rule.

interface Feature {
  id: number;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
}
// Trees come as columns since the 110k-tree editor load (read.ts); the
// browser's decoder (TreeColumns) turns them back into the §3 features.
interface ClientData {
  client_id: number;
  plots: { features: Feature[] };
  irrigationAreas: { features: Feature[] };
  trees: TreeColumnsWire;
}
const treeColumns = (d: ClientData) =>
  new TreeColumns(d.trees, {
    clientId: d.client_id,
    plot: new Map(d.plots.features.map((f) => [f.id, f.properties.plot_name as string])),
    area: new Map(d.irrigationAreas.features.map((f) => [f.id, f.properties.irrigation_area_name as string])),
  });

let t: TestApp;
let clientId: number;
let otherClient: number;
// An empty square of land 0.01° east of the client's farm, as WKT.
let X = 0,
  Y = 0;
const sq = (x0: number, y0: number, x1: number, y1: number) => `POLYGON ((${x0} ${y0}, ${x1} ${y0}, ${x1} ${y1}, ${x0} ${y1}, ${x0} ${y0}))`;
const D = 0.002; // ≈ 200 m

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.as('admin', { method, url: `/api/admin/data${url}`, payload: payload as Record<string, unknown> });
const data = async () => (await api('GET', `/clients/${clientId}`)).json() as ClientData;
const tree = async (id: number) => treeColumns(await data()).byId(id)!.properties;

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.db.query<{ client_id: number; name: string }>(`SELECT client_id, name FROM clients ORDER BY client_id`);
  clientId = c.rows.find((r) => r.name === 'Galil Orchards')!.client_id;
  otherClient = c.rows.find((r) => r.name !== 'Galil Orchards')!.client_id;
  const b = await t.db.query<{ x: number; y: number }>(`SELECT max(max_lon) AS x, min(min_lat) AS y FROM plots WHERE client_id = $1`, [clientId]);
  X = Math.round((b.rows[0].x + 0.01) * 1e4) / 1e4;
  Y = Math.round(b.rows[0].y * 1e4) / 1e4;
});
afterAll(async () => t?.close());

describe(`data editor API on ${ENGINE}`, () => {
  it('GET returns three feature collections with the §3 fields, id, name and type', async () => {
    const res = await api('GET', `/clients/${clientId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ClientData;
    const plot = body.plots.features[0].properties;
    expect(plot).toMatchObject({ type: 'plot', id: body.plots.features[0].id, name: plot.plot_name });
    for (const k of ['plot_id', 'plot_name', 'plot_area', 'crop_id', 'crop_name', 'client_id', 'created_at', 'version']) expect(plot).toHaveProperty(k);
    const area = body.irrigationAreas.features[0].properties;
    expect(area.type).toBe('irrigation');
    for (const k of ['irrigation_area_id', 'irrigation_area_name', 'plot_id', 'plot_name', 'created_at']) expect(area).toHaveProperty(k);
    // Shape change (deliberate): trees are parallel arrays, one per field, plus a breed dictionary.
    expect(body.trees).toMatchObject({ format: 'columns', count: body.trees.tree_id.length });
    for (const k of ['tree_id', 'row_num', 'tree_num', 'breed_id', 'plot_id', 'irrigation_area_id', 'lon', 'lat', 'planting_date', 'version'] as const)
      expect(body.trees[k]).toHaveLength(body.trees.count);
    expect(body.trees.count).toBeGreaterThan(0);
    const cols = treeColumns(body);
    const tr = cols.feature(0);
    expect(tr.geometry.type).toBe('Point');
    const [db] = (
      await t.db.query<{ lon: number; lat: number; breed_name: string | null }>(
        `SELECT t.lon, t.lat, b.breed_name FROM trees t LEFT JOIN breeds b USING (breed_id) WHERE tree_id = $1`,
        [tr.id],
      )
    ).rows;
    expect(tr.geometry.coordinates[0]).toBeCloseTo(db.lon, 7);
    expect(tr.geometry.coordinates[1]).toBeCloseTo(db.lat, 7);
    expect(tr.properties.breed_name).toBe(db.breed_name);
    expect(tr.properties.type).toBe('tree');
    for (const k of [
      'tree_id',
      'row_num',
      'tree_num',
      'breed_id',
      'breed_name',
      'planting_date',
      'irrigation_area_id',
      'irrigation_area_name',
      'plot_id',
      'plot_name',
    ])
      expect(tr.properties).toHaveProperty(k);
    const {
      rows: [n],
    } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM trees WHERE client_id = $1`, [clientId]);
    expect(body.trees.count).toBe(n.n); // all of this client's trees, no other client's
    expect(new Set(body.trees.tree_id).size).toBe(n.n);
    expect((await api('GET', '/clients/999999')).statusCode).toBe(404);
    expect((await t.as('grower', { method: 'GET', url: `/api/admin/data/clients/${clientId}` })).statusCode).toBe(403);
    const opts = (await api('GET', '/options')).json() as {
      crops: { crop_id: number; crop_name: string }[];
      breeds: { breed_id: number; breed_name: string }[];
    };
    expect(opts.crops.slice(0, 3).map((c) => c.crop_name)).toEqual(['Almond', 'Olive', 'Grape']);
    expect(opts.breeds.slice(0, 3).map((b) => b.breed_id)).toEqual([1, 2, 3]);
  });

  it('rejects every geometry error with 422 and the reason', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['plots', undefined, /Geometry is required/],
      ['plots', '  ', /Geometry is required/],
      ['plots', 'POLYGON ((0 0, 1 0, 1 1, 0 0)', /ends too early/],
      ['plots', 'HEXAGON (1 2)', /Unsupported WKT geometry type/],
      ['plots', 'POINT (34 32)', /needs a POLYGON or MULTIPOLYGON/],
      ['plots', 'POLYGON ((34 32, 34.1 32, 34.1 32.1, 34 32.1))', /not closed/],
      ['plots', 'POLYGON ((34 32, 34.1 32, 34 32))', /at least 4/],
      ['plots', 'POLYGON ((34 32, 34.1 32.1, 34.1 32, 34 32.1, 34 32))', /intersects itself/],
      ['plots', 'POLYGON ((190 32, 191 32, 191 33, 190 32))', /longitude 190/],
      [
        'plots',
        {
          type: 'Polygon',
          coordinates: [
            [
              [34, 32],
              [34.1, 32],
              [34.1, 'x'],
              [34, 32],
            ],
          ],
        },
        /not a number/,
      ],
      ['plots', '{"type":"Polygon","coordinates":[[[34,32],[34.1,32],[34.1,NaN],[34,32]]]}', /not valid JSON/],
      ['trees', 'POINT (34 -95)', /latitude -95/],
      ['trees', 'POINT (NaN 32)', /NaN/],
      ['trees', 'POINT (34 32 10)', /more than two numbers/],
      ['irrigation-areas', 'MULTIPOLYGON (((34 32, 34.1 32, 34.1 32.1, 34 32)))', /needs a POLYGON/],
    ];
    for (const [path, geom, msg] of cases) {
      const body =
        path === 'plots'
          ? { plot_name: 'Bad', client_id: clientId, geom }
          : path === 'trees'
            ? { row_num: 1, tree_num: 1, client_id: clientId, geom }
            : { irrigation_area_name: 'Bad', client_id: clientId, geom };
      const res = await api('POST', `/${path}`, body);
      expect(res.statusCode, `${path} ${JSON.stringify(geom)}`).toBe(422);
      expect(res.json().message).toMatch(msg);
      expect(res.json().errors[0].field).toBe('geom');
    }
    const { rows } = await t.db.query(`SELECT 1 FROM plots WHERE plot_name = 'Bad'`);
    expect(rows).toHaveLength(0);
  });

  it('validates form fields with the spec messages (400)', async () => {
    const geom = sq(X, Y, X + D, Y + D);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['plots', { plot_name: '  ', client_id: clientId, geom }, /Plot name is required/],
      ['plots', { plot_name: 'A', plot_area: 0, client_id: clientId, geom }, /Area must be greater than 0/],
      ['plots', { plot_name: 'A', client_id: clientId, geom, evil: 1 }, /evil/],
      ['plots', { plot_name: 'A', client_id: clientId, crop_id: 999, geom }, /Crop option 999 does not exist/],
      ['irrigation-areas', { irrigation_area_name: '', geom }, /Irrigation area name is required/],
      ['trees', { row_num: 0, tree_num: 1, geom: `POINT (${X} ${Y})` }, /Row number must be greater than 0/],
      ['trees', { row_num: 1, tree_num: -2, geom: `POINT (${X} ${Y})` }, /Tree number must be greater than 0/],
      ['trees', { tree_num: 1, geom: `POINT (${X} ${Y})` }, /Row number is required/],
      ['trees', { row_num: 1, tree_num: 1, planting_date: '2024-02-30', geom: `POINT (${X} ${Y})` }, /not a valid date/],
    ];
    for (const [path, body, msg] of cases) {
      const res = await api('POST', `/${path}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(msg);
    }
  });

  it('assigns by location: irrigation area → plot, tree → area and plot; reshaping re-assigns in the same transaction', async () => {
    // A tree and an area drawn before their plot exists are unassigned…
    const t1 = await api('POST', '/trees', { row_num: 1, tree_num: 1, breed_id: 1, client_id: clientId, geom: `POINT (${X + D / 4} ${Y + D / 4})` });
    expect(t1.statusCode).toBe(201);
    const t1id = t1.json().tree.id as number;
    expect(t1.json().tree.properties).toMatchObject({ plot_id: null, irrigation_area_id: null, breed_name: 'Almond-Nonpareil' });
    // …a plot drawn around them takes them over.
    const plot = await api('POST', '/plots', { plot_name: 'New block', crop_id: 1, client_id: clientId, geom: sq(X, Y, X + D, Y + D) });
    expect(plot.statusCode).toBe(201);
    const p = plot.json().plot;
    expect(p.properties).toMatchObject({ plot_name: 'New block', crop_name: 'Almond', type: 'plot' });
    expect(p.properties.plot_area).toBeCloseTo(4.4, 0); // 0.002° × 0.002° at ~33° N ≈ 4.4 ha, computed when not given
    expect(plot.json().assigned.trees).toBe(1);
    const { rows: bbox } = await t.db.query(`SELECT min_lon, min_lat, max_lon, max_lat FROM plots WHERE plot_id = $1`, [p.id]);
    expect(bbox[0]).toEqual({ min_lon: X, min_lat: Y, max_lon: X + D, max_lat: Y + D });
    expect(await tree(t1id)).toMatchObject({ plot_id: p.id, plot_name: 'New block', irrigation_area_id: null });

    // An irrigation area (no client_id: found from the containing plot) in the west half.
    const area = await api('POST', '/irrigation-areas', { irrigation_area_name: 'West half', geom: sq(X, Y, X + D / 2, Y + D) });
    expect(area.statusCode).toBe(201);
    const a = area.json().irrigation_area;
    expect(a.properties).toMatchObject({ plot_id: p.id, plot_name: 'New block', client_id: clientId });
    expect(await tree(t1id)).toMatchObject({ irrigation_area_id: a.id, irrigation_area_name: 'West half' });

    // A tree by WKT inside both gets both.
    const t2 = await api('POST', '/trees', {
      row_num: 2,
      tree_num: 5,
      client_id: clientId,
      planting_date: '2020-03-01',
      geom: `POINT (${X + D / 4} ${Y + D * 0.75})`,
    });
    expect(t2.json().tree.properties).toMatchObject({ plot_id: p.id, irrigation_area_id: a.id, planting_date: '2020-03-01' });
    const t2id = t2.json().tree.id as number;

    // Moving the area to the east half: t1/t2 leave it (same transaction).
    const moved = await api('PATCH', `/irrigation-areas/${a.id}`, { geom: sq(X + D / 2, Y, X + D, Y + D), version: a.properties.version });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().assigned.trees).toBe(2);
    expect(await tree(t1id)).toMatchObject({ irrigation_area_id: null, plot_id: p.id });

    // Shrinking the plot to its north half: t1 (south) leaves the plot; the area follows by majority of corners.
    const shrunk = await api('PATCH', `/plots/${p.id}`, {
      geom: {
        type: 'Polygon',
        coordinates: [
          [
            [X, Y + D / 2],
            [X + D, Y + D / 2],
            [X + D, Y + D],
            [X, Y + D],
            [X, Y + D / 2],
          ],
        ],
      },
      version: p.properties.version,
    });
    expect(shrunk.statusCode).toBe(200);
    expect(shrunk.json().plot.properties.plot_area).toBeCloseTo(2.2, 0);
    expect(await tree(t1id)).toMatchObject({ plot_id: null });
    expect(await tree(t2id)).toMatchObject({ plot_id: p.id });

    // Moving a tree by geom only re-locates it.
    const mv = await api('PATCH', `/trees/${t1id}`, { geom: `POINT (${X + D * 0.75} ${Y + D * 0.75})` });
    expect(mv.json().tree.properties).toMatchObject({ plot_id: p.id, irrigation_area_id: a.id, row_num: 1 });

    // Every change wrote the audit log.
    const { rows: log } = await t.db.query<{ entity: string; action: string; user_email: string }>(
      `SELECT entity, action, user_email FROM audit_log WHERE entity IN ('plot', 'irrigation_area', 'tree') ORDER BY audit_id`,
    );
    expect(log.map((l) => `${l.action} ${l.entity}`)).toEqual([
      'create tree',
      'create plot',
      'create irrigation_area',
      'create tree',
      'update irrigation_area',
      'update plot',
      'update tree',
    ]);
    expect(log.every((l) => l.user_email === 'admin@demo.farm')).toBe(true);

    // An area stored as a MultiPolygon (the database allows it; the editor draws Polygons) answers a rename with its geometry.
    const { rows: stored } = await t.db.query<{ version: number }>(
      `UPDATE irrigation_areas SET geom = jsonb_build_object('type', 'MultiPolygon', 'coordinates', jsonb_build_array(geom->'coordinates'))
        WHERE irrigation_area_id = $1 RETURNING version`,
      [a.id],
    );
    const renamed = await api('PATCH', `/irrigation-areas/${a.id}`, { irrigation_area_name: 'East half', version: stored[0].version });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().irrigation_area.geometry.type).toBe('MultiPolygon');
  });

  it('a stale version gets 409 and changes nothing; a missing row gets 404', async () => {
    const plot = await api('POST', '/plots', { plot_name: 'Versioned', client_id: clientId, geom: sq(X + 2 * D, Y, X + 3 * D, Y + D) });
    const { id, properties } = plot.json().plot;
    const ok = await api('PATCH', `/plots/${id}`, { plot_name: 'Renamed', version: properties.version });
    expect(ok.statusCode).toBe(200);
    const stale = await api('PATCH', `/plots/${id}`, { plot_name: 'Lost update', version: properties.version });
    expect(stale.statusCode).toBe(409);
    expect((await t.db.query(`SELECT plot_name FROM plots WHERE plot_id = $1`, [id])).rows[0]).toEqual({ plot_name: 'Renamed' });
    expect((await api('DELETE', `/plots/${id}?version=${properties.version}`)).statusCode).toBe(409);
    expect((await api('PATCH', '/plots/99999999', { plot_name: 'x' })).statusCode).toBe(404);
    expect((await api('PATCH', `/plots/${id}`, {})).statusCode).toBe(400);
    expect((await api('DELETE', '/trees/99999999')).statusCode).toBe(404);
  });

  it('deleting a plot keeps its irrigation areas and trees (unassigned); 409 when its trees have survey results', async () => {
    const plot = (await api('POST', '/plots', { plot_name: 'Temp', client_id: clientId, geom: sq(X + 4 * D, Y, X + 5 * D, Y + D) })).json().plot;
    const area = (
      await api('POST', '/irrigation-areas', { irrigation_area_name: 'Temp area', client_id: clientId, geom: sq(X + 4 * D, Y, X + 5 * D, Y + D) })
    ).json().irrigation_area;
    const tr = (await api('POST', '/trees', { row_num: 1, tree_num: 1, client_id: clientId, geom: `POINT (${X + 4.5 * D} ${Y + D / 2})` })).json().tree;
    expect(tr.properties).toMatchObject({ plot_id: plot.id, irrigation_area_id: area.id });
    const del = await api('DELETE', `/plots/${plot.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().kept).toEqual({ irrigation_areas: 1, trees: 1, removed_from_projects: 0 });
    expect(await tree(tr.id)).toMatchObject({ plot_id: null, irrigation_area_id: area.id });
    const areaNow = (await data()).irrigationAreas.features.find((f) => f.id === area.id)!;
    expect(areaNow.properties.plot_id).toBeNull();
    expect((await api('DELETE', `/plots/${plot.id}`)).statusCode).toBe(404);

    // A seeded plot whose trees were surveyed.
    const { rows } = await t.db.query<{ plot_id: number }>(
      `SELECT DISTINCT t.plot_id FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id WHERE t.client_id = $1 LIMIT 1`,
      [clientId],
    );
    const surveyed = await api('DELETE', `/plots/${rows[0].plot_id}`);
    expect(surveyed.statusCode).toBe(409);
    expect(surveyed.json().message).toMatch(/have survey results/);
    expect((await t.db.query(`SELECT 1 FROM plots WHERE plot_id = $1`, [rows[0].plot_id])).rows).toHaveLength(1);

    // Deleting the area keeps its tree; deleting the tree removes it; a surveyed tree is kept (409).
    const delArea = await api('DELETE', `/irrigation-areas/${area.id}`);
    expect(delArea.json().kept).toEqual({ trees: 1 });
    expect(await tree(tr.id)).toMatchObject({ irrigation_area_id: null });
    expect((await api('DELETE', `/trees/${tr.id}`)).statusCode).toBe(200);
    const { rows: obs } = await t.db.query<{ tree_id: number }>(`SELECT tree_id FROM tree_observations LIMIT 1`);
    expect((await api('DELETE', `/trees/${obs[0].tree_id}`)).statusCode).toBe(409);
    const { rows: audits } = await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'delete' AND entity IN ('plot', 'irrigation_area', 'tree')`);
    expect(audits).toHaveLength(3);
  });

  it('keeps tenants apart: assignment only considers the given client; unknown clients are rejected', async () => {
    const res = await api('POST', '/trees', { row_num: 1, tree_num: 1, client_id: otherClient, geom: `POINT (${X + D * 0.75} ${Y + D * 0.75})` });
    expect(res.statusCode).toBe(201);
    expect(res.json().tree.properties).toMatchObject({ plot_id: null, irrigation_area_id: null, client_id: otherClient });
    expect((await api('POST', '/plots', { plot_name: 'x', client_id: 999999, geom: sq(X, Y, X + D, Y + D) })).statusCode).toBe(400);
    const orphan = await api('POST', '/irrigation-areas', { irrigation_area_name: 'Nowhere', geom: sq(10, 10, 10.001, 10.001) });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().message).toMatch(/client_id is required/);
  });
});
