// npm run bench:lighthouse [-- --scale 1]
// Lighthouse 12 in mobile mode (its default: a phone screen, simulated 4G and a 4x slower CPU) on the login, home
// and project map screens of the demo (issue 35): the performance score and the largest contentful paint, which
// the browser tests print no more (they assert accessibility and best practices only). A signed-in grower on a
// persistent profile (the service worker, the kept session), as tests/browser/lighthouse.test.ts. Ratios are
// against the login page's LCP in the same run. Prints a table and one JSON line.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { demoSurvey, loginAs, persistentPage } from '../tests/support/browser';
import { flag, startServer, stopServer } from './server';

const SCALE = flag('scale', '1');

interface Row {
  page: string;
  performance: number;
  lcp_ms: number;
  fcp_ms: number;
  tbt_ms: number;
  lcp_ratio: number;
}

execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
const server = await startServer(SCALE);
// The demo's aerial photos are tiled after the start: waited for (at most 3 min), so no tiling shares the CPU.
await Promise.race([server.photos, new Promise((r) => setTimeout(r, 180_000))]);
const rows: Row[] = [];
const device = await persistentPage({ baseURL: server.url, extraArgs: ['--remote-debugging-port=0'] });
try {
  const port = Number(readFileSync(path.join(device.profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  const audit = async (name: string, url: string) => {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
    const lhr = result!.lhr;
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const lcp = ms('largest-contentful-paint');
    rows.push({
      page: name,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp_ms: lcp,
      fcp_ms: ms('first-contentful-paint'),
      tbt_ms: ms('total-blocking-time'),
      lcp_ratio: rows.length ? Math.round((lcp / rows[0].lcp_ms) * 100) / 100 : 1,
    });
    console.log(`[lighthouse] ${JSON.stringify(rows[rows.length - 1])}`);
  };
  await audit('login', `${server.url}/login`);
  await loginAs(device.page, 'grower');
  const { path: mapPath } = await demoSurvey(device.page, 'Avocado survey – autumn');
  await audit('home', `${server.url}/home`);
  await audit('project map (the 100k survey at scale 1)', `${server.url}${mapPath}`);
} finally {
  await device.close();
  await stopServer(server);
}
console.table(
  rows.map((r) => ({ page: r.page, performance: r.performance, 'LCP ms': r.lcp_ms, 'FCP ms': r.fcp_ms, 'TBT ms': r.tbt_ms, 'LCP ratio': r.lcp_ratio })),
);
console.log(JSON.stringify({ bench: 'lighthouse', scale: SCALE, rows }));
