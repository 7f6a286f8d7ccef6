// Per-project access (client.md §6, admin.md §3 user_ids): a grower lists and
// opens only the surveys the admin assigned them to; anything else is a 404
// exactly like another client's survey.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
const ids = { avocado: 0, olive: 0, oliveSpring: 0, client: 0 };
beforeAll(async () => {
  t = await createTestApp();
  const q = async (name: string) => (await t.db.query<{ id: number }>(`SELECT project_id AS id FROM projects WHERE name = $1`, [name])).rows[0].id;
  ids.avocado = await q('Avocado survey – autumn');
  ids.olive = await q('Olive East – autumn');
  ids.oliveSpring = await q('Olive East – spring');
  ids.client = (await t.db.query<{ id: number }>(`SELECT client_id AS id FROM clients WHERE name = 'Galil Orchards'`)).rows[0].id;
});
afterAll(async () => t?.close());

const get = (url: string) => t.as('grower3', { method: 'GET', url });

describe(`project assignment on ${ENGINE}`, () => {
  it('lists only the assigned surveys of the grower', async () => {
    const list = (await get('/api/projects/user')).json() as { project_id: number; name: string }[];
    const { rows } = await t.db.query<{ project_id: number }>(
      `SELECT pu.project_id FROM project_users pu JOIN users u USING (user_id) WHERE u.email = 'grower3@demo.farm' ORDER BY 1`,
    );
    expect(rows.length).toBe(5);
    expect(list.map((p) => p.project_id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.project_id));
    expect(list.some((p) => p.name.startsWith('Avocado'))).toBe(false);
    // The other grower of the same client still sees all of them.
    const all = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as unknown[];
    expect(all.length).toBeGreaterThan(list.length);
  });

  it('opens an assigned survey and answers 404 for an unassigned one of the same client', async () => {
    for (const url of [
      `/api/projects/${ids.olive}`,
      `/api/trees/${ids.olive}`,
      `/api/projects/${ids.olive}/data`,
      `/api/tree-status-statistics/${ids.olive}`,
      `/api/projects/${ids.olive}/surveys`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    for (const url of [
      `/api/projects/${ids.avocado}`,
      `/api/trees/${ids.avocado}`,
      `/api/projects/${ids.avocado}/data`,
      `/api/tree-status-statistics/${ids.avocado}`,
      `/api/projects/${ids.avocado}/surveys`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Project not found' });
    }
    // Arrow too.
    const arrow = await t.as('grower3', { method: 'GET', url: `/api/trees/${ids.avocado}`, headers: { accept: 'application/vnd.apache.arrow.stream' } });
    expect(arrow.statusCode).toBe(404);
  });

  it('lists only assigned surveys among the related surveys, and follows a new assignment at once', async () => {
    const related = (await get(`/api/projects/${ids.olive}/surveys`)).json() as { project_id: number }[];
    expect(related.map((r) => r.project_id)).toContain(ids.oliveSpring);
    const user = (await t.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE email = 'grower3@demo.farm'`)).rows[0].user_id;
    await t.db.query(`DELETE FROM project_users WHERE project_id = $1 AND user_id = $2`, [ids.oliveSpring, user]);
    try {
      const after = (await get(`/api/projects/${ids.olive}/surveys`)).json() as { project_id: number }[];
      expect(after.map((r) => r.project_id)).not.toContain(ids.oliveSpring);
      expect((await get(`/api/trees/${ids.oliveSpring}`)).statusCode).toBe(404);
      // The trend of the autumn survey compared with the spring one must not leak the unassigned survey either.
      const list = (await get('/api/projects/user')).json() as { project_id: number; trend: { previous_project_id: number } | null }[];
      expect(list.find((p) => p.project_id === ids.olive)!.trend).toBeNull();
    } finally {
      await t.db.query(`INSERT INTO project_users (project_id, user_id) VALUES ($1, $2)`, [ids.oliveSpring, user]);
    }
    const list = (await get('/api/projects/user')).json() as { project_id: number; trend: { previous_project_id: number } | null }[];
    expect(list.find((p) => p.project_id === ids.olive)!.trend?.previous_project_id).toBe(ids.oliveSpring);
  });

  it('shows on the farm overview only the assigned surveys and the plots they cover', async () => {
    const body = (await get('/api/farm/overview')).json() as {
      plots: { features: { properties: { plot_name: string; survey_ids: number[] } }[] };
      surveys: { project_id: number; name: string }[];
    };
    expect(body.plots.features.map((f) => f.properties.plot_name).sort()).toEqual(['Date Palm West', 'Olive East']);
    expect(body.surveys.every((s) => s.name.startsWith('Olive') || s.name.startsWith('Date'))).toBe(true);
    expect(body.plots.features.flatMap((f) => f.properties.survey_ids)).not.toContain(ids.avocado);
  });

  it('shows an empty farm to a grower with no assignment', async () => {
    const user = (await t.db.query<{ user_id: number }>(`SELECT user_id FROM users WHERE email = 'grower3@demo.farm'`)).rows[0].user_id;
    const saved = (await t.db.query<{ project_id: number }>(`SELECT project_id FROM project_users WHERE user_id = $1`, [user])).rows;
    await t.db.query(`DELETE FROM project_users WHERE user_id = $1`, [user]);
    try {
      const body = (await get('/api/farm/overview')).json() as { plots: { features: unknown[] }; surveys: unknown[] };
      expect(body.plots.features).toEqual([]);
      expect(body.surveys).toEqual([]);
      expect((await get('/api/projects/user')).json()).toEqual([]);
    } finally {
      for (const r of saved) await t.db.query(`INSERT INTO project_users (project_id, user_id) VALUES ($1, $2)`, [r.project_id, user]);
    }
  });

  it('gives the admin every survey of the client on the farm overview', async () => {
    const body = (await t.as('admin', { method: 'GET', url: `/api/farm/overview?clientId=${ids.client}` })).json() as { plots: { features: unknown[] } };
    expect(body.plots.features.length).toBe(4);
  });
});
