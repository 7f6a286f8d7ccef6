// Project membership and the field-worker role (issue 33; README Decisions:
// membership, roles): admins change who sees a survey at any time, from the
// project or from the user; every change is audited; a field worker sees only
// its member surveys and cannot export, print or prescribe.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type Account } from '../support/api-app';
import { ENGINE } from '../support/test-db';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
const userId = async (email: string) => (await one<{ user_id: number }>(`SELECT user_id FROM users WHERE email = $1`, [email])).user_id;
const projectId = async (name: string) => (await one<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = $1`, [name])).project_id;
const listed = async (who: Account) =>
  ((await t.as(who, { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number }[]).map((p) => p.project_id);
const opens = async (who: Account, id: number) => (await t.as(who, { method: 'GET', url: `/api/projects/${id}` })).statusCode;

async function putProject(id: number, extra: Record<string, unknown>) {
  const p = (await t.as('admin', { method: 'GET', url: `/api/admin/projects/${id}` })).json().project;
  return t.as('admin', {
    method: 'PUT',
    url: `/api/admin/projects/${id}`,
    payload: { name: p.name, observation_date: p.observation_date, plot_ids: p.plot_ids, version: p.version, ...extra },
  });
}

describe(`project membership on ${ENGINE}`, () => {
  it('PUT /api/admin/projects/{id} with user_ids replaces the members: access follows on the next request, audited', async () => {
    const avocado = await projectId('Avocado survey – autumn');
    const [grower, grower3, worker] = await Promise.all(['grower@demo.farm', 'grower3@demo.farm', 'worker@demo.farm'].map(userId));
    expect(await opens('grower3', avocado)).toBe(404);
    const res = await putProject(avocado, { user_ids: [grower, grower3] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().project.user_ids).toEqual([grower, grower3].sort((a, b) => a - b));
    expect(await opens('grower3', avocado)).toBe(200);
    expect(await listed('grower3')).toContain(avocado);
    expect(await opens('worker', avocado)).toBe(404); // removed
    expect(await listed('worker')).not.toContain(avocado);

    const changes = await t.db.query<{ user_email: string; change: string; via: string; actor_email: string }>(
      `SELECT user_email, change, via, actor_email FROM membership_changes WHERE project_id = $1 ORDER BY change_id DESC LIMIT 2`,
      [avocado],
    );
    expect(changes.rows).toEqual(
      expect.arrayContaining([
        { user_email: 'grower3@demo.farm', change: 'added', via: 'project_edited', actor_email: 'admin@demo.farm' },
        { user_email: 'worker@demo.farm', change: 'removed', via: 'project_edited', actor_email: 'admin@demo.farm' },
      ]),
    );
    const activity = (await t.as('admin', { method: 'GET', url: '/api/admin/activity?limit=5' })).json().activity as { entity: string; summary: string }[];
    expect(activity.find((a) => a.entity === 'project_members')?.summary).toMatch(/added grower3@demo\.farm; removed worker@demo\.farm/);

    // Without user_ids the members stay (admin.md's payload still works).
    expect((await putProject(avocado, {})).json().project.user_ids).toEqual([grower, grower3].sort((a, b) => a - b));
    // Back as seeded.
    expect((await putProject(avocado, { user_ids: [grower, worker] })).statusCode).toBe(200);
    expect(await opens('grower3', avocado)).toBe(404);
    expect(await opens('worker', avocado)).toBe(200);
  });

  it('refuses members of another client, admins and unknown ids with 422 and a code; nothing changes', async () => {
    const avocado = await projectId('Avocado survey – autumn');
    const before = (await t.as('admin', { method: 'GET', url: `/api/admin/projects/${avocado}` })).json().project.user_ids;
    for (const [email, code] of [
      ['grower2@demo.farm', 'member_of_other_client'],
      ['admin@demo.farm', 'member_of_other_client'],
    ] as const) {
      const res = await putProject(avocado, { user_ids: [await userId('grower@demo.farm'), await userId(email)] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code, errors: [{ field: 'user_ids' }] });
    }
    expect((await putProject(avocado, { user_ids: [987654] })).json()).toMatchObject({ code: 'unknown_users' });
    expect((await t.as('admin', { method: 'GET', url: `/api/admin/projects/${avocado}` })).json().project.user_ids).toEqual(before);
  });

  it("the user's form: their client's projects with membership, replace them, or give all surveys in one action", async () => {
    const id = await userId('worker3@demo.farm');
    const get = await t.as('admin', { method: 'GET', url: `/api/admin/users/${id}/projects` });
    const projects = get.json().projects as { project_id: number; name: string; member: boolean }[];
    expect(projects.filter((p) => p.member).map((p) => p.name)).toEqual(['Olive East – autumn']);
    const total = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM projects WHERE client_id = (SELECT client_id FROM users WHERE user_id = $1)`, [id]))
      .n;
    expect(projects).toHaveLength(total);

    const avocado = await projectId('Avocado survey – autumn');
    const put = await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}/projects`, payload: { project_ids: [avocado] } });
    expect(put.json()).toMatchObject({ added: 1, removed: 1 });
    expect(await opens('worker3', avocado)).toBe(200);
    const citrus = await projectId('Citrus survey – autumn');
    const foreign = await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}/projects`, payload: { project_ids: [citrus] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({ code: 'project_of_other_client' });

    const all = await t.as('admin', { method: 'POST', url: `/api/admin/users/${id}/projects/all` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().projects.every((p: { member: boolean }) => p.member)).toBe(true);
    expect((await listed('worker3')).length).toBe(total);
    const via = await t.db.query(`SELECT 1 FROM membership_changes WHERE user_id = $1 AND via = 'all_surveys'`, [id]);
    expect(via.rows).toHaveLength(total - 1);
    // An admin has no memberships: they see every project.
    const adminId = await userId('admin@demo.farm');
    expect((await t.as('admin', { method: 'POST', url: `/api/admin/users/${adminId}/projects/all` })).json()).toMatchObject({ code: 'not_a_member_role' });
    // Back as seeded.
    const olive = await projectId('Olive East – autumn');
    await t.as('admin', { method: 'PUT', url: `/api/admin/users/${id}/projects`, payload: { project_ids: [olive] } });
  });

  it("moving a user to another client removes their memberships of the old client's surveys (recorded)", async () => {
    const created = await t.as('admin', {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'mover@demo.farm', password: 'Mover-password-1', first_name: 'M', last_name: 'V', client_id: null, role: 'worker' },
    });
    expect(created.statusCode).toBe(400); // a field worker belongs to a client
    const galil = (await one<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`)).client_id;
    const negev = (await one<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Negev Citrus'`)).client_id;
    const u = (
      await t.as('admin', {
        method: 'POST',
        url: '/api/admin/users',
        payload: { email: 'mover@demo.farm', password: 'Mover-password-1', first_name: 'M', last_name: 'V', client_id: galil, role: 'worker' },
      })
    ).json().user;
    expect(u.role).toBe('worker');
    await t.as('admin', { method: 'POST', url: `/api/admin/users/${u.user_id}/projects/all` });
    const moved = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/users/${u.user_id}`,
      payload: { email: u.email, first_name: 'M', last_name: 'V', client_id: negev, role: 'worker', version: u.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM project_users WHERE user_id = $1`, [u.user_id])).n).toBe(0);
    expect(
      (await one<{ n: number }>(`SELECT count(*)::int AS n FROM membership_changes WHERE user_id = $1 AND via = 'client_changed'`, [u.user_id])).n,
    ).toBeGreaterThan(0);
  });
});

describe(`the field-worker role on ${ENGINE}`, () => {
  it('sees only its member surveys; on them it cannot export, print or prescribe (403 worker_not_allowed)', async () => {
    const avocado = await projectId('Avocado survey – autumn');
    const olive = await projectId('Olive East – autumn');
    expect(await listed('worker')).toEqual(expect.arrayContaining([avocado]));
    expect(await listed('worker')).not.toContain(olive);
    expect(await opens('worker', avocado)).toBe(200);
    expect(await opens('worker', olive)).toBe(404);
    expect((await t.as('worker', { method: 'GET', url: `/api/tree-status-statistics/${avocado}` })).statusCode).toBe(200);
    expect((await t.as('worker', { method: 'GET', url: `/api/projects/${avocado}/zones?format=json` })).statusCode).toBe(200);
    const forbidden = [
      { method: 'GET' as const, url: `/api/projects/${avocado}/export?format=csv` },
      { method: 'GET' as const, url: `/api/projects/${avocado}/zones?format=csv` },
      { method: 'GET' as const, url: `/api/projects/${avocado}/report.pdf` },
      {
        method: 'POST' as const,
        url: `/api/projects/${avocado}/prescriptions`,
        payload: { layer: 'vitality', unit: 'plot', product: 'X', rateUnit: 'kg/ha', rates: [6, 5, 4, 3, 2, 1], defaultRate: 1, format: 'shapefile' },
      },
    ];
    for (const c of forbidden) {
      const res = await t.as('worker', c);
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'worker_not_allowed' });
      // A survey it is not a member of stays a 404 (no probing).
      const other = await t.as('worker', { ...c, url: c.url.replace(String(avocado), String(olive)) });
      expect(other.statusCode).toBe(404);
    }
    // The grower of the same survey may.
    expect((await t.as('grower', { method: 'GET', url: `/api/projects/${avocado}/export?format=csv` })).statusCode).toBe(200);
    // No admin area, no other users.
    expect((await t.as('worker', { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
  });
});
