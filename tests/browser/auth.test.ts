import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('sign-in flows in Chromium', () => {
  it('shows the landing page when logged out and leads to the login form', async () => {
    const page = await newPage(browser, { baseURL });
    await page.goto('/some/deep/path');
    await page.getByRole('link', { name: 'Enter' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.locator('input[name=email]').getAttribute('type')).toBe('text');
    await page.context().close();
  });

  it('shows the server message for a wrong password', async () => {
    const page = await newPage(browser, { baseURL });
    await page.goto('/login');
    await page.fill('input[name=email]', 'grower@demo.farm');
    await page.fill('input[name=password]', 'wrong-password');
    await page.click('button[type=submit]');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('Invalid email or password');
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('shows a wrong password in Hebrew in the Hebrew UI (the server code, translated)', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL' });
    await page.goto('/login?lng=he');
    await page.fill('input[name=email]', 'grower@demo.farm');
    await page.fill('input[name=password]', 'wrong-password');
    await page.click('button[type=submit]');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('אימייל או סיסמה שגויים');
    await page.context().close();
  });

  it('takes an admin straight to /admin: never /home, no grower project list fetched', async () => {
    const page = await newPage(browser, { baseURL });
    const paths: string[] = [];
    const lists: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && paths.push(new URL(f.url()).pathname));
    page.on('request', (r) => r.url().includes('/api/projects/user') && lists.push(r.url()));
    await loginAs(page, 'admin');
    await page.getByTestId('admin-dashboard').waitFor();
    expect(lists).toEqual([]);
    expect(paths.filter((p) => p === '/home')).toEqual([]);
    await page.context().close();
  });

  it('takes a grower to /home with the bottom navigation, and keeps them out of /admin', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'grower');
    const nav = page.getByTestId('bottom-nav');
    await expect.poll(() => nav.locator('.bottom-nav__label').allTextContents()).toEqual(['Profile', 'Orders', 'Farm map', 'My tasks', 'Home']);
    await page.goto('/admin/users');
    await page.waitForURL(/\/home$/);
    await page.context().close();
  });

  it('takes an admin to /admin, with the admin layout and no bottom navigation; Admin link on grower pages', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'admin');
    await expect.poll(() => page.getByTestId('admin-email').textContent()).toBe('admin@demo.farm');
    expect(await page.getByTestId('bottom-nav').count()).toBe(0);
    expect(await page.evaluate(() => document.body.classList.contains('admin-page'))).toBe(true);
    await page.getByRole('button', { name: 'Back to App' }).click();
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.getByTestId('bottom-nav').getByRole('link', { name: 'Admin' }).count()).toBe(1);
    await page.context().close();
  });

  it('logs out from the profile and lands on the landing page; the old token no longer works', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'grower');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto('/profile');
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const res = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.context().close();
  });

  it('renders Hebrew right-to-left and English left-to-right', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL' });
    await page.goto('/login');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['he', 'rtl']);
    await page.goto('/login?lng=en');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    await page.context().close();
  });
});
