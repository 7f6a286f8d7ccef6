// Two API processes on one PostgreSQL agree (issue 16): versions live in the
// database, not in a process, so a grower served by one process never gets
// stale data after an admin's write through the other; a token issued by one
// is accepted by the other. Membership changes and ended sessions (issue 33)
// hold on the other process at the next request.
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../support/accounts';
import { login, postgresBin, startCluster, startServer, type Cluster } from './processes';

const pgbin = postgresBin();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const ARROW = 'application/vnd.apache.arrow.stream';

describe.skipIf(!pgbin)(`two API processes on one PostgreSQL${pgbin ? '' : ' (SKIPPED: no PostgreSQL binaries; set PGBIN)'}`, () => {
  it('serve the grower journey with an admin write in between, never stale', async () => {
    const cluster: Cluster = await startCluster(pgbin!);
    cleanups.push(() => cluster.destroy());
    const a = await startServer({ DATABASE_URL: cluster.url });
    cleanups.push(() => a.stop());
    const b = await startServer({ DATABASE_URL: cluster.url });
    cleanups.push(() => b.stop());

    const admin = { authorization: `Bearer ${await login(a.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password)}` };
    const grower = { authorization: `Bearer ${await login(a.url, ACCOUNTS.grower.email, ACCOUNTS.grower.password)}` };
    const get = async (base: string, url: string, headers: Record<string, string>) => {
      const res = await fetch(`${base}${url}`, { headers });
      expect(res.status, `${url}: ${res.status}`).toBe(200);
      return res;
    };

    // The grower's journey on B, with A's token: list, open a survey (Arrow), statistics.
    const list = (await (await get(b.url, '/api/projects/user', grower)).json()) as { project_id: number; name: string }[];
    const stats = async (id: number) => JSON.stringify((await (await get(b.url, `/api/tree-status-statistics/${id}`, grower)).json()).statistics);
    let survey = 0;
    for (const p of list) if (!survey && JSON.parse(await stats(p.project_id)).total_trees !== 0) survey = p.project_id;
    expect(survey).toBeGreaterThan(0);
    const open = async () => (await get(b.url, `/api/trees/${survey}`, { ...grower, accept: ARROW })).headers.get('etag');
    const before = { etag: await open(), stats: await stats(survey) };
    expect(await open()).toBe(before.etag); // warm on B

    // The admin writes through A: one tree's result of that survey changes.
    const projects = (await (await get(a.url, '/api/admin/projects', admin)).json()).projects as { project_id: number; client_id: number; name: string }[];
    const clientId = projects.find((p) => p.project_id === survey)!.client_id;
    const editor = (await (await get(a.url, `/api/admin/data/clients/${clientId}`, admin)).json()) as { trees: { tree_id: number[] } };
    const importOne = async (status: number) => {
      const res = await fetch(`${a.url}/api/admin/projects/${survey}/import`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'text/csv' },
        body: `tree_id,tree_status\n${editor.trees.tree_id[0]},${status}`,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await importOne(4);
    const mid = { etag: await open(), stats: await stats(survey) };
    expect(mid.etag).not.toBe(before.etag);
    await importOne(0);
    const after = { etag: await open(), stats: await stats(survey) };
    expect(after.etag).not.toBe(mid.etag);
    expect(after.stats).not.toBe(mid.stats);

    // A rename through A shows in B's list at once.
    const target = projects.find((p) => p.project_id === survey)!;
    const full = (await (await get(a.url, '/api/admin/projects', admin)).json()).projects.find((p: { project_id: number }) => p.project_id === survey);
    const renamed = `${target.name} (renamed)`;
    const put = await fetch(`${a.url}/api/admin/projects/${survey}`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: renamed, observation_date: full.observation_date, plot_ids: full.plot_ids, version: full.version }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const listAfter = (await (await get(b.url, '/api/projects/user', grower)).json()) as { project_id: number; name: string }[];
    expect(listAfter.find((p) => p.project_id === survey)!.name).toBe(renamed);

    // Membership (issue 33): a change through A holds on B at the grower's next request, both ways.
    const members = async (user_ids: number[]) => {
      const p = (await (await get(a.url, `/api/admin/projects/${survey}`, admin)).json()).project;
      const res = await fetch(`${a.url}/api/admin/projects/${survey}`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: p.name, observation_date: p.observation_date, plot_ids: p.plot_ids, version: p.version, user_ids }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return p.user_ids as number[];
    };
    const status = async (url: string, headers: Record<string, string>) => (await fetch(`${b.url}${url}`, { headers })).status;
    const seeded = await members([]);
    expect(await status(`/api/projects/${survey}`, grower)).toBe(404);
    expect(await status(`/api/trees/${survey}`, { ...grower, accept: ARROW })).toBe(404);
    await members(seeded);
    expect(await status(`/api/projects/${survey}`, grower)).toBe(200);

    // Sessions live in the database too: ended through A, the token fails on B at once, and so does its refresh.
    const signIn = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ACCOUNTS.grower2.email, password: ACCOUNTS.grower2.password }),
    });
    const g2 = (await signIn.json()) as { token: string; refreshToken: string; user: { user_id: number } };
    expect(await status('/api/auth/me', { authorization: `Bearer ${g2.token}` })).toBe(200);
    const end = await fetch(`${a.url}/api/admin/users/${g2.user.user_id}/sessions`, { method: 'DELETE', headers: admin });
    expect(end.status).toBe(200);
    expect(await status('/api/auth/me', { authorization: `Bearer ${g2.token}` })).toBe(401);
    const refreshed = await fetch(`${b.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: g2.refreshToken }),
    });
    expect(refreshed.status).toBe(401);
  });
});
