// No blank page, ever (issue 15 §2): a code chunk that cannot load (a redeploy
// removed it) reloads the page once, then shows the route's crash screen with
// Reload Page; a lost WebGL context on the map shows a message and "Restore
// map", which brings a working map back without leaving the page.
// Without a service worker: once the app's worker (issue 35) controls a page it serves the version's chunks from
// its precache until the user takes an update, so a redeploy cannot remove them; this is the first visit (the
// worker not yet installed) or a browser without service workers.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';
import type { MapDebug } from '../../src/map/map-debug';

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');
let projectPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL, serviceWorkers: 'block' });
  await loginAs(page, 'grower');
  const projects = (await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
    return (await fetch('/api/projects/user', { headers: { Authorization: `Bearer ${token}` } })).json();
  })) as { project_id: number; name: string; observation_date: string }[];
  const p = projects.find((x) => x.name === 'Avocado survey – autumn')!;
  projectPath = `/view/${p.project_id}/${p.observation_date}`;
});
afterAll(async () => browser?.close());

const loseContexts = (p: Page) =>
  p.evaluate(() => {
    let lost = 0;
    for (const c of document.querySelectorAll<HTMLCanvasElement>('[data-testid=pm-map] canvas')) {
      const gl = (c.getContext('webgl2') ?? c.getContext('webgl')) as WebGLRenderingContext | null;
      const ext = gl?.getExtension('WEBGL_lose_context');
      if (ext) {
        ext.loseContext();
        lost++;
      }
    }
    return lost;
  });

describe('crash screens', () => {
  it('a missing code chunk: one reload, then the crash screen with Reload Page, which works once the chunk is back', async () => {
    const loads: string[] = [];
    const onLoad = () => loads.push(page.url());
    page.on('load', onLoad);
    await page.route('**/assets/project-map-page-*.js', (route) => route.abort());
    await page.goto('/home');
    loads.length = 0;
    await page.goto(projectPath);
    await page.getByTestId('crash').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('crash').textContent()).toContain('Something went wrong');
    expect(loads.length).toBe(2); // the navigation and exactly one reload
    await page.unroute('**/assets/project-map-page-*.js');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.waitForSelector('[data-testid=project-map-page]', { timeout: 60_000 });
    expect(await page.getByTestId('crash').count()).toBe(0);
    page.off('load', onLoad);
  });

  it('a lost WebGL context: a clear message and Restore map brings a working map back on the same page', async () => {
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(projectPath);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    const url = page.url();
    expect(await loseContexts(page)).toBeGreaterThan(0);
    const notice = page.getByTestId('map-context-lost');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('The map stopped drawing');
    await page.getByRole('button', { name: 'Restore map' }).click();
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    // The same page (no reload, no navigation); the view's camera in the URL may follow the new map's fit.
    expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const cs = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid=pm-map] canvas')];
            return (
              cs.length > 0 &&
              cs.every((c) => {
                const gl = (c.getContext('webgl2') ?? c.getContext('webgl')) as WebGLRenderingContext | null;
                return !!gl && !gl.isContextLost();
              })
            );
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    // The restored map is the page's map: the tree hook answers from it.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const m = (window as unknown as { __maps?: { project?: MapDebug } }).__maps?.project;
            return !!m && m.treeCount() > 0 && m.zoom() > 10;
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
  });
});
