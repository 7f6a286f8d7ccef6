// npm run bench:offline [-- --scale 10]
// Opening the biggest survey on a phone (issue 35), in headless Chromium + SwiftShader with a profile on disk,
// 390×844: the first open unthrottled (the baseline), the first open over emulated 4G (Chromium's network
// emulation: 9 Mbit/s down, 150 ms latency), the reopen online with the kept copy's ETag (304: nothing
// downloaded again) over the same 4G, and the reopen with the network off (from the device: OPFS + IndexedDB).
// Each is the time from navigation to the map's data loaded (data-load-id="1"), and the bytes of the map data
// that crossed the network. Ratios are against the unthrottled first open of the same run. Prints a table and
// one JSON line. Scale 10: the biggest survey has ~1M trees.
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { demoSurvey, loginAs, persistentPage } from '../tests/support/browser';
import { keptRecords } from '../tests/support/device';
import { adminAuth, flag, startServer, stopServer } from './server';
import { COMPACT_MIME } from '../workers/geo/wire-compact';

const SCALE = flag('scale', '1');
// A data directory kept between runs (seeded on the first): a 1M seed and its map data take minutes.
const DATA_DIR = flag('data-dir', '');
// Each open is timed this many times (a first open on a fresh profile each, a reopen in a new tab each): the row
// is the median run, `runs_ms` all of them.
const REPEAT = Math.max(1, Number(flag('repeat', '3')));
const FOUR_G = { offline: false, latency: 150, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (3e6 / 8) | 0 };

interface Row {
  bench: 'offline-open';
  trees: number;
  scenario: string;
  ms: number;
  /**
   * ms from navigation to each step of the load (the page's `survey-load:*` marks), and `main-busy` /
   * `main-script`: ms the tab's main thread spent running tasks / scripts during the open (CDP Performance).
   */
  steps: Record<string, number>;
  map_bytes: number;
  ratio: number;
  /** Every timed run of a repeated scenario (the row's figures are the median run's). */
  runs_ms?: number[];
}

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
if (DATA_DIR) mkdirSync(DATA_DIR, { recursive: true });
const server = await startServer(SCALE, undefined, {}, DATA_DIR || undefined);
const rows: Row[] = [];
type Profile = Awaited<ReturnType<typeof persistentPage>>;
try {
  // A new demo database makes its map data and then its aerial photos after the start: waited for, so no
  // background work of the seed competes with the opens (as bench:open does).
  if (server.seedMs !== null) await server.photos;
  const auth = await adminAuth(server.url);
  const { projects } = (await (await fetch(`${server.url}/api/admin/projects`, { headers: auth })).json()) as {
    projects: { project_id: number; name: string; observation_date: string | null; tree_count: string | number }[];
  };
  const biggest = projects.filter((x) => x.observation_date).sort((x, y) => Number(y.tree_count) - Number(x.tree_count))[0];
  const trees = Number(biggest.tree_count);
  // The server's snapshot is built once per survey version (at the seed); a grower opening it gets the stored one,
  // in brotli once the snapshot job has written that (what Chromium is served): waited for, as a grower would find it.
  for (let t0 = Date.now(); ;) {
    const res = await fetch(`${server.url}/api/trees/${biggest.project_id}`, { headers: { ...auth, accept: COMPACT_MIME, 'accept-encoding': 'gzip, br' } });
    await res.arrayBuffer();
    if (res.headers.get('content-encoding') === 'br') break;
    if (Date.now() - t0 > 600_000) throw new Error('no brotli map data in 10 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }

  /** Opens the survey and times it; the bytes of /api/trees answers counted on the way. */
  const timedOpen = async (page: Page, path: string) => {
    let bytes = 0;
    const onResponse = (r: import('playwright-core').Response) => {
      if (/\/api\/trees\/\d+/.test(r.url()))
        void r
          .request()
          .sizes()
          .then((s) => (bytes += s.responseBodySize))
          .catch(() => undefined);
    };
    page.on('response', onResponse);
    // The tab's main thread: how long it ran tasks (and scripts) during the open, from Chromium's own counters.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const m = (name: string) => 1000 * (metrics.find((x) => x.name === name)?.value ?? 0);
      return { task: m('TaskDuration'), script: m('ScriptDuration') };
    };
    const before = await busy();
    const t0 = performance.now();
    await page.goto(path);
    await page.waitForSelector('[data-testid=project-map-page][data-load-id="1"]', { timeout: 600_000 });
    const ms = performance.now() - t0;
    const after = await busy();
    // A navigation that changed the tab's renderer starts its counters again.
    const main = after.task >= before.task ? { task: after.task - before.task, script: after.script - before.script } : after;
    await cdp.detach().catch(() => undefined);
    const steps = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return Object.fromEntries([
        ['html', Math.round(nav?.responseEnd ?? 0)],
        ['dom', Math.round(nav?.domContentLoadedEventEnd ?? 0)],
        ...performance
          .getEntriesByType('mark')
          .filter((m) => /^(survey-load|survey-early|map):/.test(m.name))
          .map((m) => [
            m.name
              .replace(/^survey-load:/, '')
              .replace(/^survey-early:/, 'early-')
              .replace(/^map:/, 'map-'),
            Math.round(m.startTime),
          ]),
      ]) as Record<string, number>;
    });
    await page.waitForTimeout(500);
    page.off('response', onResponse);
    return { ms, bytes, steps: { ...steps, 'main-busy': Math.round(main.task), 'main-script': Math.round(main.script) } };
  };

  // Each row is printed as it is measured: a long 1M run that fails later keeps what it measured.
  type Timed = { ms: number; bytes: number; steps: Record<string, number> };
  const add = (scenario: string, r: Timed, runs?: Timed[]) => {
    rows.push({
      bench: 'offline-open',
      trees,
      scenario,
      ms: Math.round(r.ms),
      steps: r.steps,
      map_bytes: r.bytes,
      ratio: rows.length ? r.ms / rows[0].ms : 1,
      ...(runs ? { runs_ms: runs.map((x) => Math.round(x.ms)) } : {}),
    });
    console.log(`[offline-open] ${JSON.stringify(rows[rows.length - 1])}`);
  };

  /** Sets 4G (or 4G with the network off) on a tab of the profile. */
  const emulate = async (context: BrowserContext, page: Page, offline = false) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // `offline` as the context's: 4G's conditions with offline false would tell the page it is online again
    // (navigator.onLine true, every call failing: a Wi-Fi without internet, which runs before 2026-11-27 measured).
    await cdp.send('Network.emulateNetworkConditions', { ...FOUR_G, offline });
  };
  const median = (runs: Timed[]) => [...runs].sort((a, b) => a.ms - b.ms)[(runs.length - 1) >> 1];
  /** REPEAT first opens, each on a fresh profile (signed in, then the survey's address); `last` goes on with the
   *  last run's profile before it closes. The row is the median run. */
  const firstOpens = async (scenario: string, fourG: boolean, last?: (s: Profile, projectId: number, path: string) => Promise<void>) => {
    const runs: Timed[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const s = await persistentPage({ baseURL: server.url, width: 390, height: 844 });
      try {
        await loginAs(s.page, 'grower');
        const { projectId, path } = await demoSurvey(s.page, biggest.name);
        if (fourG) await emulate(s.context, s.page);
        runs.push(await timedOpen(s.page, path));
        if (i === REPEAT - 1) {
          add(scenario, median(runs), runs);
          await last?.(s, projectId, path);
        }
      } finally {
        await s.close();
      }
    }
  };

  // Baseline: first opens on a fresh profile, without network emulation.
  await firstOpens('first open, unthrottled', false);
  // The phone: fresh profiles over 4G; the last one then reopens with the ETag over 4G, then offline.
  await firstOpens('first open, 4G (9 Mbit/s, 150 ms)', true, async (s, projectId, path) => {
    /** A new tab over 4G, the last one closed: a reopen is the app started again, not a reload right after an
     *  open (whose page, with a million trees on the GPU, would be torn down inside the timed open). */
    const phone = async (old: Page, offline = false) => {
      await old.close();
      const page = await s.context.newPage();
      await emulate(s.context, page, offline);
      return page;
    };
    let page = s.page;
    // Kept in the background once the map shows: waited for before the reopen.
    for (let t = 0; !(await keptRecords(page)).some((k) => k.projectId === projectId); t += 500) {
      if (t > 600_000) throw new Error('the survey was not kept in 10 minutes');
      await page.waitForTimeout(500);
    }
    /** REPEAT reopens, each a new tab; the row is the median run. */
    const reopens = async (scenario: string, offline: boolean) => {
      const runs: Timed[] = [];
      for (let i = 0; i < REPEAT; i++) {
        page = await phone(page, offline);
        runs.push(await timedOpen(page, path));
      }
      add(scenario, median(runs), runs);
    };
    await reopens('reopen online, 4G (ETag → 304)', false);
    await s.context.setOffline(true);
    await reopens('reopen offline (from the device)', true);
  });
} finally {
  await stopServer(server, !!DATA_DIR);
}

console.table(
  rows.map((r) => ({
    scenario: r.scenario,
    trees: r.trees,
    ms: r.ms,
    runs: r.runs_ms?.join(' / ') ?? '',
    'map bytes': r.map_bytes,
    ratio: r.ratio.toFixed(2),
  })),
);
// Where each open spent its time: ms from navigation to the start of each load step.
console.table(rows.map((r) => ({ scenario: r.scenario, ...r.steps })));
console.log(JSON.stringify({ bench: 'offline-open', scale: SCALE, rows }));
