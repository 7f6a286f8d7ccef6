// Scouting offline, exactly once (issue 36, README "Scouting: sync"), in real Chromium with profiles on disk: a
// field worker (Hebrew UI) opens the 100k survey and their tasks online, loses the connection, records 20
// observations with a photo each on two tasks' dead trees and marks both tasks done (the issue's scale); the page is reloaded while still
// offline (shell, queue and survey all still there); back online the outbox syncs once (every write counted,
// photos byte for byte); a second phone of the same worker sees it all; then both phones change another task
// offline and the later one gets the conflict, shown in Hebrew with both versions, and resolves it.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { demoSurvey, loginAs, persistentPage } from '../support/browser';
import { waitKept } from '../support/device';
import { mapTool } from '../support/map-tools';
import { ageOutbox, authOf, call, countWrites, outboxItems, photoFile, treesWithStatus, type QueuedItem, type SurveyTree } from '../support/scouting-device';
import type { RecordItem, TaskItem } from '../../src/api/scouting';

const baseURL = inject('baseURL');
type Session = Awaited<ReturnType<typeof persistentPage>>;
let a: Session;
let b: Session;
let g: Session;
let grower: Record<string, string>;
let survey: { projectId: number; path: string };
let trees: SurveyTree[];
const task = uuidv7();
const task2 = uuidv7();
const other = uuidv7();
const run = Date.now();
const title = `בדיקת עצים מתים ${run}`;
const title2 = `בדיקת עצים מתים, חלקה שנייה ${run}`;
/** Observations per task: two tasks make the issue's 20 observations with photos. */
const PER_TASK = 10;
const RECORDS = 2 * PER_TASK;
/** What waits after the offline work: every record, its photo, and the two tasks' "done". */
const QUEUED = 2 * RECORDS + 2;
const otherTitle = `עץ לבדיקה חוזרת ${run}`;
let queued: QueuedItem[] = [];

async function phone(): Promise<Session> {
  const s = await persistentPage({ baseURL, locale: 'he-IL', width: 390, height: 844 });
  await s.context.grantPermissions(['geolocation'], { origin: baseURL });
  await s.context.setGeolocation({ latitude: trees[0].lat, longitude: trees[0].lon, accuracy: 5 });
  await loginAs(s.page, 'worker');
  await s.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  return s;
}

/** Opens "My tasks" and one task's field view. */
async function openTask(p: Page, name: string) {
  await p.goto('/tasks');
  await p.getByTestId('my-task').filter({ hasText: name }).click();
  await p.getByTestId('task-view').waitFor();
}

const items = (p: Page) => p.getByTestId('sync-status').getAttribute('data-items');
const offline = (c: BrowserContext, on: boolean) => c.setOffline(on);

beforeAll(async () => {
  grower = await authOf(baseURL, 'grower');
  const projects = await call<{ project_id: number; name: string }[]>(baseURL, grower, 'GET', '/api/projects/user');
  const projectId = projects.find((x) => x.name === 'Avocado survey – autumn')!.project_id;
  trees = await treesWithStatus(baseURL, grower, projectId, 3, RECORDS);
  const { members } = await call<{ members: { user_id: number; role: string }[] }>(baseURL, grower, 'GET', `/api/projects/${projectId}/members`);
  const worker = members.find((m) => m.role === 'worker')!.user_id;
  // The grower sends the worker to three dead trees (client.md §3: status 3), and to one more tree for the conflict.
  const body = { tree_ids: trees.map((t) => t.id), assignee_id: worker, priority: 'high', description: 'לבדוק למה העצים מתו' };
  await call(baseURL, grower, 'PUT', `/api/projects/${projectId}/tasks/${task}`, { ...body, title, tree_ids: trees.slice(0, PER_TASK).map((t) => t.id) });
  await call(baseURL, grower, 'PUT', `/api/projects/${projectId}/tasks/${task2}`, { ...body, title: title2, tree_ids: trees.slice(PER_TASK).map((t) => t.id) });
  await call(baseURL, grower, 'PUT', `/api/projects/${projectId}/tasks/${other}`, { ...body, title: otherTitle, tree_ids: [trees[0].id] });
  a = await phone();
  survey = await demoSurvey(a.page, 'Avocado survey – autumn');
}, 240_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await g?.close();
});

describe('a field worker offline, exactly once', () => {
  it('opens the survey and both tasks online, then records 20 observations with photos and finishes both tasks offline', async () => {
    const p = a.page;
    await p.goto(survey.path);
    await p.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await waitKept(p, [survey.projectId]);
    await openTask(p, title2);
    await expect.poll(() => p.getByTestId('task-tree').count()).toBe(PER_TASK);
    await openTask(p, title);
    await expect.poll(() => p.getByTestId('task-tree').count()).toBe(PER_TASK);
    await offline(a.context, true);
    // The worker stands at the task's first tree (the phone's fix): offline, the walk says they have arrived.
    const walk = p.getByTestId('walk');
    await expect.poll(() => walk.getAttribute('data-arrived')).toBe('true');
    expect(Number(await walk.getAttribute('data-distance'))).toBeLessThan(1);
    for (const [t, name] of [title, title2].entries()) {
      if (t > 0) await openTask(p, name);
      for (let i = 0; i < PER_TASK; i++) {
        const n = t * PER_TASK + i;
        await p.getByTestId('record-here').click();
        const form = p.getByTestId('record-form');
        expect(await form.getByTestId('record-issue').locator('option').count()).toBeGreaterThan(5); // kept from online
        await form.getByTestId('record-issue').selectOption({ index: 1 + (n % 5) });
        await form.getByTestId('record-note').fill(`תצפית ${n + 1}: עלים יבשים ${run}`);
        await form.getByTestId('record-photos').setInputFiles(await photoFile(`tree-${n + 1}.jpg`, n + 1));
        await form.getByTestId('record-save').click();
        await form.waitFor({ state: 'detached' });
        // Then on to the next tree of the task, nearest first, with its distance from where the worker stands.
        if (n === 0) await expect.poll(async () => Number(await walk.getAttribute('data-distance'))).toBeGreaterThan(1);
      }
      await expect.poll(() => p.locator('[data-testid=task-tree][data-visited=true]').count()).toBe(PER_TASK);
      await p.getByTestId('task-to-done').click();
      await expect.poll(() => p.getByTestId('task-view').getAttribute('data-status')).toBe('done');
    }
    // 20 records, 20 photos, 2 task changes, each waiting, shown at once in Hebrew.
    await expect.poll(() => items(p)).toBe(String(QUEUED));
    expect(await p.getByTestId('sync-status').textContent()).toContain(`${QUEUED} שינויים ממתינים לסנכרון`);
    queued = await outboxItems(p);
    const kinds = (k: string) => queued.filter((q) => q.kind === k).length;
    expect([kinds('record'), kinds('photo'), kinds('taskChange')]).toEqual([RECORDS, RECORDS, 2]);
    // Chromium's canvas encodes WebP: the photos are WebP (README "Scouting": JPEG only where it cannot).
    expect(new Set(queued.filter((q) => q.kind === 'photo').map((q) => q.type))).toEqual(new Set(['image/webp']));
  }, 300_000); // 20 observations through the form, each photo encoded on the device

  it('reloads offline: the app shell, the queue and the survey are all still there', async () => {
    const p = a.page;
    await p.reload();
    await p.getByTestId('task-view').waitFor({ timeout: 30_000 });
    await expect.poll(() => items(p)).toBe(String(QUEUED));
    expect(await p.getByTestId('task-view').getAttribute('data-status')).toBe('done');
    expect(await p.getByTestId('task-view').textContent()).toContain('ממתין לסנכרון');
    await p.goto(survey.path);
    await p.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await expect.poll(() => p.getByTestId('pm-from-device').count()).toBe(1);
    await p.goto('/tasks');
    await expect.poll(() => items(p)).toBe(String(QUEUED));
    expect((await outboxItems(p)).map((q) => q.id).sort()).toEqual(queued.map((q) => q.id).sort());
  });

  it('back online: the outbox syncs once — 20 records, 20 photos byte for byte, both tasks done', async () => {
    const p = a.page;
    // Offline for an hour: every item backing off for 5 more minutes. The connection back sends them at once.
    expect(await ageOutbox(p, 12, 5 * 60_000)).toBe(QUEUED);
    const writes = countWrites(p);
    await offline(a.context, false);
    await expect
      .poll(() => items(p), { timeout: 120_000 })
      .toBe('0')
      .catch(async (e: unknown) => {
        const left = (await outboxItems(p)).map(({ bytes: _b, ...rest }) => ({ ...rest, now: Date.now() }));
        throw new Error(`${String(e)}; left: ${JSON.stringify(left)}; writes: ${JSON.stringify(writes)}`);
      });
    // The count reaches 0 as the last item leaves the outbox; the status says so when the sync pass ends after it.
    await expect.poll(() => p.getByTestId('sync-status').textContent(), { timeout: 15_000 }).toContain('הכול מסונכרן');
    const recordIds = queued.filter((q) => q.kind === 'record').map((q) => q.id);
    const recordPuts = writes.filter((w) => /\/records\/[^/]+$/.test(w.path));
    expect(recordPuts.map((w) => w.status)).toEqual(Array(RECORDS).fill(201));
    expect(new Set(recordPuts.map((w) => w.path.split('/').pop())).size).toBe(RECORDS);
    expect(writes.filter((w) => w.method === 'PATCH').map((w) => w.status)).toEqual([200, 200]);
    expect(writes.every((w) => w.status < 300)).toBe(true);
    console.log(`[scouting] writes after going online: ${JSON.stringify(writes.map((w) => `${w.method} ${w.status}`))}`);
    const { records } = await call<{ records: RecordItem[] }>(baseURL, grower, 'GET', `/api/projects/${survey.projectId}/records`);
    const mine = records.filter((r) => r.task_id === task || r.task_id === task2);
    expect(mine.map((r) => r.record_id).sort()).toEqual(recordIds.sort());
    expect(mine.map((r) => r.tree_id).sort()).toEqual(trees.map((t) => t.id).sort());
    for (const photo of queued.filter((q) => q.kind === 'photo')) {
      const r = await fetch(`${baseURL}/api/records/${photo.recordId}/photos/${photo.id}?size=full`, { headers: grower });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe(photo.type);
      expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.from(photo.bytes!, 'base64')), `photo ${photo.id} byte for byte`).toBe(true);
    }
    expect(mine.flatMap((r) => r.photos_stored)).toHaveLength(RECORDS);
    const { tasks } = await call<{ tasks: TaskItem[] }>(baseURL, grower, 'GET', `/api/projects/${survey.projectId}/tasks`);
    for (const [t, id] of [task, task2].entries()) {
      expect(tasks.find((x) => x.task_id === id)).toMatchObject({ status: 'done', version: 2 });
      const own = trees.slice(t * PER_TASK, (t + 1) * PER_TASK).map((x) => x.id);
      expect(tasks.find((x) => x.task_id === id)!.visited.sort()).toEqual(own.sort());
    }
  }, 300_000);

  it('a second phone of the same worker sees the task done and the records on the survey', async () => {
    b = await phone();
    const p = b.page;
    await p.goto('/tasks');
    await expect.poll(() => p.getByTestId('my-task').filter({ hasText: title }).first().getAttribute('data-status')).toBe('done');
    await p.goto(survey.path);
    await p.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await (await mapTool(p, 'scouting')).click(); // in "More" on a phone
    const rows = p.getByTestId('scouting-row').filter({ hasText: `עלים יבשים ${run}` });
    await expect.poll(() => rows.count()).toBe(RECORDS);
    expect(await p.locator('[data-testid=scouting-row][data-waiting=true]').count()).toBe(0);
  });
});

describe('a conflict: both phones change the same task offline', () => {
  it('the later phone gets the 409/412 with the task as it is now, shown in Hebrew, and keeps its own change', async () => {
    const name = otherTitle;
    for (const s of [a, b]) {
      await openTask(s.page, name);
      await offline(s.context, true);
    }
    await a.page.getByTestId('task-to-in_progress').click();
    await b.page.getByTestId('task-to-done').click();
    await expect.poll(() => items(a.page)).toBe('1');
    await expect.poll(() => items(b.page)).toBe('1');
    await offline(a.context, false);
    await expect.poll(() => items(a.page), { timeout: 60_000 }).toBe('0');
    const writes = countWrites(b.page);
    await offline(b.context, false);
    const conflict = b.page.getByTestId('sync-conflict');
    await conflict.waitFor({ timeout: 60_000 });
    expect([409, 412]).toContain(writes.find((w) => w.method === 'PATCH')?.status);
    const text = (await conflict.textContent()) ?? '';
    expect(text).toContain('המשימה שונתה במקום אחר');
    expect(text).toContain('השינוי שלך');
    expect(text).toContain('מה שיש עכשיו בשרת');
    const sides = await conflict.locator('.conflict__side p').allTextContents();
    expect(sides).toHaveLength(2);
    expect(sides[0]).not.toBe(sides[1]);
    expect(sides.every((s) => /[\u0590-\u05ff]/.test(s))).toBe(true);
    // Still allowed on the server's version (in progress → done): the worker keeps their change.
    await conflict.getByTestId('keep-mine').click();
    await expect.poll(() => items(b.page), { timeout: 60_000 }).toBe('0');
    const { tasks } = await call<{ tasks: TaskItem[] }>(baseURL, grower, 'GET', `/api/projects/${survey.projectId}/tasks`);
    expect(tasks.find((t) => t.task_id === other)).toMatchObject({ status: 'done', version: 3 });
  });
});

describe('the grower closes the loop (issue 36 "Done when")', () => {
  it('filters the dead trees, gives the worker a task for them from the list, and the worker gets it', async () => {
    g = await persistentPage({ baseURL, locale: 'he-IL' });
    const p = g.page;
    await loginAs(p, 'grower');
    await p.goto(survey.path);
    await p.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    for (const b of await p.locator('.pm-alert .pm-close').all()) await b.click();
    await p.getByTestId('pm-btn-layers').click();
    for (const k of [0, 1, 2, 4, 5]) {
      const toggle = p.getByTestId(`legend-toggle-${k}`);
      if (!(await toggle.count())) continue;
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    }
    await p.getByTestId('pm-layers-close').click();
    await p.getByTestId('pm-btn-scouting').click();
    await p.getByTestId('pm-scouting-tab-tasks').click();
    await p.getByTestId('pm-new-task').click();
    await p.getByTestId('task-title').fill(`עצים מתים לבדיקה ${run}`);
    const { members } = await call<{ members: { user_id: number; role: string }[] }>(baseURL, grower, 'GET', `/api/projects/${survey.projectId}/members`);
    await p.getByTestId('task-assignee').selectOption(String(members.find((m) => m.role === 'worker')!.user_id));
    await p.getByTestId('task-create').click();
    await p
      .getByTestId('pm-task-form')
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(async () => {
        throw new Error(`the task was not created: ${await p.getByTestId('pm-task-form').getByRole('alert').textContent()}`);
      });
    // Waiting to sync at once, then the server's task (the list is read again after the sync, never emptied).
    const row = p.getByTestId('pm-task').filter({ hasText: `עצים מתים לבדיקה ${run}` });
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('open');
    const dead = await treesWithStatus(baseURL, grower, survey.projectId, 3, Infinity);
    const { tasks } = await call<{ tasks: TaskItem[] }>(baseURL, grower, 'GET', `/api/projects/${survey.projectId}/tasks`);
    const made = tasks.find((t) => t.title === `עצים מתים לבדיקה ${run}`)!;
    expect(made.trees.ids.sort((x, y) => x - y)).toEqual(dead.map((t) => t.id).sort((x, y) => x - y));
    await a.page.goto('/tasks');
    await expect
      .poll(() =>
        a.page
          .getByTestId('my-task')
          .filter({ hasText: `עצים מתים לבדיקה ${run}` })
          .count(),
      )
      .toBe(1);
  });

  it('sees the worker’s records in the Scouting list, in the records export and in the report', async () => {
    const p = g.page;
    await p.getByTestId('pm-scouting-tab-records').click();
    await expect
      .poll(
        () =>
          p
            .getByTestId('scouting-row')
            .filter({ hasText: `עלים יבשים ${run}` })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(RECORDS);
    await p.getByTestId('pm-btn-layers').click();
    expect(await p.getByTestId('scouting-visible').isChecked()).toBe(true); // the scouting map layer is on
    await p.getByTestId('pm-layers-close').click();
    const recordIds = queued.filter((q) => q.kind === 'record').map((q) => q.id);
    const geo = await call<{ features: { properties: { record_id: string } }[] }>(
      baseURL,
      grower,
      'GET',
      `/api/projects/${survey.projectId}/records/export?format=geojson`,
    );
    expect(geo.features.filter((f) => recordIds.includes(f.properties.record_id))).toHaveLength(RECORDS);
    const csv = await (await fetch(`${baseURL}/api/projects/${survey.projectId}/records/export?format=csv`, { headers: grower })).text();
    for (const id of recordIds) expect(csv).toContain(id);
    const pdf = await fetch(`${baseURL}/api/projects/${survey.projectId}/report.pdf?lang=en`, { headers: grower });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });
});
