// Every screen in Hebrew shows Hebrew (issue 31): for each main screen — landing, login, home,
// orders, profile, the farm map, the project map with a tree selected and every
// panel, the admin dashboard and tables, the configuration tabs, the data editor
// and its forms — the visible texts with Latin letters are counted, except data
// (marked translate="no": project, plot, client and people's names, e-mails)
// and the explicit list of tests/support/latin-text.ts. The count must be 0.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoSurvey, launchBrowser, loginAs, newPage } from '../support/browser';
import { latinTexts } from '../support/latin-text';
import { middleTreePoint } from '../support/map-debug';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Latin texts per screen: the failure names the screen and the text. */
const found: Record<string, string[]> = {};
async function look(page: Page, screen: string) {
  const texts = await latinTexts(page);
  if (texts.length) found[screen] = texts;
}

async function settle(page: Page, testId: string) {
  await page.getByTestId(testId).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
}

describe('Hebrew screens show no English', () => {
  it('as a grower: home, orders, profile, farm map, the project map and its panels', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL' });
    await page.goto('/');
    await page.waitForTimeout(1000);
    await look(page, 'landing');
    await page.goto('/login');
    await page.waitForTimeout(1000);
    await look(page, 'login');
    await loginAs(page, 'grower');
    await settle(page, 'project-card');
    await look(page, 'home');
    await page.goto('/orders');
    await page.waitForTimeout(1500);
    await look(page, 'orders');
    await page.goto('/profile');
    await page.waitForTimeout(1000);
    await look(page, 'profile');
    await page.goto('/map');
    await page.waitForTimeout(2500);
    await look(page, 'farm map');

    const { path } = await demoSurvey(page, 'Avocado survey – autumn');
    await page.goto(path);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 90_000 });
    await page.waitForSelector('[data-testid=pm-loading]', { state: 'detached' });
    await look(page, 'project map');
    // A tree selected: show the trees, click the one nearest the middle.
    await page.getByTestId('pm-btn-layers').click();
    await page.getByTestId('layer-visible-trees').check();
    await look(page, 'layers panel');
    await page.getByTestId('colour-mode').selectOption('vitality');
    await page.waitForTimeout(500);
    await look(page, 'layers panel, vitality');
    await page.getByTestId('colour-mode').selectOption('nRange');
    await page.waitForTimeout(500);
    await look(page, 'layers panel, N vs crop range');
    await page.getByTestId('pm-layers-close').click();
    const at = await middleTreePoint(page, 11);
    await page.mouse.click(at.x, at.y);
    await settle(page, 'pm-tree');
    await look(page, 'project map, tree selected');
    for (const panel of ['surveys', 'previous', 'compare', 'list', 'zones', 'export', 'prescription']) {
      await page.getByTestId(`pm-btn-${panel}`).click();
      await page.waitForTimeout(1500);
      await look(page, `project map, ${panel} panel`);
      await page.getByTestId(`pm-btn-${panel}`).click();
    }
    await page.context().close();
  }, 300_000);

  it('as an admin: dashboard, tables, configuration tabs, reports and the data editor', async () => {
    const page = await newPage(browser, { baseURL, locale: 'he-IL' });
    await loginAs(page, 'admin');
    await page.waitForTimeout(2000);
    await look(page, 'admin dashboard');
    for (const [path, name] of [
      ['/admin/clients', 'clients'],
      ['/admin/users', 'users'],
      ['/admin/projects', 'projects'],
      ['/admin/reports', 'reports'],
    ] as const) {
      await page.goto(path);
      await page.waitForTimeout(2500);
      await look(page, `admin ${name}`);
    }
    await page.goto('/admin/configuration');
    await page.waitForTimeout(2000);
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await page.waitForTimeout(700);
      await look(page, `admin configuration, ${(await tab.textContent())?.trim()}`);
    }
    await page.goto('/admin/data-editor');
    await settle(page, 'client-select');
    const client = await page.getByTestId('client-select').locator('option').nth(1).getAttribute('value');
    await page.getByTestId('client-select').selectOption(client!);
    await settle(page, 'stat-trees');
    await page.waitForTimeout(2500);
    await look(page, 'data editor');
    for (const tab of await page.locator('.data-editor [role=tab]').all()) {
      await tab.click();
      await page.waitForTimeout(500);
      await look(page, `data editor, ${(await tab.textContent())?.trim()}`);
    }
    await page.context().close();
  }, 300_000);

  it('counts 0 outside the explicit list', () => {
    expect(found).toEqual({});
  });
});
