import { chromium, type Browser, type Page } from 'playwright-core';
import { ACCOUNTS, type Account } from './accounts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Headless Chromium with WebGL2 through SwiftShader (no GPU on CI machines),
// and without the background traffic a closed network refuses.
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

export interface PageOptions {
  baseURL: string;
  locale?: 'en-US' | 'he-IL';
  width?: number;
  height?: number;
}

/** A page in a fresh context; page errors fail loudly in the test log. */
export async function newPage(browser: Browser, o: PageOptions): Promise<Page> {
  const context = await browser.newContext({
    baseURL: o.baseURL,
    locale: o.locale ?? 'en-US',
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
  return page;
}

/** Signs in through the login form and waits for the landing route. */
export async function loginAs(page: Page, account: Account, opts: { remember?: boolean } = {}): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name=email]', ACCOUNTS[account].email);
  await page.fill('input[name=password]', ACCOUNTS[account].password);
  if (opts.remember === false) await page.uncheck('.login__remember input');
  await page.click('button[type=submit]');
  await page.waitForURL(account === 'admin' ? /\/admin$/ : /\/home$/);
}
