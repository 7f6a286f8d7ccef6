import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
const ids = { galil: 0, negev: 0, grower: 0, grower2: 0, worker: 0, avoNorth: 0, avoSouth: 0, lemon: 0 };
beforeAll(async () => {
  t = await createTestApp();
  const q = async (sql: string, p: unknown[]) => Object.values((await t.db.query<Record<string, number>>(sql, p)).rows[0])[0];
  ids.galil = await q(`SELECT client_id FROM clients WHERE name = $1`, ['Galil Orchards']);
  ids.negev = await q(`SELECT client_id FROM clients WHERE name = $1`, ['Negev Citrus']);
  ids.grower = await q(`SELECT user_id FROM users WHERE email = $1`, ['grower@demo.farm']);
  ids.grower2 = await q(`SELECT user_id FROM users WHERE email = $1`, ['grower2@demo.farm']);
  ids.worker = await q(`SELECT user_id FROM users WHERE email = $1`, ['worker@demo.farm']);
  ids.avoNorth = await q(`SELECT plot_id FROM plots WHERE plot_name = $1`, ['Avocado North']);
  ids.avoSouth = await q(`SELECT plot_id FROM plots WHERE plot_name = $1`, ['Avocado South']);
  ids.lemon = await q(`SELECT plot_id FROM plots WHERE plot_name = $1`, ['Lemon Grove']);
});
afterAll(async () => t?.close());

const body = () => ({
  name: 'Spring flight',
  observation_date: '2026-04-01',
  user_ids: [ids.grower],
  products: ['npk_analysis', 'tree_status'],
  plot_ids: [ids.avoNorth],
});

describe(`admin projects on ${ENGINE}`, () => {
  let id: number;

  it('lists the 20 demo projects with counts, plots, user_ids, products and detected crop types', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/projects' });
    expect(res.statusCode).toBe(200);
    const { projects } = res.json();
    expect(projects).toHaveLength(20);
    const autumn = projects.find((p: { name: string }) => p.name === 'Avocado survey – autumn');
    // The grower and the avocado field worker (issue 33).
    expect(autumn).toMatchObject({ client_name: 'Galil Orchards', plot_count: 2, user_ids: [ids.grower, ids.worker], crop_types: ['Subtropical fruit'] });
    expect(autumn.plots.map((p: { plot_name: string }) => p.plot_name)).toEqual(['Avocado North', 'Avocado South']);
    expect(autumn.irrigation_area_count).toBe(10);
    expect(autumn.tree_count).toBeGreaterThan(0);
    expect(autumn.observation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('gives statistics that count covered plots, areas and trees once', async () => {
    const res = await t.as('admin', { method: 'GET', url: '/api/admin/projects/statistics' });
    const s = res.json().statistics;
    const trees = (await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM trees`)).rows[0].n;
    expect(s).toEqual({ total_projects: 20, total_plots_in_projects: 6, total_irrigation_areas: expect.any(Number), total_trees: trees });
  });

  it('lists all plots and one client’s plots; 400/404 for a bad clientId', async () => {
    const all = (await t.as('admin', { method: 'GET', url: '/api/admin/projects/plots' })).json().plots;
    expect(all).toHaveLength(6);
    const res = await t.as('admin', { method: 'GET', url: `/api/admin/projects/plots/by-client?clientId=${ids.negev}` });
    expect(res.json().plots.map((p: { plot_name: string }) => p.plot_name)).toEqual(['Lemon Grove', 'Orange Hill']);
    expect(res.json().plots[0]).toMatchObject({ crop_name: 'Lemon', crop_type_name: 'Citrus', irrigation_area_count: 2 });
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/projects/plots/by-client' })).statusCode).toBe(400);
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/projects/plots/by-client?clientId=x' })).statusCode).toBe(400);
    expect((await t.as('admin', { method: 'GET', url: '/api/admin/projects/plots/by-client?clientId=9999' })).statusCode).toBe(404);
  });

  it('creates a project for one client’s users and plots; the grower sees it; audit written', async () => {
    const res = await t.as('admin', { method: 'POST', url: '/api/admin/projects', payload: body() });
    expect(res.statusCode).toBe(201);
    expect(res.json().project).toMatchObject({
      name: 'Spring flight',
      client_id: ids.galil,
      plot_ids: [ids.avoNorth],
      user_ids: [ids.grower],
      products: ['npk_analysis', 'tree_status'],
    });
    id = res.json().project.project_id;
    const mine = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json();
    expect(mine.map((p: { name: string }) => p.name)).toContain('Spring flight');
    const audit = (await t.db.query(`SELECT action FROM audit_log WHERE entity = 'project' AND entity_id = $1`, [String(id)])).rows;
    expect(audit).toEqual([{ action: 'create' }]);
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/projects/${id}` })).json().project.name).toBe('Spring flight');
  });

  it('rejects each invalid field with a field error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ observation_date: '2026-02-30' }, 'observation_date'],
      [{ observation_date: 'tomorrow' }, 'observation_date'],
      [{ user_ids: [] }, 'user_ids'],
      [{ products: [] }, 'products'],
      [{ products: ['x_ray'] }, 'products.0'],
      [{ plot_ids: 'all' }, 'plot_ids'],
    ];
    for (const [patch, field] of cases) {
      const res = await t.as('admin', { method: 'POST', url: '/api/admin/projects', payload: { ...body(), ...patch } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await t.as('admin', { method: 'POST', url: '/api/admin/projects', payload: { ...body(), client_id: 1 } })).statusCode).toBe(400);
  });

  it('answers 422 when users span clients, a user is unknown, or a plot belongs to another client', async () => {
    const mixed = await t.as('admin', { method: 'POST', url: '/api/admin/projects', payload: { ...body(), user_ids: [ids.grower, ids.grower2] } });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toMatch(/same client.*Galil Orchards.*Negev Citrus|same client.*Negev Citrus.*Galil Orchards/);
    const unknown = await t.as('admin', { method: 'POST', url: '/api/admin/projects', payload: { ...body(), user_ids: [99999] } });
    expect(unknown.statusCode).toBe(422);
    const foreign = await t.as('admin', { method: 'POST', url: '/api/admin/projects', payload: { ...body(), plot_ids: [ids.lemon] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ message: 'These plots belong to another client: Lemon Grove', errors: [{ field: 'plot_ids' }] });
  });

  it('updates name, date and plots with optimistic concurrency', async () => {
    const res = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/projects/${id}`,
      payload: { name: 'Spring flight 2', observation_date: '2026-04-02', plot_ids: [ids.avoSouth, ids.avoNorth], version: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project).toMatchObject({
      name: 'Spring flight 2',
      observation_date: '2026-04-02',
      plot_ids: [ids.avoNorth, ids.avoSouth].sort((a, b) => a - b),
      version: 2,
    });
    const stale = await t.as('admin', { method: 'PUT', url: `/api/admin/projects/${id}`, payload: { name: 'X', observation_date: '2026-04-02', version: 1 } });
    expect(stale.statusCode).toBe(409);
    const foreign = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/projects/${id}`,
      payload: { name: 'X', observation_date: '2026-04-02', plot_ids: [ids.lemon] },
    });
    expect(foreign.statusCode).toBe(422);
    const products = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/projects/${id}`,
      payload: { name: 'X', observation_date: '2026-04-02', products: [] },
    });
    expect(products.statusCode).toBe(400);
    expect((await t.as('admin', { method: 'PUT', url: `/api/admin/projects/99999`, payload: { name: 'X', observation_date: '2026-04-02' } })).statusCode).toBe(
      404,
    );
  });

  it('deletes a project with its observations, and says how many', async () => {
    const observed = (await t.db.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = 'Olive East – spring'`)).rows[0].project_id;
    const n = (await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM tree_observations WHERE project_id = $1`, [observed])).rows[0].n;
    const res = await t.as('admin', { method: 'DELETE', url: `/api/admin/projects/${observed}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, deleted_observations: n });
    expect((await t.db.query(`SELECT 1 FROM tree_observations WHERE project_id = $1`, [observed])).rows).toHaveLength(0);
    expect((await t.as('admin', { method: 'DELETE', url: `/api/admin/projects/${id}` })).statusCode).toBe(200);
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/projects/${id}` })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'DELETE', url: `/api/admin/projects/${id}` })).statusCode).toBe(404);
    const audits = (await t.db.query(`SELECT action FROM audit_log WHERE entity = 'project' AND entity_id = $1 ORDER BY audit_id`, [String(id)])).rows;
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('reports tree status per project, counting only the first observation of a duplicated tree', async () => {
    const res = await t.as('admin', { method: 'GET', url: `/api/admin/reports/tree-status?clientId=${ids.galil}` });
    expect(res.statusCode).toBe(200);
    const { report } = res.json();
    expect(report.client.name).toBe('Galil Orchards');
    expect(report.statuses.map((s: { status_name: string }) => s.status_name)).toContain('Healthy');
    const autumn = report.projects.find((p: { name: string }) => p.name === 'Avocado survey – autumn');
    const { rows } = await t.db.query<{ n: number; distinct_trees: number }>(
      `SELECT count(*) AS n, count(DISTINCT tree_id) AS distinct_trees FROM tree_observations o JOIN projects p USING (project_id) WHERE p.name = 'Avocado survey – autumn'`,
    );
    expect(rows[0].n).toBeGreaterThan(rows[0].distinct_trees);
    expect(autumn.total_trees).toBe(rows[0].distinct_trees);
    const sum = Object.values(autumn.counts as Record<string, number>).reduce((a, b) => a + b, 0) + autumn.no_status;
    expect(sum).toBe(autumn.total_trees);
    const unflown = report.projects.find((p: { name: string }) => p.name === 'Date palms – next flight');
    expect(unflown.total_trees).toBe(0);
  });

  it('downloads the report as CSV with a filename', async () => {
    const res = await t.as('admin', { method: 'GET', url: `/api/admin/reports/tree-status?clientId=${ids.galil}&format=csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tree-status-galil-orchards-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Project,Observation date,Trees observed,Healthy,/);
    expect(lines).toHaveLength(1 + 17);
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/reports/tree-status?clientId=9999` })).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/reports/tree-status` })).statusCode).toBe(400);
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/reports/tree-status?clientId=1&format=xls` })).statusCode).toBe(400);
  });
});
