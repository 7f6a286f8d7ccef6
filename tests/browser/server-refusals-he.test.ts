// Server refusals in Hebrew (issue 31): the reproductions of the issue in a real
// Chromium with the Hebrew UI — deleting a client that still has users, deleting a
// crop type in use, a boundary file without polygons — show the server's code worded
// in Hebrew, with names kept in their own direction (isolated, so the Latin name sits
// where the sentence puts it). And the boundary preview applies the import's own
// rules: a feature whose crop is not in the list is not called valid, and what it
// calls valid imports.
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
let he: Page;
const baseURL = inject('baseURL');
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });
const FSI = '\u2068',
  PDI = '\u2069';
const plain = (s: string | null) => (s ?? '').replaceAll(FSI, '').replaceAll(PDI, '');
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  he = await newPage(browser, { baseURL, locale: 'he-IL', width: 1400, height: 1000 });
  await loginAs(he, 'admin');
});
afterAll(async () => browser?.close());

/** Left edges on screen of two substrings of an element's text (the first text node holding each). */
function leftOf(page: Page, testId: string, a: string, b: string): Promise<[number, number]> {
  return page.evaluate(
    ([id, x, y]) => {
      const el = document.querySelector(`[data-testid="${id}"]`)!;
      const at = (s: string) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.textContent!.indexOf(s);
          if (i < 0) continue;
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + s.length);
          return r.getBoundingClientRect().left;
        }
        throw new Error(`"${s}" is not in ${id}`);
      };
      return [at(x), at(y)] as [number, number];
    },
    [testId, a, b] as const,
  );
}

async function refuseDelete(path: string, table: string, name: string) {
  await he.goto(path);
  const t = he.getByTestId(table);
  await t.getByRole('searchbox').fill(name);
  await t.locator('tbody tr', { hasText: name }).getByRole('button', { name: 'מחיקה' }).click();
  await he.getByTestId('confirm-ok').click();
  await poll(() => he.getByTestId('error-banner').count()).toBe(1);
  return he.getByTestId('error-banner').locator('.error-banner__text');
}

describe('server refusals in the Hebrew UI', () => {
  it('deleting a client that still has users, plots and projects: the reason in Hebrew, the name isolated', async () => {
    const banner = await refuseDelete('/admin/clients', 'clients-table', 'Galil Orchards');
    const text = await banner.textContent();
    expect(text).toContain(`"${FSI}Galil Orchards${PDI}"`);
    expect(plain(text)).toMatch(/^מחיקת הלקוח נכשלה: לא ניתן למחוק את הלקוח "Galil Orchards": עדיין משויכים אליו .*משתמשים.*חלקות.*פרויקטים/);
    expect(plain(text)).not.toMatch(/cannot be deleted|still has/);
    expect(await banner.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // Right to left: "Galil Orchards" comes after "הלקוח" in the sentence, so it stands to its left.
    const [name, word] = await leftOf(he, 'error-banner', 'Galil Orchards', 'עדיין');
    expect(name).toBeGreaterThan(word);
  });

  it('deleting a crop type in use: the reason and the count in Hebrew', async () => {
    const banner = await refuseDelete('/admin/configuration', 'config-table', 'Citrus');
    expect(plain(await banner.textContent())).toContain('לא ניתן למחוק את סוג הגידול "Citrus": בשימוש על ידי שני גידולים');
  });

  it('a boundary file without polygons: what it holds, in Hebrew; an unknown crop is not called valid, and what is valid imports', async () => {
    const client = `Refusals ${stamp}`;
    const created = await he.evaluate(async (name) => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      const r = await fetch('/api/admin/clients', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      return r.status;
    }, client);
    expect(created).toBe(201);
    await he.goto('/admin/data-editor');
    await he.getByTestId('client-select').selectOption({ label: client });
    const points = {
      type: 'FeatureCollection',
      features: Array.from({ length: 12 }, (_, i) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [35 + i / 1000, 31] } })),
    };
    await he
      .getByTestId('boundary-file')
      .setInputFiles({ name: 'points.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(points)) });
    await he.getByTestId('boundary-read').click();
    await poll(() => he.getByTestId('boundary-error').textContent()).toContain('אין בקובץ פוליגונים: 12 נקודות');

    const square = (x: number) => [
      [
        [x, 31],
        [x, 31.001],
        [x + 0.001, 31.001],
        [x + 0.001, 31],
        [x, 31],
      ],
    ];
    const plots = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'North', crop: 'Lemon' }, geometry: { type: 'Polygon', coordinates: square(35) } },
        { type: 'Feature', properties: { name: 'South', crop: 'Bananas on Mars' }, geometry: { type: 'Polygon', coordinates: square(35.01) } },
      ],
    };
    await he
      .getByTestId('boundary-file')
      .setInputFiles({ name: 'plots.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(plots)) });
    await he.getByTestId('boundary-read').click();
    await poll(() => he.getByTestId('boundary-summary').count()).toBe(1);
    expect(await he.getByTestId('boundary-crop-field').inputValue()).toBe('crop');
    expect(await he.getByTestId('boundary-verdict-0').textContent()).toBe('תקין');
    expect(plain(await he.getByTestId('boundary-verdict-1').textContent())).toBe('South: הגידול "Bananas on Mars" אינו ברשימת הגידולים');
    expect(await he.getByTestId('boundary-row-1').locator('input[type=checkbox]').isDisabled()).toBe(true);
    await he.getByTestId('boundary-import-start').click();
    // What the preview called valid imports: one plot, no 422.
    await poll(() => he.getByTestId('boundary-summary').count()).toBe(0);
    expect(await he.getByTestId('boundary-error').count()).toBe(0);
    await poll(() => he.locator('[data-testid=stat-plots] .stat-card__value').textContent()).toBe('1');
  });
});
