// The project map on the demo 100k project in real Chromium (SwiftShader).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { read as readShapefile } from 'shapefile';
import type { Download } from 'playwright-core';
import { apiJson as api, demoSurvey, downloadBytes as readBytes, launchBrowser, loginAs, newPage, screenPixels } from '../support/browser';
import { readKml } from '../support/kml-reader';
import { mapCall, waitForMap } from '../support/map-debug';
import { mapTool } from '../support/map-tools';
import type { MapDebug } from '../../src/map/map-debug';

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');
let projectPath = '';
let projectId = 0;

type Rgb = [number, number, number];

/** The colour on screen at a CSS pixel. */
async function pixel(p: Page, x: number, y: number): Promise<Rgb> {
  const d = await screenPixels(p, { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 });
  return [d[0], d[1], d[2]];
}

const readDownload = async (d: Download) => (await readBytes(d)).toString('utf8');

const near = (a: Rgb, b: Rgb, tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

async function mapIdle(p: Page) {
  await waitForMap(p, 'project');
  await p.waitForTimeout(400);
}

/** A tree well inside the map, away from toolbar, panels and alerts. */
async function visibleTree(p: Page): Promise<{ index: number; x: number; y: number }> {
  const box = (await p.getByTestId('pm-map').boundingBox())!;
  const found = await p.evaluate((b) => {
    const m = (window as unknown as { __maps: { project: MapDebug } }).__maps.project;
    const cx = b.width / 2,
      cy = b.height / 2;
    let best = -1,
      bestD = Infinity;
    for (let i = 0, n = m.treeCount(); i < n; i += 7) {
      const s = m.treeScreenPoint(i);
      if (!s) continue;
      const d = Math.hypot(s.x - cx, s.y - cy);
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    const s = m.treeScreenPoint(best)!;
    return { index: best, x: s.x, y: s.y };
  }, box);
  return { index: found.index, x: box.x + found.x, y: box.y + found.y };
}

/** Switches the tree layer on and returns a tree near the middle and its colour on screen. */
async function showTrees(p: Page): Promise<{ tree: { index: number; x: number; y: number }; shown: Rgb }> {
  await p.getByTestId('pm-btn-layers').click();
  await p.getByTestId('layer-visible-trees').check();
  await mapIdle(p);
  const tree = await visibleTree(p);
  await p.getByTestId('pm-layers-close').click();
  await p.waitForTimeout(300);
  return { tree, shown: await pixel(p, tree.x, tree.y) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { baseURL });
  await loginAs(page, 'grower');
  ({ projectId, path: projectPath } = await demoSurvey(page, 'Avocado survey – autumn'));
});
afterAll(async () => browser?.close());

describe('project map view', () => {
  it('shows real loading progress up to 100% and closes the overlay', async () => {
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { __progress: number[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid=pm-loading] [role=progressbar]');
        const v = bar ? Number(bar.getAttribute('aria-valuenow')) : NaN;
        if (Number.isFinite(v) && seen[seen.length - 1] !== v) seen.push(v);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(projectPath);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await page.waitForSelector('[data-testid=pm-loading]', { state: 'detached', timeout: 5_000 });
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(seen[seen.length - 1]).toBe(100);
    expect(seen.every((v, i) => i === 0 || v > seen[i - 1])).toBe(true);
    expect(seen.every((v) => [0, 20, 35, 50, 65, 75, 90, 100].includes(v))).toBe(true);
    // Plots layer on by default, first layer is the info layer, duplicates reported.
    await expect.poll(() => page.getByTestId('pm-path').textContent()).toContain('Plots');
    expect(await page.getByTestId('pm-duplicate-alert').textContent()).toMatch(/Duplicate tree feature IDs detected: \d+/);
    expect(await page.getByTestId('stat-total-trees').textContent()).toMatch(/^\d{1,3}(,\d{3})+$/);
    for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
  });

  it('draws the trees, recolours them on a mode switch and shows a clicked tree like the API', async () => {
    const { tree, shown: before } = await showTrees(page);
    // Status colours (workers/geo/colours.ts): every status colour but white differs from the background.
    expect(near(before, [238, 242, 230], 6)).toBe(false);
    // The background is the same pixel with the trees hidden (a pixel elsewhere may be another tree of the same status).
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').uncheck();
    await page.getByTestId('pm-layers-close').click();
    await expect.poll(async () => (await pixel(page, tree.x, tree.y)).join(), { timeout: 10_000 }).not.toBe(before.join());
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    await page.getByTestId('pm-layers-close').click();
    await expect.poll(async () => (await pixel(page, tree.x, tree.y)).join(), { timeout: 10_000 }).toBe(before.join());

    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('colour-mode').selectOption('vitality');
    await expect.poll(() => page.getByTestId('project-map-page').getAttribute('data-colour-mode')).toBe('vitality');
    await page.getByTestId('pm-layers-close').click();
    await expect.poll(async () => (await pixel(page, tree.x, tree.y)).join(), { timeout: 10_000 }).not.toBe(before.join());

    await page.mouse.click(tree.x, tree.y);
    await page.waitForSelector('[data-testid=pm-tree]');
    const shownId = await page.getByTestId('tree-tree_id').getAttribute('data-raw');
    // The API's own answer for that tree, found in the page: the whole 100k-tree GeoJSON crossing CDP took ~20 s.
    const f = (await page.evaluate(
      async ([u, id]) => {
        const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
        const r = await fetch(u, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
        const data = (await r.json()) as { trees: { features: { properties: Record<string, string | number | null> }[] } };
        return data.trees.features.find((x) => String(x.properties.tree_id) === id) ?? null;
      },
      [`/api/trees/${projectId}`, shownId] as const,
    ))!;
    expect(f).toBeTruthy();
    for (const k of ['row_num', 'tree_num', 'tree_status'] as const) {
      expect(Number(await page.getByTestId(`tree-${k}`).getAttribute('data-raw'))).toBe(f.properties[k]);
    }
    for (const k of ['n_mean', 'p_mean', 'k_mean', 'canopy_diameter', 'biomass'] as const) {
      const raw = await page.getByTestId(`tree-${k}`).getAttribute('data-raw');
      if (f.properties[k] === null) expect(raw).toBe('');
      else expect(Number(raw)).toBeCloseTo(Number(f.properties[k]), 5);
    }
    expect(await page.getByTestId('tree-planting_date').textContent()).toBe(String(f.properties.planting_date).slice(0, 4));
    if (f.properties.n_mean !== null) expect(await page.getByTestId('tree-n_mean').textContent()).toBe(Number(f.properties.n_mean).toFixed(2));
    // Path bar: feature › layer › project; back clears the feature, then the layer.
    expect(await page.getByTestId('pm-path').textContent()).toContain(`Tree ID ${shownId}`);
    await page.getByTestId('pm-back').click();
    await page.waitForSelector('[data-testid=pm-tree]', { state: 'detached' });
  }, 240_000); // several full redraws of 100k trees in software GL

  it('draws trees as instances from zoom 16 on and still picks them', async () => {
    const index = (await visibleTree(page)).index;
    await mapCall(page, 'project', 'jumpToTree', index, 17.5);
    await mapIdle(page);
    const box = (await page.getByTestId('pm-map').boundingBox())!;
    const s = (await mapCall(page, 'project', 'treeScreenPoint', index))!;
    const x = box.x + s.x,
      y = box.y + s.y;
    const shown = await pixel(page, x, y);
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').uncheck();
    await page.getByTestId('pm-layers-close').click();
    await expect.poll(async () => (await pixel(page, x, y)).join()).not.toBe(shown.join());
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    await page.getByTestId('pm-layers-close').click();
    await expect.poll(async () => (await pixel(page, x, y)).join()).toBe(shown.join());
    // The zoom buttons stay above the trees (deck.gl's canvas is a control of the same corner).
    // The buttons are white and grey: no coloured (tree) pixel may show inside them.
    const zoomBox = (await page.locator('.maplibregl-ctrl-group').first().boundingBox())!;
    // Inset by the 4-px rounded corners, where the map shows through.
    const d = await screenPixels(page, { x: zoomBox.x + 4, y: zoomBox.y + 4, width: zoomBox.width - 8, height: zoomBox.height - 8 });
    let coloured = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) coloured++;
    expect(coloured).toBe(0);
    // 3 px off centre is still on the 4-px dot.
    await page.mouse.click(x + 3, y);
    await page.waitForSelector('[data-testid=pm-tree]');
    expect(await page.getByTestId('pm-path').textContent()).toContain('Tree ID');
    await page.getByTestId('pm-back').click();
    await page.waitForSelector('[data-testid=pm-tree]', { state: 'detached' });
    await page.getByTestId('pm-btn-zoom').click();
    await page.waitForTimeout(1300);
    await mapIdle(page);
  }, 240_000);

  it('keeps the info panel between 100 px and 80% of the window', async () => {
    const panel = page.getByTestId('pm-info');
    expect(Number(await panel.getAttribute('data-height'))).toBe(150);
    const h = (await page.getByTestId('pm-info-handle').boundingBox())!;
    const drag = async (dy: number) => {
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2 + dy, { steps: 5 });
      await page.mouse.up();
    };
    await drag(-2000);
    const win = await page.evaluate(() => window.innerHeight);
    expect(Number(await panel.getAttribute('data-height'))).toBe(Math.round(win * 0.8));
    const h2 = (await page.getByTestId('pm-info-handle').boundingBox())!;
    Object.assign(h, h2);
    await drag(2000);
    expect(Number(await panel.getAttribute('data-height'))).toBe(100);
  });

  it('reorders layers by drag and drop and hides a layer', async () => {
    await page.getByTestId('pm-btn-layers').click();
    const order = () => page.locator('[data-testid^=layer-row-]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    expect(await order()).toEqual(['layer-row-plots', 'layer-row-irrigationAreas', 'layer-row-trees']);
    // Mouse drag with the handle, one row at a time (dnd-kit pointer sensor).
    const dragOnto = async (id: string, target: string) => {
      const from = (await page.getByTestId(`layer-drag-${id}`).boundingBox())!;
      const row = (await page.getByTestId(`layer-row-${id}`).boundingBox())!;
      const to = (await page.getByTestId(`layer-row-${target}`).boundingBox())!;
      // Move the dragged row's centre to 10 px above the target row's centre (rows differ in height: the trees legend is taller).
      const x = from.x + from.width / 2,
        y0 = from.y + from.height / 2,
        y1 = y0 + (to.y + to.height / 2 - 10) - (row.y + row.height / 2);
      await page.mouse.move(x, y0);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) {
        await page.mouse.move(x, y0 + ((y1 - y0) * i) / 20);
        await page.waitForTimeout(16);
      }
      await page.waitForTimeout(100);
      await page.mouse.up();
    };
    await dragOnto('trees', 'irrigationAreas');
    await expect.poll(order).toEqual(['layer-row-plots', 'layer-row-trees', 'layer-row-irrigationAreas']);
    await dragOnto('trees', 'plots');
    await expect.poll(order).toEqual(['layer-row-trees', 'layer-row-plots', 'layer-row-irrigationAreas']);
    // Keyboard reorder (space, arrows, space) reaches the same list.
    await page.getByTestId('layer-drag-irrigationAreas').focus();
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(200);
    }
    await expect.poll(order).toEqual(['layer-row-trees', 'layer-row-irrigationAreas', 'layer-row-plots']);

    await page.getByTestId('pm-layers-close').click();
    const tree = await visibleTree(page);
    const shown = await pixel(page, tree.x, tree.y);
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').uncheck();
    await page.getByTestId('pm-layers-close').click();
    await expect.poll(async () => (await pixel(page, tree.x, tree.y)).join()).not.toBe(shown.join());
  });

  it('zooms to the plots and ends the active state when the map moves', async () => {
    const zoom = () => mapCall(page, 'project', 'zoom');
    const fitted = await zoom();
    const box = (await page.getByTestId('pm-map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    await mapIdle(page);
    const zoomedIn = await zoom();
    expect(zoomedIn).toBeGreaterThan(fitted + 0.5);
    const btn = page.getByTestId('pm-btn-zoom');
    await btn.click();
    expect(await btn.getAttribute('aria-pressed')).toBe('true');
    // Back at the fit (the info panel height changed since the first fit, so allow a little); the 1 s
    // animation takes longer on a loaded machine, so wait for it to end rather than a fixed time.
    await expect.poll(async () => Math.abs((await zoom()) - fitted), { timeout: 15_000 }).toBeLessThan(0.3);
    await mapIdle(page);
    expect(await zoom()).toBeLessThan(zoomedIn - 0.5);
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 3 + 80, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => btn.getAttribute('aria-pressed')).toBe('false');
  });

  it('another client’s project is "not found" (404), and a failed load shows client.md §8’s texts', async () => {
    const p2 = await newPage(browser, { baseURL });
    await loginAs(p2, 'grower2');
    await p2.goto(projectPath);
    await p2.getByTestId('pm-not-found').waitFor({ timeout: 60_000 });
    expect(await p2.getByTestId('pm-not-found').textContent()).toContain('This survey was not found or is not shared with you');
    expect(await p2.locator('.pm-alert--error').count()).toBe(0);
    await p2.context().close();
    // The calls fail on the network (not a 404): the spec's failure texts, plots emptied, "no data" in the panel.
    const p3 = await newPage(browser, { baseURL });
    await loginAs(p3, 'grower');
    await p3.route(/\/api\/(trees\/|projects\/\d+\/data$|tree-status-statistics\/)/, (r) => r.abort('failed'));
    await p3.goto(projectPath);
    await p3.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 60_000 });
    const alerts = await p3.locator('.pm-alert--error').allTextContents();
    expect(alerts).toContain('Failed to fetch trees');
    expect(alerts).toContain('Failed to fetch tree status statistics');
    expect(await p3.getByTestId('pm-nodata').textContent()).toContain('no tree status data available');
    await p3.context().close();
  });
});

describe('acting on a survey: the legend filter and the exports', () => {
  it('hides a legend class (its trees turn to background) and shows it again', async () => {
    await page.goto(projectPath);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await page.waitForSelector('[data-testid=pm-loading]', { state: 'detached', timeout: 5_000 });
    for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
    const { tree, shown } = await showTrees(page);
    // Which status class the tree is drawn in: the nearest status colour (workers/geo/colours.ts).
    const STATUS: Rgb[] = [
      [46, 204, 64],
      [255, 220, 0],
      [255, 133, 27],
      [255, 65, 54],
      [0, 0, 0],
      [255, 255, 255],
    ];
    const cls = STATUS.findIndex((c) => near(shown, c, 30));
    expect(cls, `pixel ${shown} is no status colour`).toBeGreaterThanOrEqual(0);
    await page.getByTestId('pm-btn-layers').click();
    const before = Number((await page.getByTestId(`legend-${cls}`).locator('.pm-legend__count').textContent())!.replace(/\D/g, ''));
    await page.getByTestId(`legend-toggle-${cls}`).click();
    await expect.poll(() => page.getByTestId(`legend-toggle-${cls}`).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('legend-shown').textContent()).toMatch(/of/);
    // The tree against the map's own background: the aerial photo under it is off for the comparison (in CI the
    // photo showed at the layer-off read but not at the class-hidden one, tiles loaded both times: left to investigate).
    await page.getByTestId('photo-visible').uncheck();
    await page.getByTestId('pm-layers-close').click();
    // Below the detail zoom (trees drawn as one image) the tree is gone: its pixel is no longer its class colour
    // (a neighbour of another class may show through at this scale).
    await expect.poll(async () => near(await pixel(page, tree.x, tree.y), STATUS[cls], 30), { timeout: 10_000 }).toBe(false);
    // In the instance path (zoom 19: trees apart) the pixel is the background: the same as with the tree layer off.
    await mapCall(page, 'project', 'jumpToTree', tree.index, 19);
    await mapIdle(page);
    const box = (await page.getByTestId('pm-map').boundingBox())!;
    const at = (await mapCall(page, 'project', 'treeScreenPoint', tree.index))!;
    const near19 = { x: box.x + at.x, y: box.y + at.y };
    // The aerial photo's zoom-19 tiles arrive after the move: both pixels are read once every tile is in (CI read
    // the basemap's pale green first and the photo after).
    const tilesIn = () => expect.poll(() => mapCall(page, 'project', 'tilesLoaded'), { timeout: 30_000 }).toBe(true);
    // The whole marker (4 px radius and its 1 px white outline) is gone, not only its middle: a 13 px square around
    // the tree is the same as with the layer off (neighbours stand ~15 px apart at this zoom).
    const square = () => screenPixels(page, { x: Math.floor(near19.x) - 6, y: Math.floor(near19.y) - 6, width: 13, height: 13 });
    await tilesIn();
    await page.waitForTimeout(300);
    const classHidden = await square();
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').uncheck();
    await page.getByTestId('pm-layers-close').click();
    await tilesIn();
    await page.waitForTimeout(300);
    const background = await square();
    const worst = Math.max(...classHidden.map((v, i) => Math.abs(v - background[i])));
    expect(worst, `class hidden ${classHidden.slice(0, 4)}…, layer off ${background.slice(0, 4)}…`).toBeLessThanOrEqual(8);
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId(`legend-toggle-${cls}`).click();
    await page.getByTestId('photo-visible').check();
    await page.getByTestId('pm-layers-close').click();
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    await page.getByTestId('pm-layers-close').click();
    // Shown again, the tree is its class colour at zoom 19 too.
    await expect.poll(async () => near(await pixel(page, near19.x, near19.y), STATUS[cls], 30), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId(`legend-toggle-${cls}`).click();
    await page.getByTestId('pm-layers-close').click();
    await page.getByTestId('pm-btn-zoom').click();
    await mapIdle(page);
    // The count of the hidden class stays in the legend; the export panel counts what is shown.
    await page.getByTestId('pm-btn-layers').click();
    expect(Number((await page.getByTestId(`legend-${cls}`).locator('.pm-legend__count').textContent())!.replace(/\D/g, ''))).toBe(before);
    await page.getByTestId('pm-layers-close').click();
    await page.getByTestId('pm-btn-export').click();
    const total = Number((await page.getByTestId('stat-total-trees').textContent())!.replace(/\D/g, ''));
    const exportCount = Number((await page.getByTestId('pm-export-count').textContent())!.replace(/\D/g, ''));
    expect(exportCount).toBe(total - before);

    // The CSV download holds exactly those trees, none of the hidden class.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^Avocado survey – autumn_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readDownload(download);
    const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(rows.errors).toEqual([]);
    expect(rows.data).toHaveLength(exportCount);
    expect(rows.data.some((r) => Number(r.status) === cls)).toBe(false);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('.csv');

    // Showing the class again restores the pixel without reloading the survey.
    await page.getByTestId('pm-export-close').click();
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId(`legend-toggle-${cls}`).click();
    await page.getByTestId('pm-layers-close').click();
    const again = (await mapCall(page, 'project', 'treeScreenPoint', tree.index))!;
    const mapBox = (await page.getByTestId('pm-map').boundingBox())!;
    await expect.poll(async () => near(await pixel(page, mapBox.x + again.x, mapBox.y + again.y), STATUS[cls], 30), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('project-map-page').getAttribute('data-load-id')).toBe('1');
  });

  it('downloads a shapefile zip and a KML of the selected plot that independent readers open', async () => {
    // A tree stands in a plot: with the tree layer off and plots as the info layer, a click there selects that plot.
    const tree = await visibleTree(page);
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-info-plots').check();
    await page.getByTestId('layer-visible-trees').uncheck();
    await page.getByTestId('pm-layers-close').click();
    await page.mouse.click(tree.x, tree.y);
    await expect.poll(() => page.getByTestId('pm-path').textContent()).toMatch(/Plots/);
    await expect.poll(() => page.getByTestId('pm-path').textContent()).not.toMatch(/^‹Plots/);
    await page.getByTestId('pm-btn-export').click();
    await expect.poll(() => page.getByTestId('pm-export-scope').isChecked()).toBe(true);
    const [zipDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-export-shp').click()]);
    expect(zipDl.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await JSZip.loadAsync(await readBytes(zipDl));
    const shp = Object.keys(zip.files).find((n) => n.endsWith('.shp'))!;
    const dbf = Object.keys(zip.files).find((n) => n.endsWith('.dbf'))!;
    const fc = await readShapefile(await zip.file(shp)!.async('uint8array'), await zip.file(dbf)!.async('uint8array'), { encoding: 'utf-8' });
    expect(fc.features.length).toBeGreaterThan(0);
    const plots = new Set(fc.features.map((f) => (f.properties as Record<string, unknown>).plot_id));
    expect(plots.size).toBe(1);
    const [kmlDl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-export-kml').click()]);
    const kml = await readKml(browser, await readDownload(kmlDl), 'tree_id');
    expect(kml.count).toBe(fc.features.length);
    expect(kml.keys.sort()).toEqual(fc.features.map((f) => String((f.properties as Record<string, unknown>).tree_id)).sort());
    expect(kml.first?.geometry.type).toBe('Point');
    await page.getByTestId('pm-export-close').click();
  });
});

describe('acting on a survey: comparison, tree list and areas table', () => {
  const text = (p: Page, url: string) =>
    p.evaluate(async (u) => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      return (await fetch(u, { headers: { Authorization: `Bearer ${token}` } })).text();
    }, url);
  const legendCount = async (p: Page, key: string) => {
    const el = p.getByTestId(`legend-${key}`);
    return (await el.count()) ? Number((await el.locator('.pm-legend__count').textContent())!.replace(/\D/g, '')) : 0;
  };
  const CHANGE_KEYS = ['lost', 'declined', 'stable', 'improved', 'new', 'gone', 'unknown'];

  it('compares with the summer survey tree by tree, shows both values of a tree, and goes back without reloading', async () => {
    await page.goto(projectPath);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await page.waitForSelector('[data-testid=pm-loading]', { state: 'detached', timeout: 5_000 });
    for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
    const projects = await api<{ project_id: number; name: string }[]>(page, '/api/projects/user');
    const summer = projects.find((x) => x.name === 'Avocado survey – summer')!;
    const base = await mapCall(page, 'project', 'treeCount');

    await page.getByTestId('pm-btn-compare').click();
    await page.getByTestId(`compare-${summer.project_id}`).click();
    await expect.poll(() => page.getByTestId('pm-compare-matched').isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('project-map-page').getAttribute('data-colour-mode')).toBe('change');

    // Legend counts = the API's table (whose counts the API suite checks against SQL) = the export with the change fields.
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    const legend = Object.fromEntries(await Promise.all(CHANGE_KEYS.map(async (k) => [k, await legendCount(page, `change-${k}`)] as const)));
    await page.getByTestId('pm-layers-close').click();
    const zones = JSON.parse(await text(page, `/api/projects/${projectId}/zones?format=json&compare=${summer.project_id}`)) as Record<
      string,
      number | string
    >[];
    const plotsOnly = zones.filter((z) => z.kind === 'plot');
    for (const k of ['lost', 'declined', 'stable', 'improved', 'new', 'gone']) {
      expect(legend[k], k).toBe(plotsOnly.reduce((s, z) => s + Number(z[k]), 0));
    }
    expect(legend.lost).toBeGreaterThan(0);
    const csv = Papa.parse<Record<string, string>>(
      (await text(page, `/api/projects/${projectId}/export?format=csv&mode=change&compare=${summer.project_id}`)).replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    ).data;
    for (const k of CHANGE_KEYS) expect(csv.filter((r) => r.change === k).length, k).toBe(legend[k]);
    // The gone trees are drawn after ours.
    expect(await mapCall(page, 'project', 'treeCount')).toBe(base + legend.gone);

    // A clicked tree shows this survey's and the summer survey's values side by side.
    const tree = await visibleTree(page);
    await page.mouse.click(tree.x, tree.y);
    await expect.poll(() => page.getByTestId('tree-compared-head').isVisible(), { timeout: 10_000 }).toBe(true);
    const id = await page.getByTestId('tree-tree_id').getAttribute('data-raw');
    const before = await page.getByTestId('tree-compared-tree_id').getAttribute('data-raw');
    expect(before === id || before === '').toBe(true);

    // The Report button while comparing: the PDF's change totals are the legend's.
    const [pdf] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('pm-btn-report').click()]);
    expect(pdf.suggestedFilename()).toMatch(/report\.pdf$/);
    const report = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: await readBytes(pdf) }).toString('utf8');
    expect(report).toContain('Change since the survey of');
    const nf = new Intl.NumberFormat('en-GB');
    expect(report).toMatch(
      new RegExp(`Total\\s+${['lost', 'declined', 'stable', 'improved', 'new', 'gone'].map((k) => nf.format(legend[k])).join('\\s+')}\\s`),
    );
    expect(await page.getByTestId('pm-report-status').count()).toBe(0);

    // No comparison: back to the survey alone, no reload.
    await page.getByTestId('pm-compare-off').click();
    await expect.poll(() => page.getByTestId('project-map-page').getAttribute('data-colour-mode')).toBe('status');
    await expect.poll(() => mapCall(page, 'project', 'treeCount')).toBe(base);
    expect(await page.getByTestId('pm-compare-bar').count()).toBe(0);
    expect(await page.getByTestId('project-map-page').getAttribute('data-load-id')).toBe('1');
    // Back to the project's statistics (the tree, then the tree layer).
    await page.getByTestId('pm-back').click();
    await page.getByTestId('pm-back').click();
    await expect.poll(() => page.getByTestId('stat-total-trees').isVisible()).toBe(true);
  });

  it('lists the problem trees (virtual, sortable), flies to a clicked row and shows that tree', async () => {
    await page.getByTestId('pm-btn-list').click();
    const count = async () => Number(/\(([\d,.\s]+)\)/.exec((await page.getByTestId('pm-list').locator('h2').textContent())!)![1].replace(/\D/g, ''));
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(50_000);
    // Virtual: tens of rows in the DOM for ~100k trees.
    expect(await page.getByTestId('pm-list-row').count()).toBeLessThan(80);
    await page.getByTestId('pm-list-problems').click();
    const total = Number((await page.getByTestId('stat-total-trees').textContent())!.replace(/\D/g, ''));
    const healthy = Number(
      (await api<{ total: { status_counts: { code: number; count: number }[] } }>(page, `/api/tree-status-statistics/${projectId}`)).total.status_counts.find(
        (s) => s.code === 0,
      )!.count,
    );
    await expect.poll(count, { timeout: 20_000 }).toBe(total - healthy);
    // Sort by status, worst first: the first row is not healthy and rows are in order.
    await page.getByTestId('list-sort-status').click();
    await page.getByTestId('list-sort-status').click();
    await expect.poll(() => page.getByTestId('list-sort-status').getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => page.getByTestId('pm-list-scroll').getAttribute('data-sorted'), { timeout: 20_000 }).toBe('status-desc');
    // Scrolling deep renders other rows (the list is virtual, not truncated).
    await page.getByTestId('pm-list-scroll').evaluate((el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    const deepest = async () => Math.max(...(await page.getByTestId('pm-list-row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-index'))))));
    await expect.poll(deepest).toBeGreaterThan((total - healthy) / 2 - 100);
    await page.getByTestId('pm-list-scroll').evaluate((el) => {
      el.scrollTop = 0;
    });
    // The first row of the list (not the first in the DOM: the virtual window may still hold the middle rows).
    const row = page.locator('[data-testid=pm-list-row][data-index="0"]');
    await expect.poll(() => row.isVisible()).toBe(true);
    const cells = await row.locator('[role=cell]').allTextContents();
    const drawnIndex = Number(await row.getAttribute('data-drawn'));
    await row.click();
    await mapIdle(page);
    expect(await mapCall(page, 'project', 'selected')).toEqual({
      layer: 'trees',
      index: drawnIndex,
    });
    expect(await mapCall(page, 'project', 'zoom')).toBeGreaterThanOrEqual(17.9);
    await expect.poll(() => page.getByTestId('tree-row_num').textContent(), { timeout: 10_000 }).toBe(cells[2]);
    expect(await page.getByTestId('tree-tree_num').textContent()).toBe(cells[3]);
    expect(await page.getByTestId('tree-tree_status').textContent()).toBe(cells[4]);
    expect(cells[4]).not.toBe('Healthy');

    // Print: pages of 40 rows, plot / row / tree first.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByTestId('pm-list-print').click();
    await page.waitForSelector('[data-testid=pm-print]', { state: 'attached' });
    const pages = page.locator('.pm-print__page');
    expect(await pages.count()).toBe(Math.ceil(Math.min(total - healthy, 5000) / 40));
    expect(await pages.first().locator('tbody tr').count()).toBe(40);
    expect(await pages.first().locator('th').allTextContents()).toEqual(expect.arrayContaining(['Plot', 'Row', 'Tree']));
    expect((await pages.first().locator('th').allTextContents()).slice(0, 3)).toEqual(['Plot', 'Row', 'Tree']);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.waitForSelector('[data-testid=pm-print]', { state: 'detached' });
    await page.getByTestId('pm-list').locator('.pm-close').click();
    // Back to every status for the tests after this one.
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('colour-mode').selectOption('n');
    await page.getByTestId('colour-mode').selectOption('status');
    await page.getByTestId('pm-layers-close').click();
  });

  it('shows statistics per plot and irrigation area, sorts them, selects one on the map and downloads the same table', async () => {
    await page.getByTestId('pm-btn-zones').click();
    const rows = page.locator('[data-testid^=zone-]');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(4);
    const n = await rows.count();
    await page.getByTestId('zones-sort-trees').click();
    const trees = async () => (await page.locator('td[data-col=trees]').allTextContents()).map((s) => Number(s.replace(/\D/g, '')));
    const sorted = await trees();
    const asc = [...sorted].sort((a, b) => a - b),
      desc = [...sorted].sort((a, b) => b - a);
    expect(JSON.stringify(sorted) === JSON.stringify(asc) || JSON.stringify(sorted) === JSON.stringify(desc)).toBe(true);
    const plotRow = page.locator('[data-testid^=zone-plot-]').first();
    const name = (await plotRow.locator('td[data-col=name]').textContent())!.replace(/Plot$/, '').trim();
    await plotRow.click();
    await expect.poll(() => page.getByTestId('pm-path').textContent()).toContain(name);
    expect(await plotRow.getAttribute('aria-selected')).toBe('true');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-zones-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/_areas\.csv$/);
    const csv = Papa.parse<Record<string, string>>((await readDownload(download)).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(n);
    const shown = new Map(
      await Promise.all(
        (await rows.all()).map(
          async (r) => [(await r.getAttribute('data-testid'))!, Number((await r.locator('td[data-col=trees]').textContent())!.replace(/\D/g, ''))] as const,
        ),
      ),
    );
    for (const r of csv.data) expect(shown.get(`zone-${r.kind === 'plot' ? 'plot' : 'area'}-${r.id}`), r.name).toBe(Number(r.trees));
    await page.getByTestId('pm-zones').locator('.pm-close').click();
  });

  it('fits the new panels on a 360 px phone in Hebrew, right to left', async () => {
    const phone = await newPage(browser, { baseURL, width: 360, height: 740, locale: 'he-IL' });
    await loginAs(phone, 'grower');
    await phone.goto(projectPath);
    await phone.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await phone.waitForSelector('[data-testid=pm-loading]', { state: 'detached', timeout: 5_000 });
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    for (const [button, panel] of [
      ['list', 'pm-list'],
      ['zones', 'pm-zones'],
      ['compare', 'pm-surveys'],
      ['prescription', 'pm-prescription'],
    ] as const) {
      await (await mapTool(phone, button)).click(); // a phone has three of them in "More"
      const box = (await phone.getByTestId(panel).boundingBox())!;
      expect(box.x, panel).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, panel).toBeLessThanOrEqual(360);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth), panel).toBeLessThanOrEqual(360);
      await phone.screenshot({ path: `/tmp/${panel}-360-he.png` });
      // On a phone the panel covers the map's width, the tools too: it closes itself.
      await phone.getByTestId(panel).locator('.pm-close').click();
    }
    await phone.close();
  });
});
