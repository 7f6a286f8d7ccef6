// The app's main thread at orchard scale (issue 17), part of bench:render: the
// real server seeded at SEED_SCALE=scale (10: the biggest survey has ~1M
// trees), the built app in headless Chromium + SwiftShader, 1280x800. The
// survey's snapshot is built before (a grower opens what the server has). Per
// action, the longest main-thread task (PerformanceObserver 'longtask': work
// over 50 ms without a break) and how many there were. The goal is none.
import { execSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../tests/support/browser';
import { adminAuth, startServer, stopServer } from './server';

export const APP_ACTIONS = ['open', 'show trees', 'colour mode', 'zoom in', 'zoom out', 'pan'] as const;
export interface AppRow { bench: 'render-app'; trees: number; action: string; longest_task_ms: number; long_tasks: number }

interface Probe { tasks: { ms: number; phase: string }[]; phase: string }
const probeOf = (p: Page) => p.evaluate(() => (window as unknown as { __longTasks: Probe }).__longTasks);
const setPhase = (p: Page, name: string) => p.evaluate((n) => { (window as unknown as { __longTasks: Probe }).__longTasks.phase = n; }, name);
/** The map stopped moving and the worker's image and labels have arrived. */
async function settle(p: Page): Promise<void> {
  await p.waitForFunction(() => {
    const m = (window as unknown as { __projectMap?: { isMoving(): boolean } }).__projectMap;
    return !!m && !m.isMoving();
  }, null, { timeout: 120_000 });
  await p.waitForTimeout(2500);
}

export async function benchAppLongTasks(scale: string): Promise<AppRow[]> {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const server = await startServer(scale);
  const browser = await launchBrowser();
  try {
    const auth = await adminAuth(server.url);
    const { projects } = (await (await fetch(`${server.url}/api/admin/projects`, { headers: auth })).json()) as { projects: { project_id: number; observation_date: string | null; tree_count: string | number; client_id: number }[] };
    const biggest = projects.filter((x) => x.observation_date).sort((x, y) => Number(y.tree_count) - Number(x.tree_count))[0];
    const trees = Number(biggest.tree_count);
    // The snapshot is built once per survey version; a grower opening it afterwards gets the stored one.
    await (await fetch(`${server.url}/api/trees/${biggest.project_id}`, { headers: { ...auth, accept: 'application/vnd.apache.arrow.stream' } })).arrayBuffer();

    const page = await newPage(browser, { baseURL: server.url });
    await loginAs(page, 'grower');
    await page.addInitScript(() => {
      const probe: Probe = { tasks: [], phase: 'boot' };
      (window as unknown as { __longTasks: Probe }).__longTasks = probe;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) probe.tasks.push({ ms: Math.round(e.duration), phase: probe.phase });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`/view/${biggest.project_id}/${biggest.observation_date}`);
    // The page's own start (parsing the app, MapLibre's set-up) is not the survey's.
    await page.waitForSelector('[data-testid=pm-map]');
    await setPhase(page, 'open');
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 180_000 });
    await settle(page);
    await page.getByTestId('pm-btn-layers').click();
    await setPhase(page, 'show trees');
    await page.getByTestId('layer-visible-trees').check();
    await settle(page);
    await setPhase(page, 'colour mode');
    await page.getByTestId('colour-mode').selectOption('vitality');
    await settle(page);
    await page.getByTestId('pm-layers-close').click();
    const box = (await page.getByTestId('pm-map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await setPhase(page, 'zoom in');
    await page.mouse.wheel(0, -300);
    await settle(page);
    await setPhase(page, 'zoom out');
    await page.mouse.wheel(0, 300);
    await settle(page);
    await setPhase(page, 'pan');
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 });
    await page.mouse.up();
    await settle(page);
    const probe = await probeOf(page);
    return APP_ACTIONS.map((action) => {
      const tasks = probe.tasks.filter((t) => t.phase === action);
      return { bench: 'render-app', trees, action, longest_task_ms: Math.max(0, ...tasks.map((t) => t.ms)), long_tasks: tasks.length };
    });
  } finally {
    await browser.close();
    await stopServer(server);
  }
}
