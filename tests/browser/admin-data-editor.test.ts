import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloadBytes as readBytes, launchBrowser, loginAs, newPage } from '../support/browser';
import { mapCall, pagePoint, waitForMap } from '../support/map-debug';

// Issue 7 in Chromium: draw a plot by clicking on the map, save it through the
// form, see it in the table; reshape it in Modify (area changes); undo with
// Ctrl+Z; add an irrigation area and a tree by WKT and see the tree's plot and
// irrigation area filled in; delete with confirmation.

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');
const CLIENT = 'Negev Citrus';

interface Plot {
  id: number;
  geometry: { coordinates: number[][][] };
  properties: { plot_name: string; plot_area: number };
}

async function api<T>(path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}
const clientId = () => page.locator('[data-testid=client-select]').inputValue().then(Number);
const myPlot = async () =>
  (await api<{ plots: { features: Plot[] } }>(`/admin/data/clients/${await clientId()}`)).plots.features.find((f) => f.properties.plot_name === 'E2E Plot');
/** Screen position of a lon/lat on the map canvas. */
const toScreen = (lngLat: number[]) => pagePoint(page, 'editor', '[data-testid=editor-map-canvas]', [lngLat[0], lngLat[1]]);
const notice = () => page.getByTestId('editor-notice').textContent();
/** The map has its style and is not moving (zoom, fit and selection animations run on a loaded runner's clock). */
const mapSettled = () => waitForMap(page, 'editor', { settled: true });
const status = () => page.getByTestId('edit-mode-indicator').textContent();

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL, width: 1400, height: 1000 });
  await loginAs(page, 'admin');
  await page.goto('/admin/data-editor');
  await page.getByTestId('no-client').waitFor();
  await page.getByTestId('client-select').selectOption({ label: CLIENT });
  await page.waitForFunction(() => (document.querySelector('[data-testid=stat-plots] .stat-card__value')?.textContent ?? '0') !== '0', null, {
    timeout: 30_000,
  });
  await page.waitForTimeout(800); // auto-fit runs 500 ms after the data arrives
  await mapSettled();
});
afterAll(async () => browser?.close());

describe('geospatial data editor in Chromium', () => {
  it('draws a plot polygon by clicking on the map and saves it through the form', async () => {
    // Zoom out twice so there is empty land beside the farm, then draw in the lower inline-end corner.
    await page.locator('.maplibregl-ctrl-zoom-out').click();
    await page.locator('.maplibregl-ctrl-zoom-out').click();
    await page.waitForTimeout(600);
    await mapSettled();
    await page.getByTestId('draw-type-plot').check();
    await page.getByTestId('mode-draw').click();
    // The draw tool is armed once the map has loaded: its hint shows then.
    await expect.poll(status, { timeout: 30_000 }).toContain('Click to add points');
    const box = (await page.getByTestId('editor-map-canvas').boundingBox())!;
    const corners = [
      [0.78, 0.7],
      [0.92, 0.7],
      [0.92, 0.88],
      [0.78, 0.88],
    ].map(([fx, fy]) => ({ x: box.x + fx * box.width, y: box.y + fy * box.height }));
    for (const c of corners) {
      await page.mouse.move(c.x, c.y, { steps: 3 });
      await page.mouse.click(c.x, c.y);
      await page.waitForTimeout(150);
    }
    await expect.poll(() => page.getByTestId('live-measure').textContent()).toMatch(/Area: \d+\.\d\d ha/);
    await page.mouse.move(corners[0].x + 3, corners[0].y + 2, { steps: 3 });
    await page.mouse.click(corners[0].x + 3, corners[0].y + 2); // within 12 px of the first point: finishes
    const form = page.getByTestId('feature-form');
    await form.waitFor();
    expect(await form.locator('textarea').inputValue()).toMatch(/^POLYGON \(\(/);
    await form.getByTestId('feature-save').click();
    await expect
      .poll(() => form.locator('[data-field=plot_name] .form-field__error, [data-field=name] .form-field__error').textContent())
      .toBe('Plot name is required');
    expect(await form.getByTestId('feature-save').textContent()).toBe('Save Plot');
    await form.locator('input[name=name]').fill('E2E Plot');
    await form.locator('select[name=crop_id]').selectOption({ label: 'Lemon' });
    await form.getByTestId('feature-save').click();
    await expect.poll(notice).toBe('Feature created successfully!');
    await page.getByTestId('editor-search').fill('e2e');
    await expect.poll(() => page.getByTestId('plots-table').locator('tbody tr').first().textContent()).toContain('E2E Plot');
    expect(await page.getByTestId('tab-plot').textContent()).toBe('Plots (1)');
  });

  it('drags a vertex in Modify: the area changes; Ctrl+Z restores the previous shape', async () => {
    const before = (await myPlot())!;
    const ring = before.geometry.coordinates[0];
    const center = [(ring[0][0] + ring[2][0]) / 2, (ring[0][1] + ring[2][1]) / 2];
    await page.getByTestId('mode-view').click();
    const c = await toScreen(center);
    await page.mouse.click(c.x, c.y);
    await expect.poll(() => page.getByTestId('edit-mode-indicator').textContent()).toContain('Selected: E2E Plot');
    await page.waitForTimeout(900); // selection zooms to the plot
    await mapSettled();
    await page.getByTestId('mode-modify').click();
    await page.waitForTimeout(300);
    await mapSettled();
    const v = await toScreen(ring[1]);
    await page.mouse.move(v.x, v.y, { steps: 2 });
    await page.mouse.down();
    await page.mouse.move(v.x + 40, v.y + 30, { steps: 8 });
    await page.mouse.up();
    await expect.poll(notice, { timeout: 15_000 }).toBe('Plot geometry updated successfully!');
    const after = (await myPlot())!;
    expect(after.properties.plot_area).not.toBe(before.properties.plot_area);
    expect(after.geometry.coordinates[0][1]).not.toEqual(ring[1]);

    await page.keyboard.press('Control+z');
    await expect.poll(notice, { timeout: 15_000 }).toBe('Undone: Plot geometry restored');
    const undone = (await myPlot())!;
    expect(undone.geometry.coordinates).toEqual(before.geometry.coordinates);
    expect(undone.properties.plot_area).toBe(before.properties.plot_area);
    await page.getByTestId('mode-view').click();
  });

  it('adds an irrigation area and a tree by WKT; the tree gets plot and irrigation area by location', async () => {
    const plot = (await myPlot())!;
    const [[x0, y0], , [x1, y1]] = plot.geometry.coordinates[0];
    const [minX, maxX, minY, maxY] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)];
    const lerp = (a: number, b: number, f: number) => (a + (b - a) * f).toFixed(7);
    const area = `POLYGON ((${lerp(minX, maxX, 0.2)} ${lerp(minY, maxY, 0.2)}, ${lerp(minX, maxX, 0.8)} ${lerp(minY, maxY, 0.2)}, ${lerp(minX, maxX, 0.8)} ${lerp(minY, maxY, 0.8)}, ${lerp(minX, maxX, 0.2)} ${lerp(minY, maxY, 0.8)}, ${lerp(minX, maxX, 0.2)} ${lerp(minY, maxY, 0.2)}))`;
    await page.getByTestId('tab-irrigation').click();
    await page.getByTestId('add-irrigation').click();
    let form = page.getByTestId('feature-form');
    await form.locator('input[name=name]').fill('E2E Area');
    await form.locator('textarea').fill('POLYGON ((34 31, 34.1 31, 34.1 31.1, 34 31.1))');
    await form.getByTestId('feature-save').click();
    await expect.poll(() => form.locator('[data-field=geom] .form-field__error').textContent()).toMatch(/not closed/);
    await form.locator('textarea').fill(area);
    await form.getByTestId('feature-save').click();
    await expect.poll(notice).toBe('Saved successfully');
    await expect.poll(() => page.getByTestId('areas-table').locator('tbody').textContent()).toContain('E2E Plot');

    await page.getByTestId('tab-tree').click();
    await page.getByTestId('add-tree').click();
    form = page.getByTestId('feature-form');
    await form.locator('input[name=row_num]').fill('0');
    await form.locator('input[name=tree_num]').fill('3');
    await form.locator('textarea').fill(`POINT (${lerp(minX, maxX, 0.5)} ${lerp(minY, maxY, 0.5)})`);
    await form.getByTestId('feature-save').click();
    await expect.poll(() => form.locator('[data-field=row_num] .form-field__error').textContent()).toBe('Row number must be greater than 0');
    await form.locator('input[name=row_num]').fill('7');
    await form.getByTestId('feature-save').click();
    await expect.poll(notice).toBe('Saved successfully');
    const row = page.getByTestId('trees-table').locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('E2E Plot');
    expect(await row.textContent()).toContain('E2E Area');
    expect(await page.getByTestId('tab-tree').textContent()).toBe('Trees (1)'); // the search filters the trees table too
  });

  it('deletes with confirmation: the tree from the table, the plot from the map', async () => {
    await page.getByTestId('trees-table').locator('tbody tr').first().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.textContent()).toContain('Are you sure you want to delete this feature?');
    await dialog.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('tab-tree').textContent()).toBe('Trees (0)');

    const plot = (await myPlot())!;
    const ring = plot.geometry.coordinates[0];
    await page.evaluate(() => window.scrollTo(0, 0));
    const c = await toScreen([ring[0][0] + (ring[2][0] - ring[0][0]) * 0.1, ring[0][1] + (ring[2][1] - ring[0][1]) * 0.1]);
    // Still selected from the reshape: clicking it again deselects, once more selects.
    expect(await page.getByTestId('edit-mode-indicator').textContent()).toContain('Selected: E2E Plot');
    await page.mouse.click(c.x, c.y);
    await expect.poll(() => page.getByTestId('edit-mode-indicator').textContent()).not.toContain('Selected:');
    await page.waitForTimeout(400);
    await page.mouse.click(c.x, c.y);
    await expect.poll(() => page.getByTestId('edit-mode-indicator').textContent()).toContain('Selected: E2E Plot');
    await page.getByTestId('map-delete').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('tab-plot').textContent()).toBe('Plots (0)');
    expect(await myPlot()).toBeUndefined();
  });

  it('Global View shows the whole world: centre [0, 0], zoom 2 (client.md §9)', async () => {
    await page.getByRole('button', { name: 'Global View' }).click();
    await expect
      .poll(async () => {
        const [lng, lat] = await mapCall(page, 'editor', 'center');
        return [Math.round(lng * 1000) / 1000, Math.round(lat * 1000) / 1000, Math.round((await mapCall(page, 'editor', 'zoom')) * 100) / 100];
      })
      .toEqual([0, 0, 2]);
  });

  it('exports the plots as a shapefile and imports the file back through Import boundaries (issue 14)', async () => {
    const plotsBefore = async () => Number(await page.locator('[data-testid=stat-plots] .stat-card__value').textContent());
    const before = await plotsBefore();
    expect(before).toBeGreaterThan(0);
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-plots-shp').click()]);
    expect(dl.suggestedFilename()).toMatch(/plots\.zip$/);
    await page.getByTestId('boundary-file').setInputFiles({ name: 'plots.zip', mimeType: 'application/zip', buffer: await readBytes(dl) });
    await page.getByTestId('boundary-read').click();
    await expect
      .poll(() => page.getByTestId('boundary-summary').textContent(), { timeout: 30_000 })
      .toContain(`${before} features, shapefile, coordinate system: GCS_WGS_1984`);
    expect(await page.getByTestId('boundary-name-field').inputValue()).toBe('NAME');
    expect(await page.getByTestId('boundary-crop-field').inputValue()).toBe('CROP');
    await page.getByTestId('boundary-area-field').selectOption('AREA_HA');
    // The file's outlines are on the map while the admin chooses.
    expect(await mapCall(page, 'editor', 'hasSource', 'ed-import-preview')).toBe(true);
    await page.getByTestId('boundary-import-start').click();
    await expect.poll(notice, { timeout: 30_000 }).toContain(`Imported ${before} plots and 0 irrigation areas`);
    await expect.poll(plotsBefore, { timeout: 30_000 }).toBe(2 * before);
    expect(await page.getByTestId('boundary-summary').count()).toBe(0);
  });
});
