// The prescription panel (issue 14) in a real Chromium: the preview table and
// the zones drawn on the map come from the worker; the downloaded files are the
// API's, read back here with independent readers (shapefile, jszip).
import type { FeatureCollection } from 'geojson';
import { ISOXMLManager, type ExtendedTask } from 'isoxml';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { read as readShapefile } from 'shapefile';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GRID_MAX_M, GRID_MIN_M } from '../../workers/geo/prescription-input';
import { apiJson as api, demoSurvey, downloadBytes as readBytes, launchBrowser, loginAs, newPage, screenPixels } from '../support/browser';

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');
let projectId = 0;

/** Mean colour of the map's middle (right of the panel), from a real screenshot (deck.gl's canvas is not preserved). */
async function middleColour(p: Page): Promise<number[]> {
  const box = (await p.getByTestId('pm-map').boundingBox())!;
  const d = await screenPixels(p, {
    x: Math.floor(box.x + box.width * 0.35),
    y: Math.floor(box.y + box.height * 0.1),
    width: Math.floor(box.width * 0.3),
    height: Math.floor(box.height * 0.6),
  });
  const sum = [0, 0, 0];
  for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += d[i + k];
  return sum.map((v) => Math.round(v / (d.length / 4)));
}

/** The middle colour once two readings 300 ms apart agree (the map has finished drawing). */
async function settledColour(p: Page): Promise<number[]> {
  let last = await middleColour(p);
  for (let i = 0; i < 30; i++) {
    await p.waitForTimeout(300);
    const now = await middleColour(p);
    if (now.every((v, k) => v === last[k])) return now;
    last = now;
  }
  return last;
}

const numberIn = (s: string | null) => Number((s ?? '').replace(/[^\d.]/g, ''));

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL });
  await loginAs(page, 'grower');
  let projectPath = '';
  ({ projectId, path: projectPath } = await demoSurvey(page, 'Avocado survey – autumn'));
  await page.goto(projectPath);
  await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
  await page.waitForSelector('[data-testid=pm-loading]', { state: 'detached', timeout: 10_000 });
});
afterAll(async () => browser?.close());

describe('prescription panel', () => {
  it('previews per plot (zones drawn by rate, table and total) and downloads the same prescription as a shapefile and as ISOXML', async () => {
    const stats = await api<{ plots: unknown[] }>(page, `/api/tree-status-statistics/${projectId}`);
    const before = await settledColour(page);
    await page.getByTestId('pm-btn-prescription').click();
    await page.getByTestId('pm-rx-unit').selectOption('plot');
    await expect.poll(() => page.getByTestId('pm-rx-total').locator('td').first().textContent(), { timeout: 20_000 }).toBe(String(stats.plots.length));
    await page.waitForTimeout(500);
    const drawn = await middleColour(page);
    // The plots turn the preview's green (YlGn): darker and greener than the plain map.
    expect(drawn[1] - drawn[0], `zones drawn: ${drawn} vs ${before}`).toBeGreaterThan(before[1] - before[0] + 10);
    const quantity = numberIn(await page.getByTestId('pm-rx-total').locator('td').nth(2).textContent());
    expect(quantity).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('pm-rx-shapefile').isDisabled()).toBe(true);
    await page.getByTestId('pm-rx-product').fill('Urea 46%');

    const [shp] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-rx-shapefile').click()]);
    expect(shp.suggestedFilename()).toMatch(/Urea 46%_shp\.zip$/);
    const zip = await JSZip.loadAsync(await readBytes(shp));
    const file = (ext: string) => zip.file(Object.keys(zip.files).find((n) => n.endsWith(ext))!)!.async('nodebuffer');
    const fc = await readShapefile(await file('.shp'), await file('.dbf'), { encoding: 'utf-8' });
    expect(fc.features.length).toBe(stats.plots.length);
    const fromFile = fc.features.reduce((s, f) => s + Number(f.properties!.RATE) * Number(f.properties!.AREA_HA), 0);
    expect(Math.abs(fromFile - quantity) / quantity).toBeLessThan(0.005);

    const [iso] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-rx-isoxml').click()]);
    const isoBytes = await readBytes(iso);
    const taskdata = await JSZip.loadAsync(isoBytes);
    expect(Object.keys(taskdata.files)).toContain('TASKDATA/TASKDATA.XML');
    const m = new ISOXMLManager();
    await m.parseISOXMLFile(new Uint8Array(isoBytes), 'application/zip');
    expect(m.getWarnings()).toEqual([]);
    expect(m.rootElement.attributes.Product?.[0].attributes.ProductDesignator).toBe('Urea 46%');
    const grid = (m.rootElement.attributes.Task![0] as ExtendedTask).getGridAsGeoJSON(['RATE']) as unknown as FeatureCollection;
    const onGrid = new Set(grid.features.map((f) => Number(f.properties?.RATE)).filter((v) => v > 0));
    const inFile = new Set(fc.features.map((f) => Math.round(Number(f.properties!.RATE) * 100)));
    expect(onGrid).toEqual(inFile);

    await page.getByTestId('pm-rx-unit').selectOption('grid');
    await expect.poll(() => page.getByTestId('pm-rx-table').count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('pm-rx-grid').fill('3');
    // An invalid grid (issue 31): the rule with its real numbers (workers/geo/prescription-input.ts), no table,
    // no zones on the map and no file to download until the input is valid again.
    await expect.poll(() => page.getByTestId('pm-rx-invalid').textContent()).toContain(`${GRID_MIN_M}–${GRID_MAX_M}`);
    expect(await page.getByTestId('pm-rx-table').count()).toBe(0);
    expect([await page.getByTestId('pm-rx-shapefile').isDisabled(), await page.getByTestId('pm-rx-isoxml').isDisabled()]).toEqual([true, true]);
    await expect.poll(() => middleColour(page), { message: 'an invalid grid clears the zones', timeout: 10_000 }).toEqual(before);
    await page.getByTestId('pm-rx-grid').fill('20');
    await expect.poll(() => page.getByTestId('pm-rx-table').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('pm-rx-isoxml').isDisabled()).toBe(false);
    await page.getByTestId('pm-prescription-close').click();
    // The next frames (software GL on a busy CI box) may take a while: wait for the map as it was, up to 10 s.
    await expect.poll(() => middleColour(page), { message: 'closing the panel removes the zones', timeout: 10_000 }).toEqual(before);
  });
});
