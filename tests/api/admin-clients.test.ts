import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const lastAudit = async () => (await t.db.query<Record<string, unknown>>(`SELECT * FROM audit_log ORDER BY audit_id DESC LIMIT 1`)).rows[0];

describe(`admin clients on ${ENGINE}`, () => {
  it('lists clients with user_count, plot_count and project_count', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/clients' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const galil = body.clients.find((c: { name: string }) => c.name === 'Galil Orchards');
    expect(galil).toMatchObject({ user_count: 4, plot_count: 4, project_count: 18 }); // 2 growers, 2 field workers
    expect(typeof galil.version).toBe('number');
  });

  it('gives 403 to growers on every admin endpoint and 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/clients'],
      ['POST', '/api/admin/clients'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/projects'],
      ['GET', '/api/admin/projects/statistics'],
      ['GET', '/api/admin/crop-types'],
      ['DELETE', '/api/admin/countries/1'],
      ['GET', '/api/admin/activity'],
      ['GET', '/api/admin/reports/tree-status?clientId=1'],
    ] as const) {
      expect((await t.as('grower', { method, url, payload: method === 'POST' ? { name: 'x' } : undefined })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.as(null, { method, url })).statusCode).toBe(401);
    }
  });

  it('creates, reads, renames and deletes a client, writing the audit log each time', async () => {
    const created = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: '  Hula Valley Farms ' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      message: 'Client created successfully',
      client: { name: 'Hula Valley Farms', user_count: 0, plot_count: 0, project_count: 0 },
    });
    const id = created.json().client.client_id;
    expect(await lastAudit()).toMatchObject({ action: 'create', entity: 'client', entity_id: String(id), user_email: 'admin@demo.farm' });

    const one = await t.as('admin', { method: 'GET', url: `/api/admin/clients/${id}` });
    expect(one.json().client).toMatchObject({ client_id: id, user_count: 0, plot_count: 0, version: 1 });

    const put = await t.as('admin', { method: 'PUT', url: `/api/admin/clients/${id}`, payload: { name: 'Hula Farms', version: 1 } });
    expect(put.statusCode).toBe(200);
    expect(put.json().client).toMatchObject({ name: 'Hula Farms', version: 2, user_count: 0, plot_count: 0, project_count: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'update', entity: 'client', summary: 'Renamed client "Hula Valley Farms" to "Hula Farms"' });

    const stale = await t.as('admin', { method: 'PUT', url: `/api/admin/clients/${id}`, payload: { name: 'Old tab', version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else. Reload and try again.');

    const del = await t.as('admin', { method: 'DELETE', url: `/api/admin/clients/${id}` });
    expect(del.json()).toEqual({ success: true, message: 'Client deleted successfully' });
    expect(await lastAudit()).toMatchObject({ action: 'delete', entity: 'client', entity_id: String(id) });
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/clients/${id}` })).statusCode).toBe(404);
  });

  it('validates the name and rejects unknown fields', async () => {
    const empty = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'name', message: 'Name is required', code: 'too_small' })]);
    const missing = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: {} });
    expect(missing.json().errors[0]).toMatchObject({ field: 'name', message: 'Name is required', code: 'invalid_type' });
    const long = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    const extra = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: 'Ok name', plan: 'gold' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/plan|unrecognized/i);
    const dup = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: 'galil orchards' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('name');
  });

  it('gives 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/clients/99999' })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'PUT', url: '/api/admin/clients/99999', payload: { name: 'Nope' } })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'DELETE', url: '/api/admin/clients/99999' })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/clients/abc' })).statusCode).toBe(400);
  });

  it('refuses to delete a client that still has users, plots and projects, saying what references it', async () => {
    const { rows } = await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`);
    const res = await t.as('admin', { method: 'DELETE', url: `/api/admin/clients/${rows[0].client_id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Client "Galil Orchards" cannot be deleted: it still has 4 users, 4 plots, 18 projects/);
    expect((await t.db.query(`SELECT 1 FROM clients WHERE client_id = $1`, [rows[0].client_id])).rows).toHaveLength(1);
  });

  it('lists recent activity newest first', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/activity?limit=2' });
    expect(res.statusCode).toBe(200);
    const { activity } = res.json();
    expect(activity).toHaveLength(2);
    expect(activity[0]).toMatchObject({ action: 'delete', entity: 'client', user_email: 'admin@demo.farm' });
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/activity?limit=0' })).statusCode).toBe(400);
  });

  it('documents every admin endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    const expected = [
      '/api/admin/clients',
      '/api/admin/clients/{id}',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/projects',
      '/api/admin/projects/statistics',
      '/api/admin/projects/plots',
      '/api/admin/projects/plots/by-client',
      '/api/admin/projects/{id}',
      '/api/admin/activity',
      '/api/admin/reports/tree-status',
      ...['crop-types', 'crop-options', 'breeds', 'irrigation-types', 'survey-types', 'disease-types', 'tree-status-types', 'countries'].flatMap((e) => [
        `/api/admin/${e}`,
        `/api/admin/${e}/{id}`,
      ]),
    ];
    for (const p of expected) expect(paths, p).toContain(p);
    expect(doc.paths['/api/admin/clients'].post.tags).toEqual(['admin: clients']);
    expect(doc.paths['/api/admin/clients'].post.requestBody).toBeTruthy();
  });
});
