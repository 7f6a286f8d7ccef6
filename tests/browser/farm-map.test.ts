import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';
import { FARMS } from '../../server/db/seed-farms';
import { LocalFrame } from '../../server/db/seed-geometry';

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const galil = FARMS[0];
const frame = new LocalFrame(...galil.origin);
const mercX = (lon: number) => (lon * Math.PI * 6378137) / 180;
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137;

/** Screen point of a plot's centre after the page fitted the map to all plots (fitBounds, padding 50). */
async function plotCentreOnScreen(page: Page, plotName: string): Promise<{ x: number; y: number }> {
  const corners = galil.plots.flatMap((p) => p.parts.flatMap((r) => [frame.toLonLat(r.x, r.y), frame.toLonLat(r.x + r.w, r.y + r.h)]));
  const xs = corners.map(([lon]) => mercX(lon));
  const ys = corners.map(([, lat]) => mercY(lat));
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const box = (await page.getByTestId('farm-map-canvas').boundingBox())!;
  const scale = Math.min((box.width - 100) / (maxX - minX), (box.height - 100) / (maxY - minY));
  const part = galil.plots.find((p) => p.name === plotName)!.parts[0];
  const [lon, lat] = frame.toLonLat(part.x + part.w / 2, part.y + part.h / 2);
  return {
    x: box.x + box.width / 2 + (mercX(lon) - (minX + maxX) / 2) * scale,
    y: box.y + box.height / 2 - (mercY(lat) - (minY + maxY) / 2) * scale,
  };
}

describe('farm overview map (/map)', () => {
  it("shows the grower's plots; clicking a plot lists its surveys newest first; View opens the project", async () => {
    const page = await newPage(browser, { baseURL, width: 1280, height: 800 });
    await loginAs(page, 'grower');
    await page.goto('/map');
    await page.getByTestId('farm-map-canvas').locator('canvas').first().waitFor();
    const chips = page.getByTestId('farm-plots').getByRole('button');
    await expect.poll(() => chips.allTextContents()).toHaveLength(4);
    const names = (await chips.allTextContents()).join(' ');
    for (const p of galil.plots) expect(names).toContain(p.name);
    expect(names).not.toContain('Lemon Grove');
    // Other browser tests may add surveys for this grower: compare with the API, not the seed.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const overview = await (await page.request.get('/api/farm/overview', { headers: { authorization: `Bearer ${token}` } })).json();
    expect(overview.surveys.length).toBeGreaterThanOrEqual(galil.projects.length);
    await expect.poll(() => page.getByTestId('farm-survey').count()).toBe(overview.surveys.length);

    // Let the fit settle, then click the middle of Avocado North on the map canvas.
    await page.waitForTimeout(1500);
    const at = await plotCentreOnScreen(page, 'Avocado North');
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.getByTestId('farm-plot-head').textContent(), { timeout: 15_000 }).toContain('Surveys of Avocado North');
    const northId = overview.plots.features.find((f: { properties: { plot_name: string } }) => f.properties.plot_name === 'Avocado North').id;
    const expected = (overview.surveys as { project_id: number; observation_date: string | null; plot_ids: number[] }[]).filter((s) =>
      s.plot_ids.includes(northId),
    );
    const rows = page.getByTestId('farm-survey');
    await expect.poll(() => rows.count()).toBe(expected.length);
    // Newest first, undated last.
    const dateOf = new Map(expected.map((s) => [String(s.project_id), s.observation_date ?? '']));
    const shown = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-project-id') ?? ''));
    const dates = shown.map((id) => dateOf.get(id)!);
    const dated = dates.filter(Boolean);
    expect(dated).toEqual([...dated].sort().reverse());
    expect(dates.indexOf('') === -1 || dates.slice(dates.indexOf('')).every((d) => d === '')).toBe(true);
    expect(shown.length).toBe(expected.length);

    // Open the latest survey with results, as home's View does.
    const autumn = rows.filter({ hasText: 'Avocado survey – autumn' });
    await autumn.getByTestId('farm-survey-open').click();
    await page.waitForURL(/\/view\/\d+\/\d{4}-\d{2}-\d{2}$/);
    await page.context().close();
  });

  it('keeps the list below the map on a 360 px phone, in Hebrew right-to-left', async () => {
    const page = await newPage(browser, { baseURL, width: 360, height: 740, locale: 'he-IL' });
    await loginAs(page, 'grower');
    await page.goto('/map');
    await page.getByTestId('farm-surveys').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const map = (await page.getByTestId('farm-map-canvas').boundingBox())!;
    const list = (await page.getByTestId('farm-surveys').boundingBox())!;
    expect(list.y).toBeGreaterThanOrEqual(map.y + map.height - 1);
    expect(map.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/farm-map-360.png' });
    await page.context().close();
  });
});
