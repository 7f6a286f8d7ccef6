import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

// The orders calendar in Chromium: the demo seed flies ten 'Irrigation block
// check' surveys on one day, more than the 8 dots a calendar cell holds.

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('orders calendar in Chromium', () => {
  it('shows dots, the +N overflow and the projects of the selected date (Hebrew)', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL', width: 360, height: 740 });
    await loginAs(page, 'grower');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const projects = (await (await page.request.get('/api/projects/user', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      name: string;
      observation_date: string | null;
    }[];
    const busyDay = projects.find((p) => p.name === 'Irrigation block check 1')!.observation_date!;
    expect(projects.filter((p) => p.observation_date === busyDay).length).toBe(10);

    await page.getByTestId('bottom-nav').getByRole('link', { name: 'הזמנות' }).click();
    await page.waitForURL(/\/orders$/);
    await page.getByTestId('orders-calendar').waitFor();
    expect(await page.getByTestId('calendar-cell').count()).toBe(42);
    expect(await page.locator('.orders-cal__weekday').allTextContents()).toEqual(['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳']);
    expect(await page.locator('[data-testid=calendar-cell].is-today').count()).toBeLessThanOrEqual(1);
    expect(await page.getByTestId('orders-legend').textContent()).toBe('טרם בוצעבהכנהבוצע');

    // The busy day is 12 days after the seed day: this month or the next.
    const cell = page.locator(`[data-testid=calendar-cell][data-date="${busyDay}"]`);
    if ((await cell.count()) === 0) await page.getByTestId('next-month').click();
    await cell.waitFor();
    expect(await cell.getByTestId('calendar-dot').count()).toBe(8);
    const more = cell.getByTestId('calendar-more');
    expect(await more.textContent()).toBe('+2');
    expect(await more.getAttribute('title')).toBe('עוד 2 פרויקטים');
    expect(await more.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');

    await cell.click();
    await expect.poll(() => page.getByTestId('selected-list').locator('li').count()).toBe(10);
    expect(await page.getByTestId('selected-title').textContent()).toMatch(/^פרויקטים לתאריך /);
    expect(await page.getByRole('heading', { name: 'רשימת פרויקטים' }).count()).toBe(1);
    expect(await page.getByTestId('all-list').locator('li').count()).toBe(projects.length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
