// People and access in Chromium (issue 33): the admin edits a survey's members,
// a field worker's screens are limited, the forced password change after a
// reset, Profile's signed-in devices, and a refused or expired access token in
// the middle of the map renewed without a visible error (also after being offline).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiJson, demoSurvey, explained, launchBrowser, loginAs, newPage, pageLog } from '../support/browser';
import { ACCOUNTS } from '../support/accounts';

let browser: Browser;
const baseURL = inject('baseURL');
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000 });
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const row = (p: Page, table: string, text: string) => p.getByTestId(table).locator('tbody tr', { hasText: text });
const refreshes = (p: Page) => {
  const seen: number[] = [];
  p.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) seen.push(r.status());
  });
  return seen;
};

async function signIn(email: string, password: string, landing = /\/home$/): Promise<Page> {
  const page = await newPage(browser, { baseURL });
  await page.goto('/login');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForURL(landing);
  return page;
}

describe('people and access in Chromium', () => {
  it('the admin edits a survey’s members: the field worker sees it at once, Recent Activity says so', async () => {
    const admin = await newPage(browser, { baseURL });
    await loginAs(admin, 'admin');
    const worker = await newPage(browser, { baseURL });
    await loginAs(worker, 'worker');
    const names = async () => (await apiJson<{ name: string }[]>(worker, '/api/projects/user')).map((p) => p.name);
    expect(await names()).not.toContain('Date palms – autumn');

    const edit = async () => {
      await admin.goto('/admin/projects');
      await admin.getByTestId('projects-table').getByRole('searchbox').fill('Date palms – autumn');
      await row(admin, 'projects-table', 'Date palms – autumn').getByRole('button', { name: 'Edit' }).click();
      return admin.getByTestId('project-form-modal');
    };
    let form = await edit();
    const box = form.getByTestId('project-users').locator('label', { hasText: ACCOUNTS.worker.email }).locator('input');
    expect(await box.isChecked()).toBe(false);
    // Only growers and field workers of this survey's client are offered.
    expect(await form.getByTestId('project-users').textContent()).not.toContain(ACCOUNTS.grower2.email);
    await box.check();
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.count()).toBe(0);
    await poll(names).toContain('Date palms – autumn');

    await admin.goto('/admin');
    await poll(() => admin.getByTestId('recent-activity').textContent()).toContain('members of project “Date palms – autumn”');

    // And back: removed, the survey is gone for the worker on the next request.
    form = await edit();
    await form.getByTestId('project-users').locator('label', { hasText: ACCOUNTS.worker.email }).locator('input').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await poll(() => form.count()).toBe(0);
    await poll(names).not.toContain('Date palms – autumn');
    await admin.context().close();
    await worker.context().close();
  });

  it('a field worker uses the grower screens without export, prescription, report or the admin area', async () => {
    const page = await newPage(browser, { baseURL });
    await loginAs(page, 'worker');
    await poll(() => page.getByTestId('project-card').count()).toBeGreaterThan(0);
    const cards = await page.getByTestId('project-card').allTextContents();
    expect(cards.join(' ')).toContain('Avocado survey – autumn');
    expect(cards.join(' ')).not.toContain('Olive East');
    expect(await page.getByTestId('bottom-nav').textContent()).not.toContain('Admin');
    const survey = await demoSurvey(page, 'Avocado survey – autumn');
    await page.goto(survey.path);
    await poll(() => page.getByTestId('pm-btn-layers').count()).toBe(1);
    await expect.poll(() => page.getByTestId('pm-loading').count(), { timeout: 120_000 }).toBe(0);
    for (const hidden of ['export', 'prescription', 'report']) expect(await page.getByTestId(`pm-btn-${hidden}`).count(), hidden).toBe(0);
    for (const shown of ['list', 'zones', 'compare']) expect(await page.getByTestId(`pm-btn-${shown}`).count(), shown).toBe(1);
    await page.getByTestId('pm-btn-zones').click();
    await poll(() => page.getByTestId('pm-zones').count()).toBe(1);
    expect(await page.getByTestId('pm-zones-csv').count()).toBe(0);
    // The server says the same to a hand-made call.
    const status = await page.evaluate(async (id) => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      return (await fetch(`/api/projects/${id}/export?format=csv`, { headers: { Authorization: `Bearer ${token}` } })).status;
    }, survey.projectId);
    expect(status).toBe(403);
    await page.goto('/admin');
    await page.waitForURL(/\/home$/);
    await page.context().close();
  });

  it('after an admin’s password reset the user must choose a new password, in Hebrew', async () => {
    const stamp = Date.now().toString(36);
    const email = `reset-${stamp}@demo.farm`;
    const admin = await newPage(browser, { baseURL });
    await loginAs(admin, 'admin');
    const made = await admin.evaluate(
      async ({ email }) => {
        const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
        const h = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const clients = (await (await fetch('/api/admin/clients', { headers: h })).json()).clients as { client_id: number; name: string }[];
        const body = {
          email,
          password: 'First-password-1',
          first_name: 'Reset',
          last_name: 'Test',
          role: 'worker',
          client_id: clients.find((c) => c.name === 'Galil Orchards')!.client_id,
        };
        return (await fetch('/api/admin/users', { method: 'POST', headers: h, body: JSON.stringify(body) })).status;
      },
      { email },
    );
    expect(made).toBe(201);
    const user = await signIn(email, 'First-password-1');

    await admin.goto('/admin/users');
    await admin.getByTestId('users-table').getByRole('searchbox').fill(email);
    await row(admin, 'users-table', email).getByRole('button', { name: 'Edit' }).click();
    const form = admin.getByTestId('user-form-modal');
    await form.getByTestId('reset-password').click();
    const temporary = (await poll(() => form.getByTestId('temporary-password').textContent()).toMatch(/\S{12,}/),
    await form.getByTestId('temporary-password').textContent())!;
    // The user's open session ended with the reset: their next call lands on the login.
    await user.reload();
    await poll(() => user.url()).toMatch(/\/(login)?$/);
    await user.context().close();

    const he = await newPage(browser, { baseURL, locale: 'he-IL' });
    await he.goto('/login');
    await he.fill('input[name=email]', email);
    await he.fill('input[name=password]', temporary);
    await he.click('button[type=submit]');
    await poll(() => he.getByTestId('change-password-page').count()).toBe(1);
    expect(await he.getByRole('heading', { level: 1 }).textContent()).toBe('בחירת סיסמה חדשה');
    await he.goto('/home'); // nothing else until it is done
    await poll(() => he.getByTestId('change-password-page').count()).toBe(1);
    const f = he.getByTestId('password-form');
    await f.locator('input[name=current]').fill(temporary);
    await f.locator('input[name=next]').fill('My-new-password-1');
    await f.locator('input[name=again]').fill('My-new-password-2');
    await f.getByTestId('password-submit').click();
    await poll(() => f.textContent()).toContain('שתי הסיסמאות החדשות אינן זהות.');
    await f.locator('input[name=again]').fill('My-new-password-1');
    await f.getByTestId('password-submit').click();
    await he.waitForURL(/\/home$/);
    await poll(() => he.getByTestId('home-page').count()).toBe(1);
    await he.context().close();
    expect((await signIn(email, 'My-new-password-1')).url()).toMatch(/\/home$/);
    await admin.context().close();
  });

  it('Profile lists the signed-in devices and signs another one out; that device lands on the login at its next call', async () => {
    const phone = await newPage(browser, { baseURL });
    const phoneLog = pageLog(phone); // printed if the phone does not land on the login
    await loginAs(phone, 'grower2');
    const laptop = await newPage(browser, { baseURL });
    await loginAs(laptop, 'grower2');
    await laptop.goto('/profile');
    await laptop.getByTestId('profile-sessions').click();
    const panel = laptop.getByTestId('sessions-panel');
    await poll(() => panel.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2);
    expect(await panel.locator('[data-testid=session-row][data-current]').textContent()).toContain('This device');
    expect(await panel.textContent()).toMatch(/Chrom/); // the device, from its user agent
    await panel.getByTestId('sessions-end-others').click();
    await poll(() => panel.getByTestId('session-row').count()).toBe(1);
    // The phone's next call is answered 401, its refresh too: signed out, with the spec's message.
    phoneLog.mark('signed out by the laptop');
    await phone.goto('/orders');
    await explained(phoneLog, () => poll(() => phone.url()).toMatch(/\/login$/));
    await poll(() => phone.getByTestId('login-error').textContent()).toContain('Session expired');
    expect(await laptop.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await phone.context().close();
    await laptop.context().close();
  });

  it('an expired or refused access token in the middle of the map is renewed without a visible error, also after being offline', async () => {
    const page = await newPage(browser, { baseURL });
    const seen = refreshes(page);
    await loginAs(page, 'grower');
    const survey = await demoSurvey(page, 'Avocado survey – autumn');
    await page.goto(survey.path);
    await poll(() => page.getByTestId('pm-btn-surveys').count()).toBe(1);
    await expect.poll(() => page.getByTestId('pm-loading').count(), { timeout: 120_000 }).toBe(0);
    // The app reads its session from storage when storage says it changed (as another tab's write does): what
    // the steps below change stands for time passing (1, 3) or a token the server no longer takes (2).
    const touch = (changes: Record<string, string>) =>
      page.evaluate((c) => {
        for (const [k, v] of Object.entries(c)) localStorage.setItem(k, v === 'SPOIL' ? `${localStorage.getItem(k)!.slice(0, -4)}AAAA` : v);
        window.dispatchEvent(new StorageEvent('storage', { key: Object.keys(c)[0] }));
      }, changes);
    const before = await page.evaluate(() => localStorage.getItem('token'));
    const errors = () => page.locator('[role=alert]:not(:empty)').count();
    const errorsBefore = await errors();
    // A call the map makes every time (a file is never cached): the survey's CSV from the Export panel.
    await page.getByTestId('pm-btn-export').click();
    const exportCsv = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pm-export-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
    };

    // 1. The token's time ran out on this device's clock: renewed before the call is sent.
    await touch({ token_expires: String(Date.now() - 60_000) });
    await exportCsv();
    await poll(() => seen.length).toBe(1);
    expect(seen).toEqual([200]);
    const second = await page.evaluate(() => localStorage.getItem('token'));
    expect(second).not.toBe(before);

    // 2. The server refuses the token (as it does an expired one): the call is renewed and sent again.
    await touch({ token: 'SPOIL', token_expires: String(Date.now() + 600_000) });
    await exportCsv();
    await poll(() => seen.length).toBe(2);
    expect(seen).toEqual([200, 200]);
    expect(await errors()).toBe(errorsBefore);

    // 3. Offline past the token's life, then back: the session stays and is renewed silently on reconnect.
    await page.context().setOffline(true);
    await touch({ token_expires: String(Date.now() - 3 * 3600_000) });
    await page.context().setOffline(false);
    await poll(() => seen.length).toBe(3);
    expect(seen).toEqual([200, 200, 200]);
    await exportCsv();
    expect(page.url()).toContain(survey.path);
    expect(await errors()).toBe(errorsBefore);
    await page.context().close();
  });
});
