import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
let admin: Page;
const baseURL = inject('baseURL');
// Server work (password hashing, reloads) can take seconds on a shared CI machine.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser, { baseURL });
  await loginAs(admin, 'admin');
});
afterAll(async () => browser?.close());

const table = () => admin.getByTestId('projects-table');
const names = () => table().locator('tbody tr td:first-child').allTextContents();

describe('admin tables and configuration in Chromium', () => {
  it('paginates, searches and sorts the 20+ demo projects', async () => {
    await admin.goto('/admin/projects');
    await poll(() => table().locator('tbody tr').count()).toBe(10);
    const pages = table().locator('.data-table__page');
    expect(await pages.count()).toBeGreaterThanOrEqual(2);
    expect(await pages.count()).toBeLessThanOrEqual(5);
    const first = await names();
    await table().getByRole('button', { name: 'Next' }).click();
    const second = await names();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((n) => first.includes(n))).toBe(false);
    expect(await table().locator('[aria-current=page]').textContent()).toBe('2');

    await table().getByRole('searchbox').fill('irrigation block');
    await poll(() => table().locator('tbody tr').count()).toBe(10);
    expect(await pages.count()).toBe(0);
    await table().getByRole('searchbox').fill('irrigation block check 1');
    await poll(() => names()).toEqual(['Irrigation block check 1', 'Irrigation block check 10']);

    await table().getByRole('searchbox').fill('');
    await table()
      .locator('thead')
      .getByRole('button', { name: /Project name/ })
      .click();
    const asc = await names();
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b)));
    await table()
      .locator('thead')
      .getByRole('button', { name: /Project name/ })
      .click();
    const desc = await names();
    expect(desc[0].localeCompare(asc[0])).toBeGreaterThan(0);
  });

  async function addEditDelete(tab: string, itemLabel: string, field: string) {
    await admin.locator(`.config-tabs [data-tab=${tab}]`).click();
    const t = admin.getByTestId('config-table');
    await t.getByRole('button', { name: `Add ${itemLabel}` }).click();
    const form = admin.getByTestId('config-form-modal');
    await form.locator(`input[name=${field}]`).fill('A');
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.locator('.form-field__error').textContent()).toMatch(/must be at least 2 characters/);
    await form.locator(`input[name=${field}]`).fill(`Item ${stamp}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.count()).toBe(0);
    await t.getByRole('searchbox').fill(stamp);
    await poll(() => t.locator('tbody tr', { hasText: `Item ${stamp}` }).count()).toBe(1);
    expect(await t.locator('tbody tr', { hasText: `Item ${stamp}` }).textContent()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await t.locator('tbody tr', { hasText: stamp }).getByRole('button', { name: 'Edit' }).click();
    await form.locator(`input[name=${field}]`).fill(`Item ${stamp} edited`);
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => t.locator('tbody tr', { hasText: `Item ${stamp} edited` }).count()).toBe(1);
    await t.locator('tbody tr', { hasText: stamp }).getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-ok').click();
    await poll(() => t.locator('tbody tr', { hasText: stamp }).count()).toBe(0);
  }

  it('adds, edits and deletes configuration items on two tabs', async () => {
    await admin.goto('/admin/configuration');
    expect(await admin.locator('.config-tabs [aria-selected=true]').textContent()).toBe('Crop Types');
    await poll(() => admin.getByTestId('config-total').locator('.stat-card__value').textContent()).toBe('6');
    await addEditDelete('crop-types', 'Crop Type', 'crop_type_name');
    await addEditDelete('countries', 'Country', 'country_name');
  });

  it('refuses to delete a crop type still used by crop options, with the reason in the banner', async () => {
    await admin.goto('/admin/configuration');
    const t = admin.getByTestId('config-table');
    await t.getByRole('searchbox').fill('Citrus');
    await t.locator('tbody tr', { hasText: 'Citrus' }).getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-ok').click();
    await poll(() => admin.getByTestId('error-banner').textContent()).toContain(
      'Failed to delete item: Crop type "Citrus" cannot be deleted: it is used by 2 crop options',
    );
  });

  it('renders the admin area right-to-left in Hebrew', async () => {
    const he = await newPage(browser, { baseURL, locale: 'he-IL' });
    await loginAs(he, 'admin');
    await he.goto('/admin/clients');
    await poll(() => he.locator('[data-testid=admin-clients] h2').textContent()).toBe('ניהול לקוחות');
    expect(await he.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await he.goto('/admin/projects');
    await he.getByRole('button', { name: 'יצירת פרויקט' }).first().click();
    await poll(() => he.getByTestId('plots-note').textContent()).toBe('יש לבחור משתמשים תחילה כדי לראות את החלקות הזמינות להם.');
    await he.context().close();
  });
});
