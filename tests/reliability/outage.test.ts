// PostgreSQL outage while the server runs (docs/ARCHITECTURE.md §5): the API answers 503
// with a clear message (never 500, never a crash), the SPA shows its error
// view, and everything recovers by itself when the database returns — same
// server process, same token. Uses a throwaway cluster of its own.
import { afterAll, describe, expect, it } from 'vitest';
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from '../support/accounts';
import { launchBrowser, loginAs, newPage } from '../support/browser';
import { login, postgresBin, startCluster, startServer, type Cluster, type ServerProcess } from './processes';

const pgbin = postgresBin();
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function get(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; message?: string; database?: string } };
}

async function waitFor(fn: () => Promise<boolean>, ms: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (await fn()) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.skipIf(!pgbin)(`PostgreSQL outage${pgbin ? '' : ' (SKIPPED: no PostgreSQL binaries; set PGBIN)'}`, () => {
  let cluster: Cluster;
  let server: ServerProcess;

  it('answers 503 with a clear message while the database is down, and recovers by itself', async () => {
    cluster = await startCluster(pgbin!);
    cleanups.push(() => cluster.destroy());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'orchard-outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    execSync('node scripts/ensure-build.mjs', { stdio: 'ignore' });
    server = await startServer({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
    cleanups.push(() => server.stop());
    const token = await login(server.url, ACCOUNTS.grower.email, ACCOUNTS.grower.password);
    expect((await get(`${server.url}/api/projects/user`, token)).status).toBe(200);

    cluster.stop('fast');
    for (const call of [() => get(`${server.url}/api/projects/user`, token), () => get(`${server.url}/api/auth/me`, token)]) {
      const res = await call();
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, code: 'database_unavailable', message: 'The database is unavailable. Please try again shortly.' });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    const loginRes = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ACCOUNTS.grower),
    });
    expect(loginRes.status).toBe(503); // not a misleading 401
    const health = await get(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ backend: 'online', database: 'unavailable' });
    expect(server.child.exitCode).toBeNull();

    cluster.start();
    const ms = await waitFor(async () => (await get(`${server.url}/api/projects/user`, token)).status === 200, 30_000);
    console.log(`[outage] API recovered ${ms} ms after PostgreSQL came back, same process and token`);
    expect((await get(`${server.url}/api/health`)).body.database).toBe('connected');
  });

  it('shows the server-down view (the surveys on this device, Retry) during the outage and the list again after it', async () => {
    // Issue 35: a server that answers with a failure (503 here) is "down", not "offline"; home says so and
    // offers the surveys kept on the device and Retry, instead of a bare error (README Decisions).
    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const page = await newPage(browser, { baseURL: server.url });
    await loginAs(page, 'grower');
    await page.getByTestId('project-list').waitFor({ timeout: 30_000 });
    cluster.stop('fast');
    await page.reload();
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('The server cannot be reached');
    expect(await page.getByTestId('retry').count()).toBe(1);
    cluster.start();
    await page.reload();
    await notice.waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByTestId('project-card').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('home-offline').count()).toBe(0);
    await page.context().close();
  });
});
