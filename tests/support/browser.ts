import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
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
  /** 'block': no service worker (a first visit before it installs, or a browser without one). */
  serviceWorkers?: 'allow' | 'block';
  /** More Chromium switches (persistentPage only). */
  extraArgs?: string[];
}

/** A page in a fresh context; page errors fail loudly in the test log. */
export async function newPage(browser: Browser, o: PageOptions): Promise<Page> {
  const context = await browser.newContext({
    baseURL: o.baseURL,
    locale: o.locale ?? 'en-US',
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    serviceWorkers: o.serviceWorkers ?? 'allow',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
  return page;
}

/**
 * A browser with a profile on disk (issue 35): an incognito context can never install the app, run its service
 * worker across reloads or keep data. `close()` ends it and removes the profile.
 */
export async function persistentPage(o: PageOptions): Promise<{ context: BrowserContext; page: Page; profileDir: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchard-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...(o.extraArgs ?? [])],
    headless: true,
    baseURL: o.baseURL,
    locale: o.locale ?? 'en-US',
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 },
    serviceWorkers: o.serviceWorkers ?? 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
  return {
    context,
    page,
    profileDir: dir,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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

/** A GET of the API from inside the page, with the signed-in user's token (JSON answer). */
export async function apiJson<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
    const r = await fetch(u, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    return r.json();
  }, url) as Promise<T>;
}

/** A demo survey of the signed-in grower by name: its id and its map path. */
export async function demoSurvey(page: Page, name: string): Promise<{ projectId: number; path: string }> {
  const projects = await apiJson<{ project_id: number; name: string; observation_date: string }[]>(page, '/api/projects/user');
  const p = projects.find((x) => x.name === name);
  if (!p) throw new Error(`no demo survey named ${name}`);
  return { projectId: p.project_id, path: `/view/${p.project_id}/${p.observation_date}` };
}

/** The bytes of a download. */
export async function downloadBytes(d: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await d.createReadStream())!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The RGBA pixels on screen in a CSS-pixel box, from a real screenshot (deck.gl's canvas is not preserved). */
export async function screenPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number[]> {
  const png = await page.screenshot({ clip });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return Array.from(ctx.getImageData(0, 0, c.width, c.height).data);
  }, png.toString('base64'));
}

/**
 * What a page did, for a failing test to print: its API answers (status, from the service worker or not), failed
 * requests, console errors and main-frame navigations, each with the ms since the log began.
 */
export function pageLog(page: Page): { lines: string[]; mark: (what: string) => void } {
  const t0 = Date.now();
  const lines: string[] = [];
  const at = () => String(Date.now() - t0).padStart(6);
  const path = (u: string) => u.replace(/^https?:\/\/[^/]+/, '');
  page.on('response', (r) => {
    if (path(r.url()).startsWith('/api/'))
      lines.push(`${at()} ${r.request().method()} ${path(r.url())} ${r.status()}${r.fromServiceWorker() ? ' (service worker)' : ''}`);
  });
  page.on('requestfailed', (r) => lines.push(`${at()} failed ${r.method()} ${path(r.url())}: ${r.failure()?.errorText}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) lines.push(`${at()} console: ${m.text()}`);
  });
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) lines.push(`${at()} at ${path(f.url())}`);
  });
  return { lines, mark: (what) => lines.push(`${at()} -- ${what}`) };
}

/** Runs `check`; when it fails, its error carries the page's log (pageLog) so the report says what the page did. */
export async function explained<T>(log: { lines: string[] }, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (e) {
    if (e instanceof Error) e.message += `\nWhat the page did:\n${log.lines.join('\n')}`;
    throw e;
  }
}
