import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

// The grower's home screen in Chromium against the seeded demo server.

interface ApiProject {
  project_id: number;
  name: string;
  observation_date: string | null;
  trend: { change_pp: number; previous_project_id: number } | null;
}

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function apiProjects(page: Page): Promise<ApiProject[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/projects/user', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiProject[];
}
const cardNames = (page: Page) => page.locator('[data-testid=project-card] h3').allTextContents();
const countLine = (page: Page) => page.getByTestId('count-line').textContent();

describe('home screen in Chromium', () => {
  it('searches, filters, sorts and clears filters', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'grower');
    const all = await apiProjects(page);
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(all.length);
    expect(await page.getByTestId('welcome').textContent()).toBe('Welcome, Galil Orchards');
    expect(await page.getByTestId('projects-subtitle').textContent()).toBe(`You have ${all.length} projects`);
    expect(await countLine(page)).toBe(`Showing ${all.length} of ${all.length} projects`);

    // Search: case-insensitive substring of the name…
    await page.getByTestId('project-search').fill('IRRIGATION block');
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(10);
    expect(await countLine(page)).toBe(`Showing 10 of ${all.length} projects · matching "IRRIGATION block"`);
    expect(new URL(page.url()).searchParams.get('q')).toBe('IRRIGATION block');
    // …or of the project id.
    const olive = all.find((p) => p.name === 'Olive East – spring')!;
    await page.getByTestId('project-search').fill(String(olive.project_id));
    await expect.poll(() => cardNames(page)).toContain('Olive East – spring');

    // Status filter: the only project without a date.
    await page.getByTestId('project-search').fill('');
    await page.getByTestId('filters-toggle').click();
    await page.getByTestId('status-incomplete').click();
    await expect.poll(() => cardNames(page)).toEqual(['Date palms – next flight']);
    expect(await page.getByTestId('project-card').textContent()).toContain('No data');
    expect(await countLine(page)).toBe(`Showing 1 of ${all.length} projects · status: Incomplete`);
    await page.getByTestId('status-valid').click();
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(all.length - 1);

    // Sort by name, ascending then descending.
    await page.getByTestId('status-all').click();
    await page.getByTestId('sort-key').selectOption('name');
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    const asc = all.map((p) => p.name).sort(collator.compare);
    await expect.poll(() => cardNames(page)).toEqual([...asc].reverse()); // default direction: descending
    await page.getByTestId('sort-dir').click();
    await expect.poll(() => cardNames(page)).toEqual(asc);
    // Date, newest first: the undated project is the oldest.
    await page.getByTestId('sort-key').selectOption('date');
    await page.getByTestId('sort-dir').click();
    await expect.poll(async () => (await cardNames(page)).at(-1)).toBe('Date palms – next flight');

    // Nothing matches → Clear All Filters resets search and status.
    await page.getByTestId('status-valid').click();
    await page.getByTestId('project-search').fill('no such orchard');
    await page.getByTestId('empty-filtered').waitFor();
    expect(await page.getByTestId('empty-filtered').textContent()).toContain('No projects match your filters');
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(all.length);
    expect(await page.getByTestId('project-search').inputValue()).toBe('');
    expect(await page.getByTestId('status-all').getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('shows the real healthy-tree trend and opens a project with its URL and navigation state', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'grower');
    const all = await apiProjects(page);
    const autumn = all.find((p) => p.name === 'Avocado survey – autumn')!;
    expect(autumn.trend).not.toBeNull();
    const card = page.getByTestId('project-card').filter({ has: page.locator('h3', { hasText: 'Avocado survey – autumn' }) });
    const trend = card.getByTestId('project-trend');
    const change = autumn.trend!.change_pp;
    expect(await trend.getAttribute('data-direction')).toBe(Math.abs(change) < 0.05 ? 'flat' : change > 0 ? 'up' : 'down');
    if (Math.abs(change) >= 0.05) expect(await trend.textContent()).toContain(`${change > 0 ? '+' : '-'}${Math.abs(change).toFixed(1)} pp`);
    // Surveys without an earlier survey of the same plots show no trend.
    const withTrend = all.filter((p) => p.trend).length;
    expect(await page.getByTestId('project-trend').count()).toBe(withTrend);

    await card.getByRole('button', { name: /^View/ }).click();
    await page.waitForURL(`**/view/${autumn.project_id}/${autumn.observation_date}`);
    const state = await page.evaluate(() => (history.state as { usr?: unknown }).usr);
    expect(state).toEqual({ projectId: String(autumn.project_id), observationDate: autumn.observation_date, projectName: autumn.name });
    await page.context().close();
  });

  it('speaks Hebrew right-to-left and fits a 360 px phone', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL', width: 360, height: 740 });
    await loginAs(page, 'grower');
    await page.getByTestId('project-card').first().waitFor();
    expect(await page.getByTestId('welcome').textContent()).toBe('ברוך הבא, Galil Orchards');
    expect(await page.getByRole('heading', { name: 'הפרויקטים שלך' }).count()).toBe(1);
    expect(await page.getByTestId('project-search').getAttribute('placeholder')).toBe('חיפוש פרויקטים לפי שם או מזהה...');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // No horizontal scrolling on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
