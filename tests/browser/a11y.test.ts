import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { apiJson, launchBrowser, loginAs, newPage } from '../support/browser';

// Issue 12: axe-core (WCAG 2 A/AA rules) on the screens growers and admins use
// most, in English and Hebrew (right to left): no serious or critical
// violation. Every violation found is printed with its impact and nodes.
let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function audit(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of result.violations)
    console.log(
      `[axe ${name}] ${v.impact} ${v.id}: ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
    );
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  expect(serious, name).toEqual([]);
  if (result.passes.length <= 10)
    console.log(`[axe ${name}] ${result.passes.length} rules passed at ${page.url()}:\n${(await page.innerText('body')).slice(0, 600)}`);
  expect(result.passes.length, `${name}: axe ran its rules`).toBeGreaterThan(10);
}

describe.each(['en-US', 'he-IL'] as const)('accessibility (%s)', (locale) => {
  it('login', async () => {
    const page = await newPage(browser, { baseURL, locale });
    await page.goto('/login');
    await page.waitForSelector('input[name=email]');
    await audit(page, `login ${locale}`);
    await page.context().close();
  });

  it('grower: home and a survey on the map', async () => {
    const page = await newPage(browser, { baseURL, locale });
    await loginAs(page, 'grower');
    await page.waitForSelector('[data-testid=home-page], main');
    await page.waitForLoadState('networkidle');
    await audit(page, `home ${locale}`);
    const projects = await apiJson<{ project_id: number; name: string; observation_date: string }[]>(page, '/api/projects/user');
    const p = projects.find((x) => x.name === 'Avocado survey – autumn')!;
    await page.goto(`/view/${p.project_id}/${p.observation_date}`);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await page.getByTestId('pm-stats').waitFor();
    await page.getByTestId('pm-loading').waitFor({ state: 'detached', timeout: 30_000 });
    await audit(page, `project map ${locale}`);
    await page.context().close();
  });

  it('admin: dashboard and data editor', async () => {
    const page = await newPage(browser, { baseURL, locale, width: 1400, height: 1000 });
    await loginAs(page, 'admin');
    // The dashboard is a lazy route: "network idle" can come before its code and its counts do (stop 44's landing CI
    // audited a page with 5 rules to pass). Wait for what the admin reads: the user count and the backend's status.
    await page
      .waitForFunction(
        () =>
          !['', '—'].includes(document.querySelector('[data-testid=stat-users] .stat-card__value')?.textContent ?? '') &&
          !['', '…'].includes(document.querySelector('[data-testid=sys-backend] .stat-card__value')?.textContent ?? ''),
        null,
        { timeout: 30_000 },
      )
      .catch(async (e: Error) => {
        throw new Error(
          `admin dashboard ${locale}: no user count or backend status at ${page.url()}: ${e.message}\n${(await page.innerText('body')).slice(0, 600)}`,
        );
      });
    await audit(page, `admin dashboard ${locale}`);
    await page.goto('/admin/data-editor');
    await page.getByTestId('no-client').waitFor();
    await page.getByTestId('client-select').selectOption({ index: 1 });
    await page.waitForFunction(() => (document.querySelector('[data-testid=stat-plots] .stat-card__value')?.textContent ?? '0') !== '0', null, {
      timeout: 30_000,
    });
    await audit(page, `data editor ${locale}`);
    await page.context().close();
  });
});
