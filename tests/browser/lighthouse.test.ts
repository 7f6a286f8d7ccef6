// Issue 35: Lighthouse 12 in mobile mode (its default: a phone screen, throttled) on the login, home and project
// map screens. Accessibility and best practices must score at least 95. Performance and LCP are the bench's
// (npm run bench:lighthouse, bench/README.md), not a test's: the category is not run here. Lighthouse drives the
// same persistent profile (a signed-in grower, the service worker).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lighthouse from 'lighthouse';
import { demoSurvey, loginAs, persistentPage } from '../support/browser';

const baseURL = inject('baseURL');
let device: Awaited<ReturnType<typeof persistentPage>>;
let port = 0;

beforeAll(async () => {
  device = await persistentPage({ baseURL, extraArgs: ['--remote-debugging-port=0'] });
  // Chromium writes the port it chose into the profile folder.
  port = Number(readFileSync(path.join(device.profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
});
afterAll(async () => device?.close());

async function audit(url: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['accessibility', 'best-practices'],
    // Keep the profile's sign-in and service worker (Lighthouse clears storage by default).
    disableStorageReset: true,
  });
  const lhr = result!.lhr;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const below = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  // Console errors, by origin (the basemap's tile server is out of reach on a machine without internet).
  type Item = { url?: string; sourceLocation?: { url?: string } };
  const errors = ((lhr.audits['errors-in-console']?.details as { items?: Item[] })?.items ?? []).map((i) => {
    const u = i.sourceLocation?.url ?? i.url;
    return u ? new URL(u).origin : 'unknown';
  });
  if (errors.length) console.log(`[lighthouse] console errors: ${[...new Set(errors)].map((o) => `${o} ×${errors.filter((e) => e === o).length}`).join(', ')}`);
  console.log(
    `[lighthouse] ${new URL(url).pathname}: accessibility ${score('accessibility')}, best practices ${score('best-practices')}; not passed: ${below.join(', ') || 'none'}`,
  );
  return { url: lhr.finalDisplayedUrl, accessibility: score('accessibility'), bestPractices: score('best-practices') };
}

describe('Lighthouse, mobile', () => {
  it('login: accessibility and best practices at least 95', async () => {
    const r = await audit(`${baseURL}/login`);
    expect(r.url).toBe(`${baseURL}/login`);
    expect(r.accessibility).toBeGreaterThanOrEqual(95);
    expect(r.bestPractices).toBeGreaterThanOrEqual(95);
  }, 180_000);

  it('home and the project map of a signed-in grower: accessibility and best practices at least 95', async () => {
    await loginAs(device.page, 'grower');
    const { path: mapPath } = await demoSurvey(device.page, 'Avocado survey – autumn');
    for (const p of ['/home', mapPath]) {
      const r = await audit(`${baseURL}${p}`);
      // The map adds its view to the query (shared links): the path is what counts.
      expect(new URL(r.url).pathname, 'not sent to the login').toBe(p);
      expect(r.accessibility, p).toBeGreaterThanOrEqual(95);
      expect(r.bestPractices, p).toBeGreaterThanOrEqual(95);
    }
  }, 300_000);
});
