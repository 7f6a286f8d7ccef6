import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

// Issue 7, the editor's other screens: no client selected, overview cards,
// search filtering all three tables (the legacy defect), CSV export, the
// survey-results import with its progress bar and bad-row list, Hebrew RTL.

let browser: Browser;
const baseURL = inject('baseURL');
const CLIENT = 'Negev Citrus';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function openEditor(locale: 'en-US' | 'he-IL' = 'en-US'): Promise<Page> {
  const page = await newPage(browser, { baseURL, locale, width: 1400, height: 1000 });
  await loginAs(page, 'admin');
  await page.goto('/admin/data-editor');
  await page.getByTestId('no-client').waitFor();
  return page;
}
const count = async (page: Page, tab: string) => Number(/\((\d+)\)/.exec((await page.getByTestId(`tab-${tab}`).textContent()) ?? '')![1]);

describe('data editor screens in Chromium', () => {
  it('shows No Client Selected, then the overview; the search filters all three tables; Export Data downloads CSV', async () => {
    const page = await openEditor();
    expect(await page.getByTestId('no-client').textContent()).toContain('No Client Selected');
    await page.getByTestId('client-select').selectOption({ label: CLIENT });
    await page.waitForFunction(() => (document.querySelector('[data-testid=stat-plots] .stat-card__value')?.textContent ?? '0') !== '0', null, {
      timeout: 30_000,
    });
    expect(await page.getByTestId('stat-total-area').locator('.stat-card__value').textContent()).toMatch(/^\d+\.\d$/);
    expect(await page.getByTestId('stat-average-area').locator('.stat-card__value').textContent()).toMatch(/^\d+\.\d\d$/);
    const all = { plot: await count(page, 'plot'), irrigation: await count(page, 'irrigation'), tree: await count(page, 'tree') };
    expect(all.tree).toBeGreaterThan(0);
    const firstPlot = (await page.getByTestId('plots-table').locator('tbody tr td').first().textContent())!.trim();
    await page.getByTestId('editor-search').fill(firstPlot.toUpperCase());
    await expect.poll(() => count(page, 'plot')).toBeLessThanOrEqual(all.plot);
    // Irrigation areas and trees of that plot only — no longer the whole list.
    await expect.poll(() => count(page, 'tree')).toBeLessThan(all.tree);
    expect(await count(page, 'irrigation')).toBeLessThan(all.irrigation);
    expect(await count(page, 'irrigation')).toBeGreaterThan(0);
    await page.getByTestId('editor-search').fill('');
    await expect.poll(() => count(page, 'tree')).toBe(all.tree);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = await (await download.createReadStream()).toArray().then((b) => Buffer.concat(b).toString());
    // The shared CSV writer: BOM (Excel reads Hebrew as UTF-8), CRLF after every record.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toMatch(/^type,id,name,/);
    expect(lines.length).toBe(1 + all.plot + all.irrigation + all.tree);
    await page.context().close();
  });

  it('imports survey results with a progress bar; bad rows are listed with their lines', async () => {
    const page = await openEditor();
    await page.getByTestId('client-select').selectOption({ label: CLIENT });
    await page.waitForFunction(() => (document.querySelector('[data-testid=stat-trees] .stat-card__value')?.textContent ?? '0') !== '0', null, {
      timeout: 30_000,
    });
    const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
    const clientId = Number(await page.getByTestId('client-select').inputValue());
    const data = await (await page.request.get(`/api/admin/data/clients/${clientId}`, { headers: { authorization: `Bearer ${token}` } })).json();
    // Trees come as columns (one array per field).
    const [a, b] = [0, 1].map((i) => ({
      id: data.trees.tree_id[i] as number,
      geometry: { coordinates: [data.trees.lon[i] as number, data.trees.lat[i] as number] },
    }));
    await page.getByTestId('import-project').selectOption({ index: 1 });
    const upload = (name: string, csv: string) => page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });

    await upload('bad.csv', `tree_id,lon,lat,tree_status,n_mean\n${a.id},,,0,2.1\n,,,1,2\n${b.id},,,8,1\n`);
    await page.getByTestId('import-start').click();
    const error = page.getByTestId('import-error');
    await expect.poll(() => error.textContent(), { timeout: 30_000 }).toContain('2 row(s) are invalid; nothing was imported');
    expect(await error.locator('li').allTextContents()).toEqual(['line 3: needs tree_id, or lon and lat', 'line 4: tree_status 8 is outside 0..6']);

    await upload('good.csv', `tree_id,lon,lat,tree_status,n_mean\n${a.id},,,0,2.1\n,${b.geometry.coordinates[0]},${b.geometry.coordinates[1]},1,1.9\n`);
    await page.getByTestId('import-start').click();
    await expect
      .poll(() => page.getByTestId('import-result').textContent(), { timeout: 30_000 })
      .toContain('Imported 2 results: 1 matched by tree id, 1 by location');
    expect(await page.getByTestId('import-progress').textContent()).toContain('Done');
    expect(await page.getByTestId('import-progress').locator('progress').getAttribute('value')).toBe('100');
    await page.context().close();
  });

  it('renders right-to-left in Hebrew with the Hebrew texts', async () => {
    const page = await openEditor('he-IL');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('no-client').textContent()).toContain('לא נבחר לקוח');
    expect(await page.getByTestId('mode-draw').textContent()).toBe('הוספת צורה');
    // The legend sits at the inline start: the right edge of the map in RTL.
    const map = (await page.getByTestId('editor-map-canvas').boundingBox())!;
    const legend = (await page.getByTestId('map-legend').boundingBox())!;
    expect(legend.x + legend.width).toBeGreaterThan(map.x + map.width - 40);
    await page.context().close();
  });
});
