import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('profile in Chromium', () => {
  it('offers real entries, switches language in settings, and logs out to /', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL' });
    await loginAs(page, 'grower');
    await page.getByTestId('bottom-nav').getByRole('link', { name: 'פרופיל' }).click();
    await page.waitForURL(/\/profile$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('פרופיל');
    expect(await page.getByTestId('profile-mail').getAttribute('href')).toMatch(/^mailto:/);
    expect(await page.getByTestId('profile-message').getAttribute('aria-disabled')).toBe('true');
    await page.getByTestId('profile-updates').click();
    expect(await page.getByTestId('updates-panel').textContent()).toMatch(/גרסה \d+\.\d+\.\d+/);

    await page.getByTestId('profile-settings').click();
    await page.getByTestId('settings-panel').getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Profile');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');

    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => [localStorage.getItem('token'), sessionStorage.getItem('token')])).toEqual([null, null]);
    await page.goto('/home');
    expect(await page.getByTestId('home-page').count()).toBe(0); // logged out: the landing page
    await page.context().close();
  });
});
