// How a survey starts when the app opens on its address (issue 35: a first open over 4G ≤ 10 s): the map data's
// request is begun with the app, beside the survey page's own code and the map, not after them
// (src/offline/surveys/survey-start.ts), and the page takes that request rather than asking again; when the app
// goes elsewhere first, the request stops (no 8 MB downloading behind another screen).
// A profile on disk with no service worker, so the page's code comes over the network, where it is held back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Request } from 'playwright-core';
import { demoSurvey, loginAs, persistentPage } from '../support/browser';

const baseURL = inject('baseURL');
let session: Awaited<ReturnType<typeof persistentPage>>;

beforeAll(async () => {
  session = await persistentPage({ baseURL, width: 390, height: 844, serviceWorkers: 'block' });
  await loginAs(session.page, 'grower');
});
afterAll(async () => session?.close());

describe('a survey opened at its address', () => {
  it("asks for the map data while the survey page's code is still loading, once", async () => {
    const page = session.page;
    const { path } = await demoSurvey(page, 'Olive East – autumn');
    const HOLD_MS = 3_000;
    let chunkReleased = 0;
    const asked: { at: number; request: Request }[] = [];
    await session.context.route(/\/assets\/project-map-page-[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, HOLD_MS));
      chunkReleased = Date.now();
      await route.continue();
    });
    page.on('request', (r) => {
      if (/\/api\/(trees\/\d+|projects\/\d+\/data)(\?|$)/.test(r.url())) asked.push({ at: Date.now(), request: r });
    });
    await page.goto(path);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    expect(chunkReleased, "the survey page's code came over the network (held back here)").toBeGreaterThan(0);
    // Once kept, the survey is checked against the server with its ETag (refresh.ts): those requests are not the open's.
    const opens: number[] = [];
    for (const a of asked) if (!(await a.request.allHeaders())['if-none-match']) opens.push(a.at);
    expect(opens, 'one request for the map data: the page took the one begun with the app').toHaveLength(1);
    expect(opens[0], "the map data was asked for before the page's code arrived").toBeLessThan(chunkReleased);
    // The marks bench:offline reads (survey-early:*): begun with the app, its answer, taken by the page after that.
    const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const)));
    expect(Object.keys(marks)).toEqual(
      expect.arrayContaining(['survey-early:started', 'survey-early:map-settled', 'survey-early:taken', 'map:create', 'map:created']),
    );
    expect(marks['survey-early:started']).toBeLessThan(marks['survey-early:taken']);
    expect(marks['survey-early:taken'], 'the page took the early start after its held-back code came').toBeGreaterThan(HOLD_MS);
    await session.context.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('stops that request when the app goes elsewhere before the survey page has opened', async () => {
    const { path } = await demoSurvey(session.page, 'Olive East – autumn');
    const page = await session.context.newPage();
    const hold = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let asked = false;
    const failed: string[] = [];
    await session.context.route(/\/assets\/project-map-page-[^/]*\.js$/, async (route) => {
      await hold(8_000);
      await route.continue().catch(() => undefined);
    });
    await session.context.route(/\/api\/trees\/\d+/, async (route) => {
      asked = true;
      await hold(6_000);
      await route.continue().catch(() => undefined);
    });
    page.on('requestfailed', (r) => {
      if (/\/api\/trees\/\d+/.test(r.url())) failed.push(r.failure()?.errorText ?? '');
    });
    await page.goto(path);
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
    // The grower goes home while the survey page's code is still on its way (a client-side navigation).
    await page.evaluate(() => {
      history.pushState(null, '', '/home');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => failed, { timeout: 5_000 }).toHaveLength(1);
    expect(failed[0]).toMatch(/ABORTED/i);
    await session.context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });
});
