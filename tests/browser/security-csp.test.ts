// Security headers and a Content Security Policy that keeps the map, its
// workers and the tile source working: the map page of the big demo survey
// must load without a single CSP violation (docs/ARCHITECTURE.md §5).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, loginAs, newPage } from '../support/browser';
import { ACCOUNTS } from '../support/accounts';
import { routeDate } from '../../src/domain/projects';

let browser: Browser;
const baseURL = inject('baseURL');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function bigProjectPath(): Promise<string> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS.grower),
  });
  const { token } = (await login.json()) as { token: string };
  const projects = (await (await fetch(`${baseURL}/api/projects/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    project_id: number;
    name: string;
    observation_date: string;
  }[];
  const big = projects.find((p) => p.name === 'Avocado survey – autumn');
  expect(big, 'the demo seed has the big avocado survey').toBeDefined();
  return `/view/${big!.project_id}/${routeDate(big!.observation_date)}`;
}

describe('security headers and CSP', () => {
  it('sends a strict CSP and the usual security headers on the app and the API', async () => {
    for (const p of ['/', '/api/health']) {
      const res = await fetch(`${baseURL}${p}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, p).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(csp).toMatch(/worker-src 'self' blob:/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      expect(res.headers.get('x-frame-options')).toBeTruthy();
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('loads the map page of the big survey without any CSP violation', async () => {
    const target = await bigProjectPath();
    const page = await newPage(browser, { baseURL });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|create|connect|apply)/i.test(m.text())) violations.push(`console: ${m.text()}`);
    });
    // Catch violations in the page and in every frame/worker context it starts.
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    await loginAs(page, 'grower');
    await page.goto(target);
    // The map is up when MapLibre has its container and canvas (its workers start with it);
    // then give data decoding, styles and tile requests a moment.
    const map = page.locator('.maplibregl-map, .maplibregl-canvas').first();
    const up = await map.waitFor({ timeout: 60_000 }).then(
      () => true,
      () => false,
    );
    if (!up) console.error(`[csp] map did not appear on ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`);
    expect(up, `the map page ${target} did not show a map`).toBe(true);
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    await page.waitForTimeout(3000);
    const inPage = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    expect([...inPage, ...violations], `CSP violations on ${target}`).toEqual([]);
    const workers = page.workers().length;
    console.log(`[csp] ${target}: no violations; ${workers} worker(s) running`);
    await page.context().close();
  });

  it('shows the API docs page (swagger-ui) under the same CSP, with the routes listed', async () => {
    const page = await newPage(browser, { baseURL });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to (load|execute|create|connect|apply)/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Orchard survey API' }).waitFor({ timeout: 30_000 });
    await page.locator('.opblock-summary-path').first().waitFor();
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((x) => x.replace(/\u200b/g, ''))).toContain('/api/auth/login');
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
