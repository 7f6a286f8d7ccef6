// Issue 17: the main thread on the map. Opens the 100k demo survey in real
// Chromium, shows the trees, switches the colour mode, zooms in and out and
// pans, and reads every long task (PerformanceObserver 'longtask': > 50 ms of
// uninterrupted main-thread work) per phase.
//
// The goal is none at all, and the test holds the actions (colour switch, zoom
// in and out, pan) to it by the CPU time of each task, read from Chromium's
// trace (task-trace.ts); wall times are printed beside it. In software GL on a
// shared 2-core runner, a task's wall time is mostly waiting: for the GPU
// process (SwiftShader draws on the CPU) and for the CPU itself. The same
// 15 ms colour switch lasted 51 ms here and 54-166 ms in a CI run, and a 1 ms
// zoom task 51 ms. The waits our code can cause are held apart: no GPU
// read-back (deck.gl's picking) and no shader link during an action.
// deck.gl no longer picks on pointer moves, the statistics charts are light bar
// rows that re-render only with their counts, and no tree instances are drawn
// while the worker's image is coming. Before, these actions had 52-88 ms tasks
// here. Up to two retries of the whole sequence absorb a stray task; a
// regression fails every run (the read-back check fails at once). Opening the survey is reported, not
// held: its first frame links deck.gl's shader programs, 50-100 ms each in
// software GL (SwiftShader has no parallel shader compile). Every task is printed.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiJson, launchBrowser, loginAs, newPage } from '../support/browser';
import { installMapProbe, longestTask, readProbe, runMapActions, setPhase, settleMap } from '../support/map-actions';
import { mapCall } from '../support/map-debug';
import { longestCpu, traceTasks } from '../support/task-trace';

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL });
  await loginAs(page, 'grower');
});
afterAll(async () => browser?.close());

/** The longest main-thread task allowed during an action (colour switch, zoom, pan): the goal. */
const ACTION_LIMIT_MS = 50;
/** Switching a prescription to its 10 m grid uploads ~26,800 zones at once (not one of the actions). */
const RX_GRID_LIMIT_MS = 150;

describe('main thread at 100k trees', () => {
  it('runs a colour switch, zoom and pan without a main-thread task over 50 ms, and reports every task', { retry: 2, timeout: 240_000 }, async () => {
    await installMapProbe(page);
    const trace = await traceTasks(page);
    const projects = await apiJson<{ project_id: number; name: string; observation_date: string }[]>(page, '/api/projects/user');
    const p = projects.find((x) => x.name === 'Avocado survey – autumn')!;
    const idle = () => settleMap(page, 1500);
    const box = await runMapActions(page, `/view/${p.project_id}/${p.observation_date}`, idle, 90_000);
    // A prescription on a 10 m grid: ~26,800 zones made in the worker and drawn coloured by rate.
    await page.getByTestId('pm-btn-prescription').click();
    await expect.poll(() => page.getByTestId('pm-rx-total').isVisible(), { timeout: 30_000 }).toBe(true);
    await idle();
    await setPhase(page, 'prescription grid');
    await page.getByTestId('pm-rx-unit').selectOption('grid');
    await expect
      .poll(async () => Number((await page.getByTestId('pm-rx-total').locator('td').first().textContent())!.replace(/\D/g, '')), { timeout: 30_000 })
      .toBeGreaterThan(1000);
    await idle();
    // A click picks once (pickAll): the read-back probe works.
    await setPhase(page, 'click');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await readProbe(page)).readBacks.click ?? 0).toBeGreaterThan(0);
    // Issue 37: panning over the survey's aerial photo at its native zoom (tiles decode off the main thread).
    await page.getByTestId('pm-prescription-close').click();
    const photo = await apiJson<{ maxzoom: number }>(page, `/api/projects/${p.project_id}/orthophoto`);
    await mapCall(page, 'project', 'jumpToTree', 500, photo.maxzoom);
    await idle();
    await setPhase(page, 'photo pan');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 - 100, { steps: 10 });
    await page.mouse.up();
    await idle();

    const probe = await readProbe(page);
    const traced = await trace.stop(ACTION_LIMIT_MS);
    const longest = (ph: string) => longestTask(probe, ph);
    const cpu = (ph: string) => longestCpu(traced, ph);
    const phases = ['open', 'show trees', 'colour mode', 'zoom in', 'zoom out', 'pan', 'prescription grid', 'photo pan'];
    const perPhase = (f: (ph: string) => number) => JSON.stringify(Object.fromEntries(phases.map((ph) => [ph, f(ph)])));
    console.log(`longest main-thread task per phase, wall ms: ${perPhase(longest)}; its CPU ms: ${perPhase(cpu)}`);
    console.log(
      `long tasks (ms): ${JSON.stringify(probe.tasks)}; traced (wall/CPU ms): ${JSON.stringify(traced)}; GPU read-backs per phase: ${JSON.stringify(probe.readBacks)}; shader links per phase: ${JSON.stringify(probe.links)}`,
    );
    // Nothing is picked while the map is only moved (hover and drag picking read the frame back: a GPU stall).
    for (const ph of phases.slice(1, 6)) expect(probe.readBacks[ph] ?? 0, `read-backs during ${ph}`).toBe(0);
    // Nor does an action link a shader program (the main thread waits for the link: CPU time does not show that wait).
    for (const ph of [...phases.slice(2, 6), 'photo pan']) expect(probe.links[ph] ?? 0, `shader links during ${ph}`).toBe(0);
    // The observer works (the app's own start is always long in software GL): a probe that saw nothing proves nothing.
    expect(probe.tasks.length).toBeGreaterThan(0);
    // The trace saw the same long start, on the page's main thread, with the CPU time of every task.
    expect(traced.filter((t) => t.phase === 'open').length).toBeGreaterThan(0);
    expect(traced.filter((t) => t.cpuMs === null)).toEqual([]);
    for (const ph of [...phases.slice(2, 6), 'photo pan']) expect(cpu(ph), ph).toBeLessThanOrEqual(ACTION_LIMIT_MS);
    // A 10 m prescription grid (~26,800 zones, triangulated in the worker) is uploaded in one frame: 70-85 ms in a full run.
    expect(cpu('prescription grid'), 'prescription grid').toBeLessThanOrEqual(RX_GRID_LIMIT_MS);
  });
});
