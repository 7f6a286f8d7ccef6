// A phone-first map (issue 35, "What a phone walk found"), at 390 and 320 px, in Hebrew and English: every
// button and link of the map screen is at least 44×44 px, the Hebrew toolbar is clear of the zoom buttons,
// "Trees" is one tap, a hidden legend class shows as a chip that clears the filter, a denied location says
// "Location off" on the button, and panning releases GPS follow mode until "Re-centre".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs } from '../support/browser';
import { mapCall, waitForMap } from '../support/map-debug';
import { openPhoneMap, PHONE_SIZES, growerSurveyPath, overlap, smallTargets } from '../support/phone-map';

const baseURL = inject('baseURL');
let browser: Browser;
let path = '';

beforeAll(async () => {
  browser = await launchBrowser();
  path = await growerSurveyPath(browser, baseURL);
});
afterAll(async () => browser?.close());

describe.each(PHONE_SIZES)('the map screen on a phone (%s, %i px)', (locale, width) => {
  let page: Page;
  beforeAll(async () => {
    page = await openPhoneMap(browser, baseURL, path, locale, width);
  });
  afterAll(async () => page?.context().close());

  it('every button and link of the map screen is at least 44×44 px', async () => {
    expect(await smallTargets(page)).toEqual([]);
  });

  it('with the "More" sheet, the layers panel or the tree list open, every button and link is still at least 44×44 px', async () => {
    await page.getByTestId('pm-btn-more').click();
    await page.getByTestId('pm-more').waitFor();
    expect(await page.locator('[data-testid=pm-more] button').count()).toBeGreaterThan(5);
    expect(await smallTargets(page), 'More').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('legend-toggle-0').waitFor();
    expect(await smallTargets(page), 'layers').toEqual([]);
    await page.getByTestId('pm-layers-close').click();
    await page.getByTestId('pm-btn-list').click();
    await expect.poll(() => page.getByTestId('pm-list-row').count()).toBeGreaterThan(3);
    expect(await smallTargets(page), 'tree list').toEqual([]);
    await page.getByTestId('pm-list').locator('.pm-close').click();
  });

  it('the toolbar is clear of the zoom buttons', async () => {
    const zoom = (await page.locator('.maplibregl-ctrl-zoom-in').boundingBox())!;
    const zoomOut = (await page.locator('.maplibregl-ctrl-zoom-out').boundingBox())!;
    for (const b of await page.locator('.pm-toolbar .pm-tool').all()) {
      const box = (await b.boundingBox())!;
      expect(overlap(box, zoom) || overlap(box, zoomOut), (await b.getAttribute('data-testid')) ?? '').toBe(false);
    }
  });

  it('"Trees" shows the tree layer in one tap, and a second tap hides it', async () => {
    const layerOn = async () => {
      await page.getByTestId('pm-btn-layers').click();
      const on = await page.getByTestId('layer-visible-trees').isChecked();
      await page.getByTestId('pm-layers-close').click();
      return on;
    };
    expect(await layerOn()).toBe(false); // client.md §4: trees are off when a survey opens
    const trees = page.getByTestId('pm-btn-trees');
    expect(await trees.textContent()).toContain(locale === 'he-IL' ? 'עצים' : 'Trees');
    await trees.click();
    expect(await trees.getAttribute('aria-pressed')).toBe('true');
    expect(await layerOn()).toBe(true);
    await trees.click();
    expect(await trees.getAttribute('aria-pressed')).toBe('false');
    expect(await layerOn()).toBe(false);
  });

  it('a hidden legend class shows as a chip on the map once the layers panel is closed; the chip clears the filter', async () => {
    expect(await page.getByTestId('pm-hidden-chip').count()).toBe(0);
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('legend-toggle-0').click();
    await expect.poll(() => page.getByTestId('legend-toggle-0').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('pm-hidden-chip').count()).toBe(0); // the panel itself shows it
    await page.getByTestId('pm-layers-close').click();
    const chip = page.getByTestId('pm-hidden-chip');
    expect(await chip.textContent()).toContain(locale === 'he-IL' ? 'קטגוריה אחת מוסתרת' : '1 class hidden');
    const box = (await chip.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await smallTargets(page)).toEqual([]);
    await chip.click();
    await expect.poll(() => chip.count()).toBe(0);
    await page.getByTestId('pm-btn-layers').click();
    expect(await page.getByTestId('legend-toggle-0').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('pm-layers-close').click();
  });

  it('with location permission denied, the GPS button says "Location off" instead of turning green', async () => {
    await page.context().clearPermissions();
    const gps = page.getByTestId('pm-btn-navigate');
    await gps.click();
    await expect.poll(() => gps.textContent()).toContain(locale === 'he-IL' ? 'המיקום כבוי' : 'Location off');
    expect(await gps.getAttribute('aria-pressed')).toBe('false');
    await gps.click(); // off again
    await expect.poll(() => gps.textContent()).not.toContain(locale === 'he-IL' ? 'המיקום כבוי' : 'Location off');
  });
});

describe('GPS follow mode (390 px)', () => {
  it('each fix centres the map until the grower pans; "Re-centre" follows again', async () => {
    const page = await openPhoneMap(browser, baseURL, path, 'en-US', 390);
    try {
      await page.context().grantPermissions(['geolocation']);
      const at = (await mapCall(page, 'project', 'center')) as [number, number];
      const first = { longitude: at[0] + 0.001, latitude: at[1] + 0.001 };
      await page.context().setGeolocation(first);
      await page.getByTestId('pm-btn-navigate').click();
      const near = (c: [number, number], p: { longitude: number; latitude: number }) =>
        Math.abs(c[0] - p.longitude) < 1e-5 && Math.abs(c[1] - p.latitude) < 1e-5;
      await expect.poll(async () => near((await mapCall(page, 'project', 'center')) as [number, number], first), { timeout: 15_000 }).toBe(true);
      expect(await page.getByTestId('pm-recentre').count()).toBe(0);
      // The grower pans: follow mode is released, the next fix leaves the map where it is.
      const box = (await page.getByTestId('pm-map').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 60, { steps: 8 });
      await page.mouse.up();
      await page.getByTestId('pm-recentre').waitFor();
      await waitForMap(page, 'project');
      const panned = (await mapCall(page, 'project', 'center')) as [number, number];
      const second = { longitude: first.longitude + 0.0005, latitude: first.latitude };
      await page.context().setGeolocation(second);
      await page.waitForTimeout(2_500);
      const still = (await mapCall(page, 'project', 'center')) as [number, number];
      expect(Math.abs(still[0] - panned[0]) + Math.abs(still[1] - panned[1])).toBeLessThan(1e-7);
      // "Re-centre" brings the map back to the position and follows again.
      expect((await page.getByTestId('pm-recentre').boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await page.getByTestId('pm-recentre').click();
      await expect.poll(async () => near((await mapCall(page, 'project', 'center')) as [number, number], second), { timeout: 15_000 }).toBe(true);
      expect(await page.getByTestId('pm-recentre').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});

describe('a finger picks a tree (390 px, touch)', () => {
  it('a tap within 22 px of a drawn tree selects it; the same spot clicked with a mouse does not', async () => {
    /** A point 12–20 px from the nearest drawn tree (the next one clearly farther), and that tree. */
    const spot = (p: Page) =>
      p.evaluate(() => {
        const m = (window as unknown as { __maps: { project: import('../../src/map/map-debug').MapDebug } }).__maps.project;
        const pts: { i: number; x: number; y: number }[] = [];
        for (let i = 0, n = m.treeCount(); i < n; i++) {
          const s = m.treeScreenPoint(i);
          if (s && s.x > 60 && s.x < 330 && s.y > 60 && s.y < 400) pts.push({ i, ...s });
        }
        for (const t of pts)
          for (let a = 0; a < 16; a++) {
            const x = t.x + 16 * Math.cos((a * Math.PI) / 8),
              y = t.y + 16 * Math.sin((a * Math.PI) / 8);
            const d = pts.map((q) => ({ i: q.i, d: Math.hypot(q.x - x, q.y - y) })).sort((u, v) => u.d - v.d);
            if (d[0].d >= 12 && d[0].d <= 20 && d[1].d > d[0].d + 2) return { x, y, tree: d[0].i, d: d[0].d };
          }
        return null;
      });
    for (const touch of [true, false]) {
      const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      try {
        await loginAs(page, 'grower');
        await page.goto(path);
        await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 60_000 });
        for (const b of await page.locator('.pm-alert .pm-close').all()) await b.click();
        await page.getByTestId('pm-btn-trees').click();
        await expect.poll(() => mapCall(page, 'project', 'treeCount')).toBeGreaterThan(100);
        await mapCall(page, 'project', 'jumpToTree', 0, 18.5);
        await waitForMap(page, 'project');
        await page.waitForTimeout(500);
        const s = await spot(page);
        expect(s, 'a spot 12–20 px from one tree').not.toBeNull();
        const box = (await page.getByTestId('pm-map').boundingBox())!;
        if (touch) await page.touchscreen.tap(box.x + s!.x, box.y + s!.y);
        else await page.mouse.click(box.x + s!.x, box.y + s!.y);
        await page.waitForTimeout(800);
        const sel = await mapCall(page, 'project', 'selected');
        if (touch) expect(sel).toEqual({ layer: 'trees', index: s!.tree });
        else expect(sel?.layer).not.toBe('trees');
      } finally {
        await context.close();
      }
    }
  });
});
