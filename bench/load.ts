// npm run bench:load [-- --duration 60 --connections 50 --scale 1 --url http://host:port --json]
// Load test of the running server with autocannon: login, the grower's project
// list, map data as JSON and as Arrow, and statistics. Without --url it starts
// the real server (tsx server/main.ts) on a temp DATA_DIR with the demo seed.
// Prints req/s, p50, p99, errors and 503s per scenario, and the server's RSS.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, FARMS } from '../server/db/seed-farms';

const args = process.argv.slice(2);
const flag = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : def;
};
const DURATION = Number(flag('duration', '60'));
const CONNECTIONS = Number(flag('connections', '50'));
const SCALE = flag('scale', '1');
const JSON_OUT = args.includes('--json');
const GROWER = FARMS[0].users[0];

async function startServer(): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchard-load-'));
  // The per-address login limit would answer most of the login scenario with 429: raised for the bench.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SEED_SCALE: SCALE, LOG_LEVEL: 'error', NODE_ENV: 'test', LOGIN_RATE_PER_MINUTE: '1000000' };
  delete env.DATABASE_URL;
  if (process.env.LOAD_DATABASE_URL) env.DATABASE_URL = process.env.LOAD_DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
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
  return { url, child, dir };
}

function rssMb(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
  } catch {
    return undefined;
  }
}

/** Waits until the server answers health quickly again (abandoned requests of the previous run done). */
async function drained(base: string) {
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer(), () => undefined);
    if (performance.now() - t0 < 100) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeout?: number;
}

async function main() {
  const own = args.includes('--url') ? undefined : await startServer();
  const base = flag('url', own?.url ?? '');
  try {
    const loginRes = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: GROWER.email, password: GROWER.password }) });
    const { token } = (await loginRes.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
    const projects = (await (await fetch(`${base}/api/projects/user`, { headers: auth })).json()) as { project_id: number; name: string }[];
    const big = projects.find((p) => p.name === 'Avocado survey – autumn') ?? projects[0];
    const scenarios: Scenario[] = [
      { name: 'projects/user', path: '/api/projects/user', headers: auth },
      { name: 'map data JSON', path: `/api/trees/${big.project_id}`, headers: auth },
      { name: 'map data Arrow', path: `/api/trees/${big.project_id}`, headers: { ...auth, accept: 'application/vnd.apache.arrow.stream' } },
      { name: 'statistics', path: `/api/tree-status-statistics/${big.project_id}`, headers: auth },
      // Last: answers still queued when it ends would otherwise starve the next scenario.
      // scrypt at 128 MiB per hash (4 at a time on libuv's pool): this one measures
      // the cost of the password policy, so answers may queue for long.
      { name: 'login', method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }), timeout: 300 },
    ];
    const rows: Record<string, string | number>[] = [];
    for (const s of scenarios) {
      await drained(base);
      const r = await autocannon({
        url: `${base}${s.path}`,
        method: s.method ?? 'GET',
        headers: s.headers,
        body: s.body,
        connections: CONNECTIONS,
        duration: DURATION,
        timeout: s.timeout ?? 30,
      });
      const non2xx = r.non2xx;
      const row = {
        scenario: s.name,
        'req/s': Math.round(r.requests.average * 10) / 10,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        requests: r.requests.total,
        // Sent but not answered when the run ended (queued work, not errors).
        'in flight': r.requests.sent - r.requests.total,
        errors: r.errors + r.timeouts + non2xx,
        '503s': (r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats?.['503']?.count ?? 0,
        'MB/s': Math.round((r.throughput.average / 1e6) * 10) / 10,
        'server RSS MB': rssMb(own?.child.pid) ?? '-',
      };
      rows.push(row);
      if (JSON_OUT) console.log(JSON.stringify({ bench: 'load', connections: CONNECTIONS, duration: DURATION, scale: SCALE, ...row }));
    }
    console.log(`\nLoad: ${CONNECTIONS} connections × ${DURATION} s per scenario, seed scale ${SCALE}, project ${big.project_id} (${big.name})`);
    console.table(rows);
    const failed = rows.filter((r) => Number(r.errors) > 0);
    if (failed.length) {
      console.error(`Errors in: ${failed.map((r) => r.scenario).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (own) {
      own.child.kill('SIGTERM');
      await new Promise((r) => own.child.once('exit', r));
      rmSync(own.dir, { recursive: true, force: true });
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
