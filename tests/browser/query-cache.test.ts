import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNTS } from '../support/accounts';
import { apiJson, launchBrowser, loginAs, newPage } from '../support/browser';
import { START_DELAY_MS } from '../../src/offline/surveys/refresh';

// The shared query cache in Chromium (src/api/query-client.ts): home and
// orders read one GET /api/projects/user; the cache goes with the session.

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const isList = (url: string) => new URL(url).pathname === '/api/projects/user';
const cardNames = (page: Page) => page.locator('[data-testid=project-card] h3').allTextContents();
const nav = (page: Page, name: string) => page.getByTestId('bottom-nav').getByRole('link', { name, exact: true }).click();

// Sign-ins and lists can take seconds on a loaded CI machine (other browser files run beside this one).
const SLOW = { timeout: 15_000 };

describe('query cache in Chromium', () => {
  it('home → orders → home fetches the project list once', async () => {
    const page = await newPage(browser, { baseURL });
    const lists: string[] = [];
    page.on('request', (r) => r.method() === 'GET' && isList(r.url()) && lists.push(r.url()));
    const loaded = Date.now();
    await loginAs(page, 'grower');
    await expect.poll(() => page.getByTestId('project-card').count(), SLOW).toBeGreaterThan(0);
    const home = await cardNames(page);

    await nav(page, 'Orders');
    await page.waitForURL(/\/orders$/);
    await page.getByTestId('orders-calendar').waitFor();
    await expect.poll(() => page.getByTestId('all-list').locator('li').count(), SLOW).toBe(home.length);

    await nav(page, 'Home');
    await page.waitForURL(/\/home$/);
    await expect.poll(() => cardNames(page), SLOW).toEqual(home);
    // The check of surveys kept on the device runs 5 s after the app starts: with none kept, it fetches nothing.
    await page.waitForTimeout(Math.max(0, loaded + START_DELAY_MS + 1500 - Date.now()));
    expect(lists).toHaveLength(1);
    await page.context().close();
  });

  it('signing out and in as another user (no page load in between) shows only the other user’s list', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'grower2');
    const second = (await apiJson<{ name: string }[]>(page, '/api/projects/user')).map((p) => p.name);
    await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
    await page.reload();

    // The first grower's list in the cache…
    await loginAs(page, 'grower');
    await expect.poll(() => page.getByTestId('project-card').count(), SLOW).toBeGreaterThan(0);
    const first = await cardNames(page);
    const firstOnly = first.filter((n) => !second.includes(n));
    expect(firstOnly.length).toBeGreaterThan(0);

    // …signed out from the profile, and the second grower signs in through the landing page (the same document).
    await nav(page, 'Profile');
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('link', { name: 'Enter' }).click();
    await page.waitForURL(/\/login$/);
    // Every project name drawn from now on.
    await page.evaluate(() => {
      const w = window as unknown as { seenNames: string[] };
      w.seenNames = [];
      new MutationObserver(() => {
        for (const h of document.querySelectorAll('[data-testid=project-card] h3')) w.seenNames.push(h.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const lists: string[] = [];
    page.on('request', (r) => r.method() === 'GET' && isList(r.url()) && lists.push(r.url()));
    await page.fill('input[name=email]', ACCOUNTS.grower2.email);
    await page.fill('input[name=password]', ACCOUNTS.grower2.password);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/home$/);
    await expect.poll(() => cardNames(page), SLOW).toEqual(expect.arrayContaining(second));
    expect((await cardNames(page)).sort()).toEqual([...second].sort());
    expect(lists).toHaveLength(1);
    const seen = await page.evaluate(() => (window as unknown as { seenNames: string[] }).seenNames);
    expect(seen.filter((n) => firstOnly.includes(n))).toEqual([]);
    await page.context().close();
  });
});
