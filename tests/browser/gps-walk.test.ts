// GPS that walks you to a tree (issue 35), at 390 px in Hebrew and English, with the network off once the survey
// is open: "Which tree am I at?" selects the tree nearest to a faked position (checked by a scan over every tree
// here); "Walk to this tree" from the problem-tree list says the distance and bearing the pure rules say (walk.ts),
// turns its arrow with a dispatched orientation event, says "You have arrived" as hasArrived says, and "Next tree"
// follows the list's order, then (toggled) the nearest tree not visited yet (nextTarget over every tree).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { mapCall } from '../support/map-debug';
import { growerSurveyPath, openPhoneMap } from '../support/phone-map';
import { bearingDegrees, distanceMeters, hasArrived, NEAREST_TREE_MAX_METRES, nextTarget, type LonLat, type WalkTree } from '../../workers/geo/walk';
import { WALK_LIST_MAX } from '../../src/features/project-map/map-walk';
import type { MapDebug } from '../../src/map/map-debug';

const baseURL = inject('baseURL');
let browser: Browser;
let path = '';

beforeAll(async () => {
  browser = await launchBrowser();
  path = await growerSurveyPath(browser, baseURL, 'Olive East – autumn');
});
afterAll(async () => browser?.close());

const M_PER_DEG = 111_195;
/** `dn` metres north and `de` metres east of `p`. */
const offset = (p: LonLat, dn: number, de: number): LonLat => [p[0] + de / (M_PER_DEG * Math.cos((p[1] * Math.PI) / 180)), p[1] + dn / M_PER_DEG];

const TEXT = {
  'he-IL': { arrived: 'הגעת לעץ', metres: (d: number) => `${d} מ׳`, here: /שורה \d+, עץ \d+ · .+ · .+ · במרחק \d+ מ׳/ },
  'en-US': { arrived: 'You have arrived', metres: (d: number) => `${d} m`, here: /Row \d+, tree \d+ · .+ · .+ · \d+ m away/ },
} as const;

describe.each(['he-IL', 'en-US'] as const)('GPS walk to a tree (%s, 390 px, offline)', (locale) => {
  let page: Page;
  let trees: LonLat[] = [];
  afterAll(async () => page?.context().close());

  /** Sends the fix again every second (a phone sends one a second; the dot is smoothed) until `done` holds. */
  const holdFix = async (at: LonLat, accuracy: number, done: () => Promise<boolean>) => {
    for (let k = 0; k < 20; k++) {
      // A centimetre's nudge: the emulated receiver reports a new fix each time.
      await page.context().setGeolocation({ longitude: at[0] + (k % 2) * 1e-7, latitude: at[1], accuracy });
      await page.waitForTimeout(1_100);
      if (await done()) return;
    }
    throw new Error(`the walk did not settle at ${at.join(', ')}`);
  };
  const walkBox = () => page.getByTestId('walk');
  const num = async (l: Locator, a: string) => Number(await l.getAttribute(a));
  const shown = async (): Promise<LonLat> => (await walkBox().getAttribute('data-position'))!.split(',').map(Number) as unknown as LonLat;
  const selected = async () => (await mapCall(page, 'project', 'selected'))?.index ?? -1;

  beforeAll(async () => {
    page = await openPhoneMap(browser, baseURL, path, locale, 390);
    await page.getByTestId('pm-btn-trees').click();
    await page.waitForFunction(() => (window as unknown as { __maps: { project?: MapDebug } }).__maps.project!.treeCount() > 100, null, { timeout: 30_000 });
    trees = await page.evaluate(() => {
      const m = (window as unknown as { __maps: { project: MapDebug } }).__maps.project;
      return Array.from({ length: m.treeCount() }, (_, i) => m.treeLngLat(i)!);
    });
    // "Next tree" walks the first WALK_LIST_MAX trees of the list; this survey is smaller, so every tree counts.
    expect(trees.length).toBeLessThanOrEqual(WALK_LIST_MAX);
    // Everything from here on runs without the network.
    await page.context().setOffline(true);
    await page.context().grantPermissions(['geolocation']);
  });

  it('"Which tree am I at?" selects the nearest tree (searched in the worker) and says its row, tree, plot and status', async () => {
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // 2.5 m north and 1.5 m east of tree 100.
    const at = offset(trees[100], 2.5, 1.5);
    let want = -1,
      wantD = Infinity;
    trees.forEach((t, i) => {
      const d = distanceMeters(at, t);
      if (d < wantD) [want, wantD] = [i, d];
    });
    expect(wantD).toBeLessThan(NEAREST_TREE_MAX_METRES);
    await page.context().setGeolocation({ longitude: at[0], latitude: at[1], accuracy: 4 });
    await page.getByTestId('pm-btn-navigate').click();
    await page.getByTestId('pm-here-find').click();
    await expect.poll(selected, { timeout: 15_000 }).toBe(want);
    const here = page.getByTestId('pm-here');
    await here.waitFor({ timeout: 15_000 });
    expect(Number(await here.getAttribute('data-index'))).toBe(want);
    expect(await here.textContent()).toMatch(TEXT[locale].here);
    expect(await here.textContent()).toContain(TEXT[locale].metres(Math.round(wantD)));
    expect((await page.getByTestId('pm-here-find').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  it('walks from the problem-tree list: distance, bearing, heading, arrival and "Next tree" as the pure rules say', async () => {
    // The list, sorted by N from the highest (a header tapped twice), and its first three trees: "Next tree" follows
    // the order on screen, not the list's default one.
    await page.getByTestId('pm-btn-list').click();
    await expect.poll(() => page.getByTestId('pm-list-row').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    await page.getByTestId('list-sort-n').click();
    await expect.poll(() => page.getByTestId('pm-list-scroll').getAttribute('data-sorted')).toBe('n-asc');
    await page.getByTestId('list-sort-n').click();
    await expect.poll(() => page.getByTestId('pm-list-scroll').getAttribute('data-sorted')).toBe('n-desc');
    const drawnAt = async (k: number) => Number(await page.locator(`[data-testid=pm-list-row][data-index="${k}"]`).getAttribute('data-drawn'));
    const first = [await drawnAt(0), await drawnAt(1), await drawnAt(2)];
    await page.locator('[data-testid=pm-list-row][data-index="0"]').click();
    await expect.poll(selected).toBe(first[0]);
    await page
      .getByTestId('pm-list')
      .getByRole('button', { name: locale === 'he-IL' ? 'סגור' : 'Close' })
      .click();
    await page.getByTestId('pm-walk-start').click();

    // 30 m south and 10 m west of the tree, ± 5 m: the distance and bearing walk.ts gives for the dot shown.
    const tree = trees[first[0]];
    const far = offset(tree, -30, -10);
    await holdFix(far, 5, async () => distanceMeters(await shown().catch(() => [0, 0] as LonLat), far) < 0.5);
    const at = await shown();
    const d = distanceMeters(at, tree),
      b = bearingDegrees(at, tree);
    expect(d).toBeGreaterThan(25);
    expect(await num(walkBox(), 'data-distance')).toBeCloseTo(d, 1);
    expect(await num(walkBox(), 'data-bearing')).toBeCloseTo(b, 1);
    expect(await num(walkBox(), 'data-turn')).toBeCloseTo(b, 1); // no compass yet: north-up
    expect(await page.getByTestId('walk-distance').textContent()).toContain(TEXT[locale].metres(Math.round(d)));
    expect(await walkBox().getAttribute('data-arrived')).toBe('false');
    // The walk leaves every toolbar action reachable.
    const box = (await walkBox().boundingBox())!;
    for (const t of await page.locator('.pm-toolbar .pm-tool').all()) {
      const o = (await t.boundingBox())!;
      expect(o.x < box.x + box.width && box.x < o.x + o.width && o.y < box.y + box.height && box.y < o.y + o.height).toBe(false);
    }
    // The phone faces east (an absolute orientation, alpha counter-clockwise): the arrow turns by −90°.
    await page.evaluate(() => window.dispatchEvent(new DeviceOrientationEvent('deviceorientationabsolute', { alpha: 270, beta: 0, gamma: 0, absolute: true })));
    await expect.poll(() => num(walkBox(), 'data-turn')).toBeCloseTo((b - 90 + 360) % 360, 0);

    // At the tree (1 m off, ± 4 m): "You have arrived", as hasArrived says for the dot shown.
    const there = offset(tree, 1, 0);
    await holdFix(there, 4, async () => (await walkBox().getAttribute('data-arrived')) === 'true');
    expect(hasArrived(distanceMeters(await shown(), tree), 4)).toBe(true);
    expect(await page.getByTestId('walk-arrived').textContent()).toBe(TEXT[locale].arrived);
    for (const id of ['walk-next', 'walk-order-list', 'walk-order-distance', 'walk-stop'])
      expect((await page.getByTestId(id).boundingBox())!.height, id).toBeGreaterThanOrEqual(44);

    // "Next tree" in the list's order: the sorted list's second tree, then its third.
    expect(await page.getByTestId('walk-order-list').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('walk-next').click();
    await expect.poll(selected).toBe(first[1]);
    expect(await num(walkBox(), 'data-distance')).toBeCloseTo(distanceMeters(await shown(), trees[first[1]]), 1);
    await page.getByTestId('walk-next').click();
    await expect.poll(selected).toBe(first[2]);

    // Nearest first: the tree nextTarget picks from the dot shown among every tree not visited yet.
    await page.getByTestId('walk-order-distance').click();
    const pos = await shown();
    const all: WalkTree[] = trees.map(([lon, lat], id) => ({ id, lon, lat }));
    const want = nextTarget(all, new Set(first), first[2], 'distance', pos);
    expect(want).toBeGreaterThanOrEqual(0);
    expect(first).not.toContain(want);
    await page.getByTestId('walk-next').click();
    await expect.poll(selected).toBe(want);
    expect(await num(walkBox(), 'data-distance')).toBeCloseTo(distanceMeters(await shown(), trees[want]), 1);

    await page.getByTestId('walk-stop').click();
    expect(await walkBox().count()).toBe(0);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });
});
