// Issue 17: the main thread on the map. Opens the 100k demo survey in real
// Chromium, shows the trees, switches the colour mode, zooms in and out and
// pans, and reads every long task (PerformanceObserver 'longtask': > 50 ms of
// uninterrupted main-thread work) per phase.
//
// The goal is none at all, and the test holds the actions (colour switch, zoom
// in and out, pan) to it: no task over 50 ms. On a quiet
// machine none occurs, at 100k or at 1M trees (bench:render's app rows):
// deck.gl no longer picks on pointer moves, the statistics charts are light bar
// rows that re-render only with their counts, and no tree instances are drawn
// while the worker's image is coming. Before, these actions had 52-88 ms tasks
// here. A shared 2-core runner shows a stray 70-100 ms task in about one run
// in five (seen once in pan): up to two retries of the whole sequence absorb
// it; a regression fails every run (the read-back check fails at once). Opening the survey is reported, not
// held: its first frame links deck.gl's shader programs, 50-100 ms each in
// software GL (SwiftShader has no parallel shader compile). Every task is printed.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');

interface LongTask { at: number; ms: number; phase: string }
/** Long tasks, and GPU read-backs (readPixels: how deck.gl picks) per phase. */
type Probe = { tasks: LongTask[]; phase: string; readBacks: Record<string, number> };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL });
  await loginAs(page, 'grower');
});
afterAll(async () => browser?.close());

const idle = async (p: Page) => {
  await p.waitForFunction(() => {
    const m = (window as unknown as { __projectMap?: { isMoving(): boolean } }).__projectMap;
    return !!m && !m.isMoving();
  });
  await p.waitForTimeout(1500); // the worker's image and labels arrive after the move ends
};
/** The longest main-thread task allowed during an action (colour switch, zoom, pan): the goal. */
const ACTION_LIMIT_MS = 50;
/** Switching a prescription to its 10 m grid uploads ~26,800 zones at once (not one of the actions). */
const RX_GRID_LIMIT_MS = 150;
const phase = (p: Page, name: string) => p.evaluate((n) => { (window as unknown as { __longTasks: Probe }).__longTasks.phase = n; }, name);

describe('main thread at 100k trees', () => {
  it('runs a colour switch, zoom and pan without a main-thread task over 50 ms, and reports every task', { retry: 2, timeout: 240_000 }, async () => {
    await page.addInitScript(() => {
      const probe: Probe = { tasks: [], phase: 'boot', readBacks: {} };
      (window as unknown as { __longTasks: Probe }).__longTasks = probe;
      for (const proto of [WebGL2RenderingContext.prototype, WebGLRenderingContext.prototype]) {
        const read = proto.readPixels as (...a: unknown[]) => void;
        (proto as unknown as { readPixels: (...a: unknown[]) => void }).readPixels = function (this: unknown, ...a: unknown[]) {
          probe.readBacks[probe.phase] = (probe.readBacks[probe.phase] ?? 0) + 1;
          return read.apply(this, a);
        };
      }
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) probe.tasks.push({ at: Math.round(e.startTime), ms: Math.round(e.duration), phase: probe.phase });
      }).observe({ type: 'longtask', buffered: true });
    });
    const projects = await page.evaluate(async () => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      return (await fetch('/api/projects/user', { headers: { Authorization: `Bearer ${token}` } })).json();
    }) as { project_id: number; name: string; observation_date: string }[];
    const p = projects.find((x) => x.name === 'Avocado survey – autumn')!;
    await page.goto(`/view/${p.project_id}/${p.observation_date}`);
    // The page's own start (parsing the app, the first React render, MapLibre's set-up) is not the map's work.
    await page.waitForSelector('[data-testid=pm-map]');
    await phase(page, 'open');
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await idle(page);

    await page.getByTestId('pm-btn-layers').click();
    await phase(page, 'show trees');
    await page.getByTestId('layer-visible-trees').check();
    await idle(page);
    await phase(page, 'colour mode');
    await page.getByTestId('colour-mode').selectOption('vitality');
    await expect.poll(() => page.getByTestId('project-map-page').getAttribute('data-colour-mode')).toBe('vitality');
    await idle(page);
    await page.getByTestId('pm-layers-close').click();
    const box = (await page.getByTestId('pm-map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await phase(page, 'zoom in');
    await page.mouse.wheel(0, -300);
    await idle(page);
    await phase(page, 'zoom out');
    await page.mouse.wheel(0, 300);
    await idle(page);
    await phase(page, 'pan');
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 });
    await page.mouse.up();
    await idle(page);
    // A prescription on a 10 m grid: ~26,800 zones made in the worker and drawn coloured by rate.
    await page.getByTestId('pm-btn-prescription').click();
    await expect.poll(() => page.getByTestId('pm-rx-total').isVisible(), { timeout: 30_000 }).toBe(true);
    await idle(page);
    await phase(page, 'prescription grid');
    await page.getByTestId('pm-rx-unit').selectOption('grid');
    await expect.poll(async () => Number((await page.getByTestId('pm-rx-total').locator('td').first().textContent())!.replace(/\D/g, '')), { timeout: 30_000 }).toBeGreaterThan(1000);
    await idle(page);
    // A click picks once (pickAll): the read-back probe works.
    await phase(page, 'click');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __longTasks: Probe }).__longTasks.readBacks.click ?? 0)).toBeGreaterThan(0);

    const probe = await page.evaluate(() => (window as unknown as { __longTasks: Probe }).__longTasks);
    const longest = (ph: string) => Math.max(0, ...probe.tasks.filter((t) => t.phase === ph).map((t) => t.ms));
    const phases = ['open', 'show trees', 'colour mode', 'zoom in', 'zoom out', 'pan', 'prescription grid'];
    console.log(`longest main-thread task per phase (ms): ${JSON.stringify(Object.fromEntries(phases.map((ph) => [ph, longest(ph)])))}`);
    console.log(`long tasks (ms): ${JSON.stringify(probe.tasks)}; GPU read-backs per phase: ${JSON.stringify(probe.readBacks)}`);
    // Nothing is picked while the map is only moved (hover and drag picking read the frame back: a GPU stall).
    for (const ph of phases.slice(1, 6)) expect(probe.readBacks[ph] ?? 0, `read-backs during ${ph}`).toBe(0);
    // The observer works (the app's own start is always long in software GL): a probe that saw nothing proves nothing.
    expect(probe.tasks.length).toBeGreaterThan(0);
    for (const ph of phases.slice(2, 6)) expect(longest(ph), ph).toBeLessThanOrEqual(ACTION_LIMIT_MS);
    // A 10 m prescription grid (~26,800 zones, triangulated in the worker) is uploaded in one frame: 70-85 ms in a full run.
    expect(longest('prescription grid'), 'prescription grid').toBeLessThanOrEqual(RX_GRID_LIMIT_MS);
  });
});
