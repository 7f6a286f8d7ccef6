// How a survey starts when the app opens on its address (issue 35: a first open over 4G ≤ 10 s): the map data's
// request is begun with the app, beside the survey page's own code and the map, not after them
// (src/offline/surveys/survey-start.ts), and the page takes that request rather than asking again.
// A profile on disk with no service worker, so the page's code comes over the network, where it is held back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
    const asked: number[] = [];
    await session.context.route(/\/assets\/project-map-page-[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, HOLD_MS));
      chunkReleased = Date.now();
      await route.continue();
    });
    page.on('request', (r) => {
      if (/\/api\/(trees\/\d+|projects\/\d+\/data)(\?|$)/.test(r.url())) asked.push(Date.now());
    });
    await page.goto(path);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    expect(chunkReleased, "the survey page's code came over the network (held back here)").toBeGreaterThan(0);
    expect(asked, 'one request for the map data: the page took the one begun with the app').toHaveLength(1);
    expect(asked[0], "the map data was asked for before the page's code arrived").toBeLessThan(chunkReleased);
  });
});
