// The real server for a benchmark: tsx server/main.ts with the memory settings
// of npm start, on a temp DATA_DIR with the demo seed (SEED_SCALE=scale), or
// on PostgreSQL when databaseUrl is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  dir: string;
  startMs: number;
  /** What the server said the demo seed took (null: nothing seeded, or PostgreSQL already seeded). */
  seedMs: number | null;
  /** Settles once a new demo database's aerial photos are tiled (never when nothing was seeded: race it). */
  photos: Promise<void>;
  /** Once a new demo database's map data is made (server/surveys/prepare.ts): what the server said it took, ms. */
  prepared: Promise<number>;
}

/** Starts the server on a new DATA_DIR, or on `reuse` (a restart: its database and snapshots as they were). */
export async function startServer(scale: string, databaseUrl?: string, extraEnv: NodeJS.ProcessEnv = {}, reuse?: string): Promise<BenchServer> {
  const dir = reuse ?? mkdtempSync(path.join(tmpdir(), 'orchard-bench-'));
  const env: NodeJS.ProcessEnv = {
    // The memory settings `npm start` gives the server (scripts/start.mjs; a variable already set wins).
    ...(JSON.parse(readFileSync('server/memory-env.json', 'utf8')) as Record<string, string>),
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    SEED_SCALE: scale,
    LOG_LEVEL: 'error',
    NODE_ENV: 'test',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let photosDone = () => {};
  const photos = new Promise<void>((resolve) => (photosDone = resolve));
  // Runs before the start's own listener appends the chunk to `out`: the chunk is read with it.
  const onPhotos = (d: Buffer) => /Demo aerial photos (of \d+ surveys ready|failed)/.test(out + d.toString()) && photosDone();
  child.stdout!.on('data', onPhotos);
  child.stderr!.on('data', onPhotos);
  let preparedDone = (_ms: number) => {};
  const prepared = new Promise<number>((resolve) => (preparedDone = resolve));
  const onPrepared = (d: Buffer) => {
    const m = /Map data of \d+ surveys ready in ([\d.]+) s/.exec(out + d.toString());
    if (m) preparedDone(Number(m[1]) * 1000);
  };
  child.stdout!.on('data', onPrepared);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /serving at (http:\/\/[^\s]+)/.exec(out);
      if (m && /Ready in/.test(out)) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
  });
  const seeded = /Seeded demo data in ([\d.]+) s/.exec(out);
  return { url, child, dir, startMs: performance.now() - t0, seedMs: seeded ? Number(seeded[1]) * 1000 : null, photos, prepared };
}

/** Resident memory of a process (all its threads), MB. */
export function rssMb(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
  } catch {
    return undefined;
  }
}

/** `--name value` from the command line, or the default. */
export function flag(name: string, def: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : def;
}

/** The demo admin's bearer header on a bench server. */
export async function adminAuth(base: string): Promise<{ authorization: string }> {
  const { ADMIN } = await import('../server/db/seed-farms');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Stops the server and removes its data directory (kept with keep: a restart follows). */
export async function stopServer(server: BenchServer, keep = false): Promise<void> {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
  if (!keep) rmSync(server.dir, { recursive: true, force: true });
}
