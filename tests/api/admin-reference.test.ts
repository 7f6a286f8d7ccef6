import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// endpoint, list key, id field, a valid body, an updated body
const LISTS: [string, string, string, () => Record<string, unknown>, () => Record<string, unknown>][] = [
  ['crop-types', 'cropTypes', 'crop_type_id', () => ({ crop_type_name: 'Berries' }), () => ({ crop_type_name: 'Soft berries' })],
  ['crop-options', 'cropOptions', 'crop_id', () => ({ crop_name: 'Blueberry', crop_type_id: null }), () => ({ crop_name: 'Blueberry', crop_type_id: 1 })],
  ['breeds', 'breeds', 'breed_id', () => ({ breed_name: 'Reed', crop_id: 4 }), () => ({ breed_name: 'Reed avocado', crop_id: 4 })],
  ['irrigation-types', 'irrigationTypes', 'irrigation_type_id', () => ({ irrigation_type_name: 'Flood' }), () => ({ irrigation_type_name: 'Basin flood' })],
  ['survey-types', 'surveyTypes', 'survey_type_id', () => ({ code: 'HYP', label: 'Hyperspectral' }), () => ({ code: 'HYP2', label: 'Hyperspectral v2' })],
  ['disease-types', 'diseaseTypes', 'disease_id', () => ({ disease_name: 'Anthracnose' }), () => ({ disease_name: 'Leaf anthracnose' })],
  [
    'tree-status-types',
    'treeStatusTypes',
    'status_code',
    () => ({ status_code: 42, status_name: 'Pruned' }),
    () => ({ status_code: 43, status_name: 'Heavily pruned' }),
  ],
  ['countries', 'countries', 'country_id', () => ({ country_name: 'Portugal' }), () => ({ country_name: 'Portuguese Republic' })],
];

describe(`admin reference lists on ${ENGINE}`, () => {
  for (const [endpoint, key, idField, create, update] of LISTS) {
    it(`${endpoint}: list, create, update (stale → 409), delete, 404; audit rows`, async () => {
      const url = `/api/admin/${endpoint}`;
      const list = await t.as('admin', { method: 'GET', url });
      expect(list.statusCode).toBe(200);
      expect(list.json().success).toBe(true);
      expect(list.json()[key].length).toBeGreaterThan(0);

      const created = await t.as('admin', { method: 'POST', url, payload: create() });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().item[idField];
      expect(created.json().item).toMatchObject({ ...create(), version: 1 });

      const dup = await t.as('admin', { method: 'POST', url, payload: create() });
      expect(dup.statusCode).toBe(409);

      const upd = await t.as('admin', { method: 'PUT', url: `${url}/${id}`, payload: { ...update(), version: 1 } });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json().item).toMatchObject({ ...update(), version: 2 });
      const newId = upd.json().item[idField];
      const stale = await t.as('admin', { method: 'PUT', url: `${url}/${newId}`, payload: { ...update(), version: 1 } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe('This record was changed by someone else. Reload and try again.');

      const extra = await t.as('admin', { method: 'POST', url, payload: { ...create(), color: 'red' } });
      expect(extra.statusCode).toBe(400);

      const del = await t.as('admin', { method: 'DELETE', url: `${url}/${newId}` });
      expect(del.statusCode).toBe(200);
      expect(del.json().success).toBe(true);
      expect((await t.as('admin', { method: 'DELETE', url: `${url}/${newId}` })).statusCode).toBe(404);
      expect((await t.as('admin', { method: 'PUT', url: `${url}/${newId}`, payload: update() })).statusCode).toBe(404);
      const audits = (
        await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 AND entity = $2 ORDER BY audit_id`, [
          String(newId),
          endpoint
            .replace(/-/g, ' ')
            .replace(/s$/, '')
            .replace(/ie$/, 'y')
            .replace(/breed$/, 'breed'),
        ])
      ).rows;
      expect(audits.map((a) => a.action)).toContain('delete');
      expect((await t.as('grower', { method: 'GET', url })).statusCode).toBe(403);
    });
  }

  it('validates names (2–100), survey codes (1–20), status codes (0–999), breed crop and crop type', async () => {
    const bad: [string, Record<string, unknown>, string, string][] = [
      ['crop-types', { crop_type_name: 'A' }, 'crop_type_name', 'Crop type name must be at least 2 characters'],
      ['crop-types', { crop_type_name: 'x'.repeat(101) }, 'crop_type_name', 'Crop type name must be at most 100 characters'],
      ['crop-types', {}, 'crop_type_name', 'Crop type name is required'],
      ['countries', { country_name: '  ' }, 'country_name', 'Country name is required'],
      ['survey-types', { code: '', label: 'Good label' }, 'code', 'Code is required'],
      ['survey-types', { code: 'X'.repeat(21), label: 'Good label' }, 'code', 'Code must be at most 20 characters'],
      ['survey-types', { code: 'OK', label: 'L' }, 'label', 'Label must be at least 2 characters'],
      ['tree-status-types', { status_code: -1, status_name: 'Negative' }, 'status_code', 'Status code must be at least 0'],
      ['tree-status-types', { status_code: 1000, status_name: 'Big' }, 'status_code', 'Status code must be at most 999'],
      ['tree-status-types', { status_name: 'None' }, 'status_code', 'Status code is required'],
      ['breeds', { breed_name: 'Lonely' }, 'crop_id', 'Crop is required'],
    ];
    for (const [endpoint, payload, field, message] of bad) {
      const res = await t.as('admin', { method: 'POST', url: `/api/admin/${endpoint}`, payload });
      expect(res.statusCode, `${endpoint} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, message, code: expect.any(String) }));
    }
    const noCrop = await t.as('admin', { method: 'POST', url: '/api/admin/breeds', payload: { breed_name: 'Ghost', crop_id: 999 } });
    expect(noCrop.statusCode).toBe(422);
    expect(noCrop.json().errors).toEqual([
      { field: 'crop_id', message: 'The selected crop does not exist', code: 'selection_missing', params: { entity: 'crop_option' } },
    ]);
    const optional = await t.as('admin', { method: 'POST', url: '/api/admin/crop-options', payload: { crop_name: 'Pistachio' } });
    expect(optional.statusCode).toBe(201);
    expect(optional.json().item.crop_type_id).toBeNull();
  });

  it('refuses to delete what is still referenced, naming the references', async () => {
    const cases: [string, string][] = [
      ['/api/admin/crop-types/1', 'is used by 2 crop options'],
      ['/api/admin/crop-options/4', 'is used by 2 plots and 2 breeds'],
      ['/api/admin/breeds/4', 'is used by'],
      ['/api/admin/irrigation-types/1', 'irrigation areas'],
      ['/api/admin/tree-status-types/0', 'tree observations'],
    ];
    for (const [url, fragment] of cases) {
      const res = await t.as('admin', { method: 'DELETE', url });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toContain(fragment);
    }
    // The seeded "Healthy" has code 0 (client.md §3): it can be edited like any other status.
    const healthy = (await t.as('admin', { method: 'GET', url: '/api/admin/tree-status-types' }))
      .json()
      .treeStatusTypes.find((x: { status_code: number }) => x.status_code === 0);
    const rename = await t.as('admin', {
      method: 'PUT',
      url: '/api/admin/tree-status-types/0',
      payload: { status_code: 0, status_name: 'Healthy (checked)', version: healthy.version },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const renumber = await t.as('admin', { method: 'PUT', url: '/api/admin/tree-status-types/3', payload: { status_code: 30, status_name: 'Dead' } });
    expect(renumber.statusCode).toBe(409);
    expect(
      (await t.as('admin', { method: 'GET', url: '/api/admin/crop-types' })).json().cropTypes.some((c: { crop_type_id: number }) => c.crop_type_id === 1),
    ).toBe(true);
  });
});
