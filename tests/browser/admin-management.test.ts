import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';

let browser: Browser;
let admin: Page;
const baseURL = inject('baseURL');
// Server work (password hashing, reloads) can take seconds on a shared CI machine.
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const stamp = Date.now().toString(36);
const CLIENT = `Carmel Vineyards ${stamp}`;
const EMAIL = `vine-${stamp}@carmel.test`;
const PASSWORD = 'Vineyard-pass-1';

// Issue 34: the forms check their bodies with zod (the API's request schemas). zod must not probe eval, which our
// CSP (script-src 'self', no 'unsafe-eval') refuses and reports: every refusal the admin's page logs is kept here.
const refusals: string[] = [];
let csp = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser, { baseURL });
  // A caught `new Function` is reported as a securitypolicyviolation event, not always on the console.
  await admin.exposeBinding('__cspRefused', (_source, text: string) => void refusals.push(text));
  await admin.addInitScript(() => {
    const report = (window as unknown as { __cspRefused: (t: string) => void }).__cspRefused;
    document.addEventListener('securitypolicyviolation', (e) => report(`${e.effectiveDirective} refused ${e.blockedURI || '(inline)'}`));
  });
  admin.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval/i.test(m.text())) refusals.push(m.text());
  });
  admin.on('pageerror', (e) => {
    if (/unsafe-eval|EvalError/i.test(String(e))) refusals.push(String(e));
  });
  admin.on('response', (r) => {
    if (r.request().resourceType() === 'document') csp = r.headers()['content-security-policy'] ?? csp;
  });
  await loginAs(admin, 'admin');
});
afterAll(async () => browser?.close());

const modal = (p: Page, testId: string) => p.getByTestId(testId);
const row = (p: Page, table: string, text: string) => p.getByTestId(table).locator('tbody tr', { hasText: text });

async function signInAs(email: string, password: string): Promise<Page> {
  const page = await newPage(browser, { baseURL });
  await page.goto('/login');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/home$/);
  return page;
}

describe('admin management in Chromium', () => {
  it('creates a client with form validation, and the modal closes on Escape with focus returned', async () => {
    await admin.goto('/admin/clients');
    const add = admin.getByRole('button', { name: 'Add Client' });
    await add.click();
    const form = modal(admin, 'client-form-modal');
    // A native modal dialog: the page behind is inert (a click on the Add button lands on the backdrop) and does not scroll.
    expect(await form.evaluate((el) => el.tagName === 'DIALOG' && el.matches(':modal'))).toBe(true);
    expect(await admin.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(
      await add.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.tagName;
      }),
    ).toBe('DIALOG');
    await admin.keyboard.press('Escape');
    await poll(() => form.count()).toBe(0);
    await poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe('Add Client');
    expect(await admin.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    await add.click();
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.locator('.form-field__error').textContent()).toBe('Name is required');
    // The form's check is zod's parse of the request body, under a CSP without 'unsafe-eval': nothing refused.
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain('unsafe-eval');
    expect(refusals).toEqual([]);
    await form.locator('input[name=name]').fill(CLIENT);
    expect(await form.locator('.form-field__error').count()).toBe(0);
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.count()).toBe(0);
    await admin.getByTestId('clients-table').getByRole('searchbox').fill(stamp);
    await poll(() => row(admin, 'clients-table', CLIENT).count()).toBe(1);
    expect(await admin.getByTestId('client-stats').locator('.stat-card').count()).toBe(5);
  });

  it('creates a user of that client (email rule, duplicate email from the server)', async () => {
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: 'Add User' }).click();
    const form = modal(admin, 'user-form-modal');
    await form.locator('input[name=email]').fill('not-an-email');
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.locator('[data-field=email] .form-field__error').textContent()).toBe('Please enter a valid email address');
    expect(await form.locator('[data-field=password] .form-field__error').textContent()).toBe('Password is required');
    await form.locator('input[name=email]').fill('grower@demo.farm');
    await form.locator('input[name=password]').fill(PASSWORD);
    await form.locator('input[name=first_name]').fill('Avi');
    await form.locator('input[name=last_name]').fill('Carmel');
    await form.locator('select[name=client_id]').selectOption({ label: CLIENT });
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.locator('[data-field=email] .form-field__error').textContent()).toBe('A user with this email already exists');
    await form.locator('input[name=email]').fill(EMAIL);
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.count()).toBe(0);
    await admin.getByTestId('users-table').getByRole('searchbox').fill(stamp);
    await poll(() => row(admin, 'users-table', EMAIL).textContent()).toContain(CLIENT);
  });

  it('creates projects: plots follow the selected users; the new user sees theirs on home', async () => {
    await admin.goto('/admin/projects');
    await admin.getByRole('button', { name: 'Create Project' }).first().click();
    const form = modal(admin, 'project-form-modal');
    await poll(() => form.getByTestId('plots-note').textContent()).toBe('Please select users first to view their available plots.');
    await form.getByTestId('project-users').locator('label', { hasText: EMAIL }).locator('input').check();
    await poll(() => form.getByTestId('plots-note').textContent()).toBe('No plots found for the selected clients.');
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.locator('[data-field=name] .form-field__error').textContent()).toBe('Project name is required');
    expect(await form.locator('[data-field=products] .form-field__error').textContent()).toBe('Analysis products is required');
    await form.locator('input[name=name]').fill(`Carmel first flight ${stamp}`);
    await form.locator('input[name=observation_date]').fill('2026-12-01');
    await form.getByTestId('project-products').locator('label', { hasText: 'Topography Analysis' }).locator('input').check();
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.count()).toBe(0);

    // A project with plots and products for the demo grower's client.
    await admin.getByRole('button', { name: 'Create Project' }).first().click();
    await form.locator('input[name=name]').fill(`Galil plots ${stamp}`);
    await form.locator('input[name=observation_date]').fill('2026-12-02');
    await form.getByTestId('project-users').locator('label', { hasText: 'grower@demo.farm' }).locator('input').check();
    await form.getByTestId('project-plots').locator('label', { hasText: 'Avocado North' }).locator('input').check();
    await poll(() => form.getByTestId('detected-crops').textContent()).toContain('Subtropical fruit (Avocado)');
    // Changing the users clears the chosen plots.
    await form.getByTestId('project-users').locator('label', { hasText: 'grower@demo.farm' }).locator('input').uncheck();
    await form.getByTestId('project-users').locator('label', { hasText: 'grower@demo.farm' }).locator('input').check();
    await poll(() => form.getByTestId('project-plots').locator('input:checked').count()).toBe(0);
    await form.getByTestId('project-plots').locator('label', { hasText: 'Olive East' }).locator('input').check();
    await form.getByTestId('project-products').locator('label', { hasText: 'NPK Analysis' }).locator('input').check();
    await form.getByTestId('project-products').locator('label', { hasText: 'Tree Status Assessment' }).locator('input').check();
    await form.getByRole('button', { name: 'Create' }).click();
    await poll(() => form.count()).toBe(0);
    await admin.getByTestId('projects-table').getByRole('searchbox').fill(`Galil plots ${stamp}`);
    await poll(() => row(admin, 'projects-table', `Galil plots ${stamp}`).textContent()).toContain('NPK Analysis, Tree Status Assessment');

    const vine = await signInAs(EMAIL, PASSWORD);
    await poll(() => vine.locator('body').textContent()).toContain(`Carmel first flight ${stamp}`);
    await vine.context().close();
    const grower = await newPage(browser, { baseURL });
    await loginAs(grower, 'grower');
    await poll(() => grower.locator('body').textContent()).toContain(`Galil plots ${stamp}`);
    await grower.context().close();
  });

  it('edits and deletes with confirmation (project: This action cannot be undone.)', async () => {
    await admin.goto('/admin/projects');
    await admin.getByTestId('projects-table').getByRole('searchbox').fill(`Carmel first flight ${stamp}`);
    await row(admin, 'projects-table', stamp).getByRole('button', { name: 'Edit' }).click();
    const form = modal(admin, 'project-form-modal');
    await form.locator('input[name=name]').fill(`Carmel renamed ${stamp}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.count()).toBe(0);
    await admin.getByTestId('projects-table').getByRole('searchbox').fill(`Carmel renamed ${stamp}`);
    await row(admin, 'projects-table', stamp).getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete Project' });
    expect(await confirm.getAttribute('data-testid')).toBe('confirm-dialog');
    expect(await confirm.textContent()).toContain('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await row(admin, 'projects-table', stamp).count()).toBe(1);
    await row(admin, 'projects-table', stamp).getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-ok').click();
    await poll(() => row(admin, 'projects-table', stamp).count()).toBe(0);

    // A client that still has a user cannot be deleted: the banner says why.
    await admin.goto('/admin/clients');
    await admin.getByTestId('clients-table').getByRole('searchbox').fill(stamp);
    await row(admin, 'clients-table', CLIENT).getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-ok').click();
    await poll(() => admin.getByTestId('error-banner').textContent()).toContain('cannot be deleted: it still has 1 user');
    await admin.getByTestId('error-banner').getByRole('button', { name: 'Dismiss' }).click();
    expect(await admin.getByTestId('error-banner').count()).toBe(0);

    await admin.goto('/admin/users');
    await admin.getByTestId('users-table').getByRole('searchbox').fill(stamp);
    await row(admin, 'users-table', EMAIL).getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-ok').click();
    await poll(() => row(admin, 'users-table', EMAIL).count()).toBe(0);

    await admin.goto('/admin/clients');
    await admin.getByTestId('clients-table').getByRole('searchbox').fill(stamp);
    await row(admin, 'clients-table', CLIENT).getByRole('button', { name: 'Edit' }).click();
    await modal(admin, 'client-form-modal').locator('input[name=name]').fill(`${CLIENT} Ltd`);
    await modal(admin, 'client-form-modal').getByRole('button', { name: 'Save' }).click();
    await poll(() => row(admin, 'clients-table', `${CLIENT} Ltd`).count()).toBe(1);
    await row(admin, 'clients-table', CLIENT).getByRole('button', { name: 'Delete' }).click();
    await admin.getByTestId('confirm-ok').click();
    await poll(() => row(admin, 'clients-table', CLIENT).count()).toBe(0);
  });

  it('checked the client, user and project forms without one CSP refusal (zod is jitless in the app)', () => {
    expect(refusals).toEqual([]);
  });

  it('shows the dashboard with stats, recent activity and system information', async () => {
    await admin.goto('/admin');
    await poll(() => admin.getByTestId('stat-clients').locator('.stat-card__value').textContent()).toMatch(/^\d+$/);
    expect(Number(await admin.getByTestId('stat-plots').locator('.stat-card__value').textContent())).toBeGreaterThanOrEqual(6);
    // Worded in the UI's language from action + entity + subject (the server keeps its English summary as the title).
    await poll(() => admin.getByTestId('recent-activity').locator('li').first().textContent()).toContain(`Deletedclient “${CLIENT} Ltd”`);
    expect(await admin.getByTestId('recent-activity').locator('li').first().locator('.dashboard__summary').getAttribute('title')).toBe(
      `Deleted client "${CLIENT} Ltd"`,
    );
    await poll(() => admin.getByTestId('sys-backend').textContent()).toContain('Online');
    expect(await admin.getByTestId('sys-database').textContent()).toContain('Connected');
    expect(await admin.getByTestId('sys-source').textContent()).toContain('Embedded database (PGlite)');
    await admin.getByRole('link', { name: 'Generate Reports' }).click();
    await admin.waitForURL(/\/admin\/reports$/);
    await poll(() => admin.getByTestId('report-table').locator('tbody tr').count()).toBeGreaterThan(0);
  });
});
