// The app's main thread at orchard scale (issue 17), part of bench:render: the
// real server seeded at SEED_SCALE=scale (10: the biggest survey has ~1M
// trees), the built app in headless Chromium + SwiftShader, 1280x800. The
// survey's snapshot is built before (a grower opens what the server has). Per
// action, the longest main-thread task (PerformanceObserver 'longtask': work
// over 50 ms without a break) and how many there were. The goal is none.
import { execSync } from 'node:child_process';
import { launchBrowser, loginAs, newPage } from '../tests/support/browser';
import { installMapProbe, longestTask, MAP_ACTIONS, readProbe, runMapActions, settleMap } from '../tests/support/map-actions';
import { adminAuth, startServer, stopServer } from './server';

export interface AppRow {
  bench: 'render-app';
  trees: number;
  action: string;
  longest_task_ms: number;
  long_tasks: number;
}

export async function benchAppLongTasks(scale: string): Promise<AppRow[]> {
  execSync('node scripts/ensure-build.mjs', { stdio: 'inherit' });
  const server = await startServer(scale);
  const browser = await launchBrowser();
  try {
    const auth = await adminAuth(server.url);
    const { projects } = (await (await fetch(`${server.url}/api/admin/projects`, { headers: auth })).json()) as {
      projects: { project_id: number; observation_date: string | null; tree_count: string | number; client_id: number }[];
    };
    const biggest = projects.filter((x) => x.observation_date).sort((x, y) => Number(y.tree_count) - Number(x.tree_count))[0];
    const trees = Number(biggest.tree_count);
    // The snapshot is built once per survey version; a grower opening it afterwards gets the stored one.
    await (await fetch(`${server.url}/api/trees/${biggest.project_id}`, { headers: { ...auth, accept: 'application/vnd.apache.arrow.stream' } })).arrayBuffer();

    const page = await newPage(browser, { baseURL: server.url });
    await loginAs(page, 'grower');
    await installMapProbe(page);
    await runMapActions(page, `/view/${biggest.project_id}/${biggest.observation_date}`, () => settleMap(page, 2500, 120_000), 180_000);
    const probe = await readProbe(page);
    return MAP_ACTIONS.map((action) => ({
      bench: 'render-app',
      trees,
      action,
      longest_task_ms: longestTask(probe, action),
      long_tasks: probe.tasks.filter((t) => t.phase === action).length,
    }));
  } finally {
    await browser.close();
    await stopServer(server);
  }
}
