import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The built SPA the server serves ('' with BROWSER_BASE_URL): the update test writes a new service worker there. */
    staticDir: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/**
 * Builds the SPA if stale and starts the real server (PGlite, full demo seed)
 * on a free port once for all browser tests.
 */
export default async function setup(project: TestProject) {
  // Development: run the browser tests against a server you started yourself (built with NODE_ENV=production,
  // seeded at SEED_SCALE=1, LOGIN_RATE_PER_MINUTE high) instead of building and seeding one per run.
  if (process.env.BROWSER_BASE_URL) {
    project.provide('baseURL', process.env.BROWSER_BASE_URL);
    project.provide('staticDir', process.env.BROWSER_STATIC_DIR ?? '');
    return async () => {};
  }
  // A build of its own: other runs (or `npm start`) may rebuild ./dist meanwhile.
  dataDir = mkdtempSync(path.join(tmpdir(), 'orchard-browser-'));
  const staticDir = path.join(dataDir, 'dist');
  // NODE_ENV=production: vitest sets 'test', with which Vite bundles React's development build (jsxDEV, an
  // Error stack per element): several times slower than what growers run, and it hid real long tasks.
  execSync(`npx vite build --logLevel warn --outDir ${JSON.stringify(staticDir)} --emptyOutDir`, {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'db'),
    STATIC_DIR: staticDir,
    LOGIN_RATE_PER_MINUTE: '100000',
    NODE_ENV: 'test',
  };
  delete env.DATABASE_URL;
  env.SEED_SCALE = process.env.BROWSER_SEED_SCALE ?? '1';
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 600 s:\n${out}`)), 600_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /serving at (http:\/\/[^\s]+)/.exec(out);
      // The demo's aerial photos are made after the start (issue 37): the tests wait for them, so the photo is
      // under the trees and no tiling competes with the browser for the CPU while long tasks are measured.
      if (m && /Ready in/.test(out) && /Demo aerial photos (of \d+ surveys ready|failed)/.test(out)) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  project.provide('baseURL', url);
  project.provide('staticDir', staticDir);
  return async () => {
    await new Promise<void>((resolve) => {
      if (!server || server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => server?.kill('SIGKILL'), 10_000);
    });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
