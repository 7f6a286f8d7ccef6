import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeMapDataArrow,
  ingestMapDataGeoJSON,
  idAt,
  mercatorXToLon,
  mercatorYToLat,
  NUMERIC_FIELDS,
  TEXT_FIELDS,
  type MapDataResponse,
} from '../../workers/geo';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

const ARROW = 'application/vnd.apache.arrow.stream';
let t: TestApp;
let mine: number;
let theirs: number;
beforeAll(async () => {
  t = await createTestApp();
  const list = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; name: string }[];
  mine = list.find((p) => p.name === 'Avocado survey – autumn')!.project_id;
  theirs = ((await t.as('grower2', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number }[])[0].project_id;
});
afterAll(async () => t?.close());

describe(`map data on ${ENGINE}`, () => {
  it('returns §3 GeoJSON in EPSG:3857 with every tree property, ranges and both URLs', async () => {
    const res = await t.as('grower', { method: 'GET', url: `/api/trees/${mine}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MapDataResponse;
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tree_observations WHERE project_id = $1', [mine]);
    expect(body.trees.features.length).toBe(rows[0].n);
    const f = body.trees.features[0];
    for (const k of [
      'tree_id',
      'row_num',
      'tree_num',
      'planting_date',
      'tree_status',
      'crop_name',
      'n_mean',
      'p_mean',
      'k_mean',
      'n_label',
      'p_label',
      'k_label',
      'n_classification',
      'p_classification',
      'k_classification',
      'n_classification_label',
      'p_classification_label',
      'k_classification_label',
      'canopy_diameter',
      'canopy_diameter_label',
      'canopy_classification',
      'canopy_classification_label',
      'biomass',
      'biomass_label',
      'irrigation_area_id',
    ]) {
      expect(f.properties).toHaveProperty(k);
    }
    // EPSG:3857 metres (Israel ≈ 3.9e6, 3.7e6), and the point is the tree's stored lon/lat.
    const [x, y] = f.geometry!.coordinates;
    const tree = (await t.db.query<{ lon: number; lat: number }>('SELECT lon, lat FROM trees WHERE tree_id = $1', [f.properties.tree_id])).rows[0];
    expect(mercatorXToLon(x)).toBeCloseTo(tree.lon, 7);
    expect(mercatorYToLat(y)).toBeCloseTo(tree.lat, 7);
    expect(body.plots.features[0].properties).toMatchObject({ plot_id: expect.any(Number), plot_name: expect.any(String), name: expect.any(String) });
    expect(body.irrigationAreas.features[0].properties).toMatchObject({
      irrigation_area_id: expect.any(Number),
      irrigation_area_name: expect.any(String),
      plot_id: expect.any(Number),
    });
    expect(body.biomassRange!.min).toBeLessThan(body.biomassRange!.max!);
    expect(body.npkRanges!.avocado!.n).toEqual({ lower: expect.any(Number), upper: expect.any(Number) });
    const fallback = await t.as('grower', { method: 'GET', url: `/api/projects/${mine}/data` });
    expect(fallback.body).toBe(res.body);
  });

  it('sends the same data as Arrow IPC, smaller, and gzip when accepted', async () => {
    const json = await t.as('grower', { method: 'GET', url: `/api/trees/${mine}` });
    const arrow = await t.as('grower', { method: 'GET', url: `/api/trees/${mine}`, headers: { accept: ARROW } });
    expect(arrow.headers['content-type']).toBe(ARROW);
    expect(json.rawPayload.length / arrow.rawPayload.length).toBeGreaterThan(5);
    const a = decodeMapDataArrow(arrow.rawPayload);
    const j = ingestMapDataGeoJSON(json.json() as MapDataResponse);
    expect(a.trees.length).toBe(j.trees.length);
    expect(a.duplicates.tree).toEqual(j.duplicates.tree);
    expect(a.duplicates.tree.length).toBeGreaterThan(0);
    for (let i = 0; i < a.trees.length; i += 97) {
      expect(idAt(a.trees.ids, i)).toBe(idAt(j.trees.ids, i));
      expect(a.trees.status[i]).toBe(j.trees.status[i]);
      expect(a.trees.positions[2 * i]).toBeCloseTo(j.trees.positions[2 * i], 7);
      expect(a.trees.positions[2 * i + 1]).toBeCloseTo(j.trees.positions[2 * i + 1], 7);
      for (const f of NUMERIC_FIELDS) expect(Object.is(a.trees.numeric[f][i], j.trees.numeric[f][i])).toBe(true);
      for (const f of TEXT_FIELDS) expect(a.trees.text[f].dict[a.trees.text[f].codes[i]]).toBe(j.trees.text[f].dict[j.trees.text[f].codes[i]]);
    }
    expect(a.plots.map((p) => p.id)).toEqual(j.plots.map((p) => p.id));
    expect(a.biomassRange).toEqual(j.biomassRange);
    const gz = await t.as('grower', { method: 'GET', url: `/api/trees/${mine}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json.body);
  });

  it('rebuilds after a write (change marker) instead of serving stale data', async () => {
    const before = (await t.as('grower', { method: 'GET', url: `/api/trees/${mine}` })).json() as MapDataResponse;
    const id = before.trees.features[0].properties.tree_id;
    await t.db.query('UPDATE tree_observations SET tree_status = 3 WHERE project_id = $1 AND tree_id = $2', [mine, id]);
    const after = (await t.as('grower', { method: 'GET', url: `/api/trees/${mine}` })).json() as MapDataResponse;
    expect(after.trees.features[0].properties.tree_status).toBe(3);
  });

  it('isolates tenants and rejects bad ids without 5xx', async () => {
    for (const url of [
      `/api/trees/${theirs}`,
      `/api/projects/${theirs}/data`,
      `/api/projects/${theirs}`,
      `/api/tree-status-statistics/${theirs}`,
      '/api/trees/999999',
    ]) {
      expect((await t.as('grower', { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.as('admin', { method: 'GET', url: `/api/trees/${theirs}` })).statusCode).toBe(200);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
      for (const base of ['/api/trees/', '/api/tree-status-statistics/', '/api/projects/']) {
        const res = await t.as('grower', { method: 'GET', url: `${base}${bad}` });
        expect(res.statusCode, `${base}${bad}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${base}${bad}`).toBeLessThan(500);
      }
    }
    expect((await t.as('grower', { method: 'GET', url: '/api/trees/abc' })).statusCode).toBe(400);
    expect((await t.as(null, { method: 'GET', url: `/api/trees/${mine}` })).statusCode).toBe(401);
  });

  it('returns the project with its name and the other surveys of its plots', async () => {
    const p = (await t.as('grower', { method: 'GET', url: `/api/projects/${mine}` })).json() as { name: string; project_id: number };
    expect(p).toMatchObject({ project_id: mine, name: 'Avocado survey – autumn' });
    const related = (await t.as('grower', { method: 'GET', url: `/api/projects/${mine}/surveys` })).json() as { name: string }[];
    expect(related.map((r) => r.name)).toContain('Avocado survey – summer');
    expect(related.map((r) => r.name)).not.toContain('Avocado survey – autumn');
  });
});
