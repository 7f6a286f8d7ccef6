// Scouting tasks (issue 36): idempotent create by id, who may create and move a task, If-Match → 412 with the
// current task, a move no longer allowed → 409 with the current task, a change sent twice applied once, my
// tasks, members, visits as records, and the outcome through the compare engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { newId, observationBody } from '../support/scouting';

let t: TestApp;
let summer: number;
let autumn: number;
let trees: number[];
let worker: number;
beforeAll(async () => {
  t = await createTestApp();
  const id = async (name: string) => Number((await t.db.query<{ id: number }>(`SELECT project_id AS id FROM projects WHERE name = $1`, [name])).rows[0].id);
  summer = await id('Avocado survey – summer');
  autumn = await id('Avocado survey – autumn');
  trees = (
    await t.db.query<{ tree_id: number }>(
      `SELECT DISTINCT tree_id FROM tree_observations WHERE project_id = $1 AND tree_status = 3 ORDER BY tree_id LIMIT 12`,
      [summer],
    )
  ).rows.map((r) => Number(r.tree_id));
  worker = Number((await t.db.query<{ id: number }>(`SELECT user_id AS id FROM users WHERE email = 'worker@demo.farm'`)).rows[0].id);
});
afterAll(async () => t?.close());

type Who = 'grower' | 'worker' | 'grower3' | 'worker3' | 'admin' | 'grower2';
const putTask = (who: Who, id: string, body: unknown, p = summer) =>
  t.as(who, { method: 'PUT', url: `/api/projects/${p}/tasks/${id}`, payload: body as object });
const patch = (who: Who, id: string, body: Record<string, unknown>, version?: number) =>
  t.as(who, {
    method: 'PATCH',
    url: `/api/tasks/${id}`,
    payload: { change_id: newId(), ...body },
    headers: version === undefined ? {} : { 'if-match': `"${version}"` },
  });
const body = () => ({ title: 'Dead trees of the north block', tree_ids: trees, assignee_id: worker, due_date: '2026-12-01', priority: 'high' });

describe(`scouting tasks on ${ENGINE}`, () => {
  it('creates once by id (201, replay 200, other body 409); growers and admins create, field workers do not', async () => {
    const id = newId();
    const first = await putTask('grower', id, body());
    expect(first.statusCode, first.body).toBe(201);
    const task = first.json().task;
    expect(task).toMatchObject({ status: 'open', version: 1, assignee_id: worker, assignee_name: 'Amir Sade', priority: 'high', visited: [] });
    expect(task.trees.ids).toEqual(trees);
    expect(task.trees.lon).toHaveLength(trees.length);
    expect(first.headers.etag).toBe('"1"');
    expect((await putTask('grower', id, body())).statusCode).toBe(200);
    const other = await putTask('grower', id, { ...body(), title: 'Something else' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('task_id_conflict');
    const byWorker = await putTask('worker', newId(), body());
    expect(byWorker.statusCode).toBe(403);
    expect(byWorker.json().code).toBe('task_create_forbidden');
    expect((await putTask('grower3', newId(), body())).statusCode).toBe(404);
    expect((await putTask('admin', newId(), body())).statusCode).toBe(201);
  });

  it('refuses an assignee who is not a member, trees of another survey, more than 10,000 trees, a zone of another farm', async () => {
    const grower3 = Number((await t.db.query<{ id: number }>(`SELECT user_id AS id FROM users WHERE email = 'grower3@demo.farm'`)).rows[0].id);
    const r1 = await putTask('grower', newId(), { ...body(), assignee_id: grower3 });
    expect(r1.json().code).toBe('task_assignee_not_member');
    const olive = Number(
      (await t.db.query<{ id: number }>(`SELECT min(tree_id) AS id FROM trees t JOIN plots p USING (plot_id) WHERE p.plot_name = 'Olive East'`)).rows[0].id,
    );
    expect((await putTask('grower', newId(), { ...body(), tree_ids: [olive] })).json().code).toBe('task_tree_not_in_survey');
    expect((await putTask('grower', newId(), { ...body(), tree_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })).statusCode).toBe(400);
    const foreignPlot = Number(
      (await t.db.query<{ id: number }>(`SELECT min(plot_id) AS id FROM plots WHERE plot_name LIKE 'Citrus%' OR plot_name LIKE 'Lemon%'`)).rows[0].id,
    );
    expect((await putTask('grower', newId(), { ...body(), tree_ids: [], zone: { kind: 'plot', id: foreignPlot } })).json().code).toBe('task_unknown_zone');
    const plot = Number((await t.db.query<{ id: number }>(`SELECT plot_id AS id FROM plots WHERE plot_name = 'Avocado South'`)).rows[0].id);
    const zoned = await putTask('grower', newId(), { ...body(), tree_ids: [], zone: { kind: 'plot', id: plot } });
    expect(zoned.statusCode, zoned.body).toBe(201);
    expect(zoned.json().task.trees.ids.length).toBeGreaterThan(10);
    expect(zoned.json().task.zone).toEqual({ kind: 'plot', id: plot });
  });

  it('moves open → in_progress → done → verified with If-Match; stale → 412 and a move no longer allowed → 409, both with the current task', async () => {
    const id = newId();
    await putTask('grower', id, body());
    // The worker starts it (version 1 → 2).
    const started = await patch('worker', id, { status: 'in_progress' }, 1);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().task).toMatchObject({ status: 'in_progress', version: 2 });
    // The grower, still at version 1, changes the due date: 412 with the task as it is.
    const stale = await patch('grower', id, { due_date: '2026-12-24' }, 1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ success: false, code: 'task_version_stale', current: { status: 'in_progress', version: 2 } });
    // Asking for what already is, is no conflict.
    expect((await patch('grower', id, { status: 'in_progress' }, 1)).statusCode).toBe(200);
    // Meanwhile the grower cancels; the worker's "done" from version 2 is stale, and from the current version not allowed.
    expect((await patch('grower', id, { status: 'cancelled' }, 2)).statusCode).toBe(200);
    const late = await patch('worker', id, { status: 'done' }, 2);
    expect(late.statusCode).toBe(412);
    const notAllowed = await patch('worker', id, { status: 'done' }, 3);
    expect(notAllowed.statusCode).toBe(409);
    expect(notAllowed.json()).toMatchObject({ code: 'task_transition_not_allowed', current: { status: 'cancelled', version: 3 } });
    // The grower opens it again; the worker finishes; only the grower verifies.
    expect((await patch('grower', id, { status: 'open' }, 3)).statusCode).toBe(200);
    expect((await patch('worker', id, { status: 'done' }, 4)).json().task.status).toBe('done');
    expect((await patch('worker', id, { status: 'verified' }, 5)).statusCode).toBe(409);
    expect((await patch('worker', id, { due_date: '2027-01-01' })).json().code).toBe('task_field_forbidden');
    expect((await patch('grower', id, { status: 'verified' }, 5)).json().task).toMatchObject({ status: 'verified', version: 6 });
    expect((await patch('grower', id, { status: 'open' }, 6)).statusCode).toBe(409);
    expect(
      (await t.as('grower', { method: 'PATCH', url: `/api/tasks/${id}`, payload: { change_id: newId(), status: 'done' }, headers: { 'if-match': 'soon' } }))
        .statusCode,
    ).toBe(400);
  });

  it('applies a change sent twice once (same change id → same answer; other body under it → 409); other people’s tasks are theirs', async () => {
    const id = newId();
    await putTask('grower', id, body());
    const change = { change_id: newId(), status: 'done' };
    const first = await t.as('worker', { method: 'PATCH', url: `/api/tasks/${id}`, payload: change, headers: { 'if-match': '"1"' } });
    expect(first.statusCode).toBe(200);
    // The answer was lost on the way; the outbox sends the same change again, still naming version 1.
    const replay = await t.as('worker', { method: 'PATCH', url: `/api/tasks/${id}`, payload: change, headers: { 'if-match': '"1"' } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(Number((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM task_changes WHERE task_id = $1`, [id])).rows[0].n)).toBe(1);
    const other = await t.as('worker', { method: 'PATCH', url: `/api/tasks/${id}`, payload: { ...change, status: 'in_progress' } });
    expect(other.json().code).toBe('change_id_conflict');
    // worker3 is not a member of the summer survey; grower2 is another client.
    expect((await patch('worker3', id, { status: 'in_progress' })).statusCode).toBe(404);
    expect((await patch('grower2', id, { status: 'in_progress' })).statusCode).toBe(404);
  });

  it('lists my tasks and the survey’s members; visits are records that mark trees visited', async () => {
    const id = newId();
    await putTask('grower', id, body());
    const visit = await t.as('worker', {
      method: 'PUT',
      url: `/api/projects/${summer}/records/${newId()}`,
      payload: { kind: 'visit', tree_id: trees[0], task_id: id, observed_at: new Date().toISOString() },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const obs = await t.as('worker', {
      method: 'PUT',
      url: `/api/projects/${summer}/records/${newId()}`,
      payload: await observationBody(t.db, summer, { tree_id: trees[1], position: null, task_id: id }),
    });
    expect(obs.statusCode).toBe(201);
    const mine = (await t.as('worker', { method: 'GET', url: '/api/tasks?assignee=me' })).json().tasks;
    const task = mine.find((x: { task_id: string }) => x.task_id === id);
    expect(task.visited.sort()).toEqual([trees[0], trees[1]].sort());
    expect(task.project_name).toBe('Avocado survey – summer');
    expect((await t.as('grower', { method: 'GET', url: '/api/tasks?assignee=me' })).json().tasks).toEqual([]);
    const members = (await t.as('grower', { method: 'GET', url: `/api/projects/${summer}/members` })).json().members;
    expect(members.map((m: { email: string }) => m.email).sort()).toEqual(['grower@demo.farm', 'worker@demo.farm']);
    // A field worker lists their own tasks of a survey only.
    const all = (await t.as('grower', { method: 'GET', url: `/api/projects/${summer}/tasks` })).json().tasks.length;
    const theirs = (await t.as('worker', { method: 'GET', url: `/api/projects/${summer}/tasks` })).json().tasks;
    expect(all).toBeGreaterThanOrEqual(theirs.length);
    expect(theirs.every((x: { assignee_id: number }) => x.assignee_id === worker)).toBe(true);
  });

  it('closes the loop: a task on the summer survey shows its trees’ change in the later autumn survey', async () => {
    const id = newId();
    await putTask('grower', id, body());
    const out = await t.as('grower', { method: 'GET', url: `/api/tasks/${id}/outcome` });
    expect(out.statusCode, out.body).toBe(200);
    const o = out.json();
    expect(o.newer).toMatchObject({ project_id: autumn, name: 'Avocado survey – autumn' });
    const c = o.counts;
    expect(c.improved + c.stable + c.declined + c.lost + c.gone + c.unknown).toBe(trees.length);
    // The trees were dead in summer: none can be lost or decline further; most stay dead (stable).
    expect(c.lost + c.declined).toBe(0);
    expect(c.stable).toBeGreaterThan(0);
    // A task on the newest survey has nothing to compare with.
    const t2 = newId();
    const autumnTree = Number(
      (await t.db.query<{ id: number }>(`SELECT min(tree_id) AS id FROM tree_observations WHERE project_id = $1`, [autumn])).rows[0].id,
    );
    await putTask('grower', t2, { ...body(), tree_ids: [autumnTree] }, autumn);
    expect((await t.as('grower', { method: 'GET', url: `/api/tasks/${t2}/outcome` })).json().newer).toBeNull();
  });
});
