// The installable app and the surveys kept on the device (issue 35, README "Installed app and offline"), in a
// real Chromium with a profile on disk (an incognito context can neither install nor keep anything):
// Chromium's own installability check, the service worker controlling the page, a survey opened offline from the
// device (trees drawn, legend filter, problem list, "needs a connection"), home without a connection, the
// refresh by ETag when the connection returns (bytes counted), and a new version that waits for "Reload".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { demoSurvey, loginAs, persistentPage, screenPixels } from '../support/browser';
import { ACCOUNTS } from '../support/accounts';
import { waitForMap } from '../support/map-debug';
import type { MapDebug } from '../../src/map/map-debug';
import { keptRecords, waitKept } from '../support/device';
import { mapTool } from '../support/map-tools';

const baseURL = inject('baseURL');
const staticDir = inject('staticDir');
let session: Awaited<ReturnType<typeof persistentPage>>;
let page: Page;
const surveys: Record<'big' | 'olive' | 'dates', { projectId: number; path: string }> = {} as never;

const loaded = (p: Page, timeout = 90_000) => p.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout });

async function open(p: Page, path: string) {
  await p.goto(path);
  await loaded(p);
}

/** An admin call from the test (the server changes while the phone is offline). */
async function admin(method: string, url: string, body?: unknown) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS.admin),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${url}`).toBeLessThan(300);
  return res.json() as Promise<unknown>;
}

beforeAll(async () => {
  session = await persistentPage({ baseURL, width: 390, height: 844 });
  page = session.page;
  await loginAs(page, 'grower');
  surveys.big = await demoSurvey(page, 'Avocado survey – autumn');
  surveys.olive = await demoSurvey(page, 'Olive East – autumn');
  surveys.dates = await demoSurvey(page, 'Date palms – autumn');
});
afterAll(async () => session?.close());

describe('installable, and updates itself safely', () => {
  it("passes Chromium's installability check, and the service worker controls the page with the app shell precached", async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const cdp = await page.context().newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    // The UI is English here: the page's link points at the English manifest once the language is known
    // (Chromium may keep the manifest it read first: either is a valid manifest of the app).
    await expect.poll(() => page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'))).toBe('/manifest.en.webmanifest');
    const manifest = await cdp.send('Page.getAppManifest');
    const m = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest.url).toMatch(/\/manifest\.(he|en)\.webmanifest$/);
    const name = manifest.url.endsWith('.he.webmanifest') ? 'סקר מטעים' : 'Orchard Survey';
    expect(m).toMatchObject({ name, start_url: '/home', display: 'standalone', theme_color: '#1b5e20' });
    for (const size of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable']) expect(m.icons).toContainEqual(expect.objectContaining({ sizes: size, purpose }));
    // The Hebrew manifest names the app in Hebrew, the English one in English.
    const en = (await (await fetch(`${baseURL}/manifest.en.webmanifest`)).json()) as { name: string; dir: string };
    expect(en).toMatchObject({ name: 'Orchard Survey', dir: 'ltr' });
    const he = (await (await fetch(`${baseURL}/manifest.he.webmanifest`)).json()) as { name: string; dir: string };
    expect(he).toMatchObject({ name: 'סקר מטעים', dir: 'rtl' });
    const shell = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((n) => n.includes('precache'));
      const urls = precache ? (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname) : [];
      return { urls, worker: urls.some((u) => /geo\.worker-.*\.js$/.test(u)), index: urls.includes('/index.html') };
    });
    expect(shell.index).toBe(true);
    expect(shell.worker).toBe(true);
    expect(shell.urls.length).toBeGreaterThan(20);
  });

  it('a new version waits for Reload: the page never reloads by itself', async () => {
    if (!staticDir) throw new Error('this test needs the browser tests’ own build (BROWSER_STATIC_DIR with BROWSER_BASE_URL)');
    const file = path.join(staticDir, 'sw.js');
    const original = readFileSync(file, 'utf8');
    try {
      await page.goto('/home');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
      writeFileSync(file, `${original}\n// a new deploy ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByTestId('app-update').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('app-update').textContent()).toContain('A new version is available');
      await page.waitForTimeout(2_000);
      expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBe(true);
      await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.getByTestId('app-update-reload').click()]);
      expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBeUndefined();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await page.getByTestId('app-update').count()).toBe(0);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('surveys kept on the device', () => {
  it('keeps every survey opened: the map data as the server sent it, with its ETag', async () => {
    // Each is shown, then kept in the background: the test waits for that before opening the next.
    for (const s of [surveys.big, surveys.olive, surveys.dates]) {
      await open(page, s.path);
      await waitKept(page, [s.projectId]);
    }
    const kept = await waitKept(page, [surveys.big.projectId, surveys.olive.projectId, surveys.dates.projectId]);
    const big = kept.find((k) => k.projectId === surveys.big.projectId)!;
    // The compact form (README "Compact map data"), as the server sent it.
    expect(big.etag).toMatch(/^"md-\d+-\d+-compact"$/);
    expect(big.format).toBe('compact');
    expect(big.mapBytes).toBeGreaterThan(1_000_000);
    console.log(`[device] kept: ${kept.map((k) => `${k.projectId}: ${k.bytes} B (map ${k.mapBytes}, photo ${k.photoBytes})`).join('; ')}`);
  });

  it('opens a kept survey with the network off: trees drawn, legend filter, problem list; server actions need a connection', async () => {
    await page.context().setOffline(true);
    const t0 = Date.now();
    await page.goto(surveys.big.path); // the app shell comes from the service worker, never the browser's offline page
    await loaded(page);
    console.log(`[device] reopened the 100k survey offline in ${Date.now() - t0} ms`);
    // Opened on its address: the geo worker started with the app, read the kept copy before the survey page's code
    // ran, and the page's load took that decoded copy (src/offline/surveys/survey-start.ts).
    const marks = await page.evaluate(() =>
      Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('survey-load:'))
          .map((m) => [m.name.slice('survey-load:'.length), m.startTime]),
      ),
    );
    console.log(`[device] load steps (ms): ${JSON.stringify(marks, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`);
    expect(marks['worker-kept-ahead']).toBeLessThan(marks.start);
    expect(marks['worker-kept-taken']).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('pm-from-device').count()).toBe(1);
    for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
    // Trees: the tree layer on, the pixels around a tree in the middle change when the layer goes off again
    // (sampled with the layers panel closed: at 390 px it covers the map).
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    await page.getByTestId('pm-layers-close').click();
    await waitForMap(page, 'project');
    await page.waitForTimeout(600);
    const tree = await middleTree(page);
    expect(await page.evaluate(() => (window as unknown as { __maps: { project: MapDebug } }).__maps.project.treeCount())).toBeGreaterThan(100_000);
    const withTrees = await pixels(page, tree);
    // The legend filter: hiding Healthy strikes its count and says how many are shown.
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('legend-toggle-0').click();
    await expect.poll(() => page.getByTestId('legend-toggle-0').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('legend-shown').textContent()).toMatch(/of/);
    await page.getByTestId('legend-toggle-0').click();
    await page.getByTestId('layer-visible-trees').uncheck();
    await page.getByTestId('pm-layers-close').click();
    await waitForMap(page, 'project');
    await expect.poll(async () => (await pixels(page, tree)).join()).not.toBe(withTrees.join());
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    await page.getByTestId('pm-layers-close').click();
    // The problem list opens with its rows.
    await page.getByTestId('pm-btn-list').click();
    await expect.poll(() => page.getByTestId('pm-list-row').count()).toBeGreaterThan(5);
    await page.getByTestId('pm-list').getByRole('button', { name: 'Close' }).click();
    // Export says it needs a connection instead of failing.
    await (await mapTool(page, 'export')).click(); // in "More" on a phone
    expect(await page.getByTestId('pm-needs-connection').textContent()).toContain('Needs a connection');
  });

  it('home without a connection lists the surveys on the device, marked as such (no endless spinner)', async () => {
    await page.goto('/home');
    await page.getByTestId('offline-notice').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('offline-notice').textContent()).toContain('You are offline — 3 surveys on this device');
    expect(await page.getByTestId('project-card').count()).toBe(3);
    expect(await page.getByTestId('on-device').count()).toBe(3);
    expect(await page.getByTestId('home-loading').count()).toBe(0);
  });

  it('back online: the changed survey is refreshed, the unchanged ones are not downloaded again', async () => {
    const olivePlot = (await page.evaluate(async (id) => {
      const t = localStorage.getItem('token');
      const r = await fetch(`/api/projects/${id}`, { headers: { Authorization: `Bearer ${t}` } }).catch(() => null);
      return r ? r.json() : null;
    }, surveys.olive.projectId)) as { plot_ids: number[] } | null;
    expect(olivePlot, 'offline: the page cannot reach the API').toBeNull();
    const before = await keptRecords(page);
    const oliveEtag = before.find((k) => k.projectId === surveys.olive.projectId)!.etag;
    // While the phone is offline, the olive survey's plot is renamed on the server (its map data changes).
    const detail = (await (await fetch(`${baseURL}/api/projects/${surveys.olive.projectId}`, { headers: await growerAuth() })).json()) as {
      plot_ids: number[];
    };
    const plotId = detail.plot_ids[0];
    const farm = (await (await fetch(`${baseURL}/api/farm/overview`, { headers: await growerAuth() })).json()) as {
      plots: { features: { properties: { plot_id: number; plot_name: string } }[] };
    };
    const name = farm.plots.features.find((f) => f.properties.plot_id === plotId)!.properties.plot_name;
    const answers: { id: number; status: number; bytes: number }[] = [];
    const onResponse = async (r: Response) => {
      const m = /\/api\/trees\/(\d+)/.exec(r.url());
      if (m) answers.push({ id: Number(m[1]), status: r.status(), bytes: (await r.request().sizes()).responseBodySize });
    };
    page.on('response', (r) => void onResponse(r));
    try {
      await admin('PATCH', `/api/admin/data/plots/${plotId}`, { plot_name: `${name} (renamed)` });
      await page.context().setOffline(false);
      // Playwright's offline emulation leaves navigator.onLine true in a page loaded while offline, so no 'online'
      // event comes: the app notices the connection by its own probe (src/api/reachability.ts) within seconds.
      await expect
        .poll(async () => (await keptRecords(page)).find((k) => k.projectId === surveys.olive.projectId)?.etag, { timeout: 30_000 })
        .not.toBe(oliveEtag);
      await expect.poll(() => answers.filter((a) => a.id !== surveys.olive.projectId).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const olive = answers.filter((a) => a.id === surveys.olive.projectId);
      const others = answers.filter((a) => a.id !== surveys.olive.projectId);
      expect(olive.some((a) => a.status === 200 && a.bytes > 0)).toBe(true);
      expect(
        others.every((a) => a.status === 304 && a.bytes === 0),
        JSON.stringify(others),
      ).toBe(true);
      console.log(`[device] back online: ${JSON.stringify(answers)}`);
    } finally {
      await admin('PATCH', `/api/admin/data/plots/${plotId}`, { plot_name: name });
    }
  });
});

async function growerAuth(): Promise<Record<string, string>> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS.grower),
  });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function middleTree(p: Page): Promise<{ x: number; y: number }> {
  const box = (await p.getByTestId('pm-map').boundingBox())!;
  const at = await p.evaluate(
    ([w, h]) => {
      const m = (window as unknown as { __maps: { project: MapDebug } }).__maps.project;
      let best = { x: 0, y: 0, d: Infinity };
      for (let i = 0, n = m.treeCount(); i < n; i += 7) {
        const s = m.treeScreenPoint(i);
        if (!s) continue;
        const d = Math.hypot(s.x - w / 2, s.y - h / 2);
        if (d < best.d) best = { x: s.x, y: s.y, d };
      }
      return best;
    },
    [box.width, box.height] as const,
  );
  return { x: box.x + at.x, y: box.y + at.y };
}

/** The pixels of a 7×7 box around a point on screen (RGB). */
async function pixels(p: Page, at: { x: number; y: number }): Promise<number[]> {
  const px = await screenPixels(p, { x: Math.floor(at.x) - 3, y: Math.floor(at.y) - 3, width: 7, height: 7 });
  return px.filter((_, i) => i % 4 !== 3);
}
