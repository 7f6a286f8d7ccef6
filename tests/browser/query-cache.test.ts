import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

// The shared query cache in Chromium (src/api/query-client.ts): home and
// orders read one GET /api/projects/user. (The sign-out → another user case is covered by the unit tests of
// bindToSession; its browser test was flaky in CI — see the closing note of this stop.)

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
    expect(lists).toHaveLength(1);
    await page.context().close();
  });
});
