// npm run bench:open [-- --scale 1]  (DATABASE_URL set: the server runs on that PostgreSQL)
// Opening a survey on the real server (issue 16): the biggest survey's map
// data (Arrow, gzip) the first time after the seed (issue 34: the server makes
// every survey's snapshot after a new seed; the bench waits for that and says
// how long it took), a one-row import (its answer waits for the survey's
// snapshot patch) and the open right after it, warm, right
// after another client's write, and after a restart (the stored snapshot);
// its statistics; the data editor's client data cold and reopened (ETag →
// 304); the server's RSS (all threads). Writes are one-row survey imports
// through the API. The snapshot column says how the answer was made
// (server-timing). Ratios are against the warm open of the same run. Prints a
// table and one JSON line.
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { adminAuth, flag, rssMb, startServer, stopServer } from './server';
const SCALE = flag('scale', '1');
const REPEAT = 5;
/** Idle time before the second RSS reading (the database thread reopens after 2 s idle above its limit). */
const IDLE_MS = 4_000;

let server = await startServer(SCALE, process.env.DATABASE_URL);
// The server's peak RSS over every scenario before the restart (sampled every 200 ms).
let peakAll = rssMb(server.child.pid) ?? 0;
const firstServer = server.child.pid;
const peakSampler = setInterval(() => (peakAll = Math.max(peakAll, rssMb(firstServer) ?? 0)), 200);
let base = server.url;
const { startMs, seedMs } = server;
// A new demo database: its map data is made after the start, then its demo aerial photos are tiled (in the
// same job thread the snapshots use): the scenarios start once both are done.
const prepareMs = seedMs === null ? null : await server.prepared;
if (seedMs !== null) await server.photos;
try {
  const auth = await adminAuth(base);
  const { projects } = (await (await fetch(`${base}/api/admin/projects`, { headers: auth })).json()) as {
    projects: { project_id: number; client_id: number; tree_count: string | number }[];
  };
  projects.sort((x, y) => Number(y.tree_count) - Number(x.tree_count));
  // Timed with node:http, not fetch: the wire as the server sends it (first byte, last byte), then the body
  // un-gzipped at once as a browser's network stack does; fetch's streaming decode added ~300 ms at 70 MB.
  const timed = (url: string, headers: Record<string, string>) =>
    new Promise<{ status: number; ttfb: number; total: number; gunzip: number; bytes: number; etag: string; source: string }>((resolve, reject) => {
      const t0 = performance.now();
      get(`${base}${url}`, { headers }, (res) => {
        let ttfb = 0;
        let plainBytes = 0;
        const gzip = res.headers['content-encoding'] === 'gzip';
        const chunks: Buffer[] = []; // kept only to un-gzip (the 689 MB GeoJSON is counted, not held)
        res.on('data', (c: Buffer) => {
          if (!ttfb) ttfb = performance.now() - t0;
          if (gzip) chunks.push(c);
          else plainBytes += c.length;
        });
        res.on('error', reject);
        res.on('end', () => {
          const total = performance.now() - t0;
          const t1 = performance.now();
          const bytes = gzip ? gunzipSync(Buffer.concat(chunks)).length : plainBytes;
          const source = /snapshot;desc="(\w+)"/.exec(String(res.headers['server-timing'] ?? ''))?.[1] ?? '';
          resolve({
            status: res.statusCode ?? 0,
            ttfb: ttfb || total, // no body (304)
            total,
            gunzip: performance.now() - t1,
            bytes,
            etag: String(res.headers.etag ?? ''),
            source,
          });
        });
      }).on('error', reject);
    });
  // The first request of each survey after the seed (its snapshot made meanwhile): the biggest survey's is timed.
  const firstRequest = new Map<number, Awaited<ReturnType<typeof timed>>>();
  const observed = async (p: (typeof projects)[number]) => {
    const url = `/api/tree-status-statistics/${p.project_id}`;
    const t = await timed(url, auth);
    firstRequest.set(p.project_id, t);
    return ((await (await fetch(`${base}${url}`, { headers: auth })).json()) as { _debug?: { trees: number } })._debug?.trees ?? 0;
  };
  // The biggest survey with results, and a survey with results of another client.
  const pick = async (ok: (p: (typeof projects)[number]) => boolean) => {
    for (const p of projects) {
      if (!ok(p)) continue;
      const trees = await observed(p);
      if (trees > 0) return { ...p, trees };
    }
    throw new Error('no survey with results');
  };
  const target = await pick(() => true);
  const other = await pick((p) => p.client_id !== target.client_id);
  const sized = [target, other];
  const firstTree = async (projectId: number) => {
    const data = (await (
      await fetch(`${base}/api/admin/data/clients/${sized.find((p) => p.project_id === projectId)!.client_id}`, { headers: auth })
    ).json()) as { trees: { tree_id: number[] } };
    return data.trees.tree_id[0];
  };
  const treeOf = { [target.project_id]: await firstTree(target.project_id), [other.project_id]: await firstTree(other.project_id) };
  let status = 0;
  const imports: number[] = [];
  const write = async (projectId: number) => {
    status = (status + 1) % 3;
    const t0 = performance.now();
    const r = await fetch(`${base}/api/admin/projects/${projectId}/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: `tree_id,tree_status\n${treeOf[projectId]},${status}`,
    });
    if (r.status !== 200) throw new Error(`write failed: ${r.status} ${await r.text()}`);
    if (projectId === target.project_id) imports.push(performance.now() - t0);
  };
  const arrow = () => timed(`/api/trees/${target.project_id}`, { ...auth, accept: 'application/vnd.apache.arrow.stream', 'accept-encoding': 'gzip' });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  type Timed = Awaited<ReturnType<typeof timed>>;
  const runs = async (before: () => Promise<void>, fn: () => Promise<Timed>, repeat = REPEAT) => {
    const out = [];
    for (let i = 0; i < repeat; i++) {
      await before();
      out.push(await fn());
    }
    return {
      ttfb: median(out.map((o) => o.ttfb)),
      total: median(out.map((o) => o.total)),
      gunzip: median(out.map((o) => o.gunzip)),
      bytes: out[0].bytes,
      status: out[0].status,
      source: [...new Set(out.map((o) => o.source))].join('/'),
    };
  };
  const first = firstRequest.get(target.project_id)!;
  const cold = await runs(() => write(target.project_id), arrow);
  const importMs = median(imports);
  const oneRowImport = { status: 200, ttfb: importMs, total: importMs, gunzip: 0, bytes: 0, source: '' }; // an import answer names no snapshot
  const warm = await runs(async () => undefined, arrow);
  const afterOther = await runs(() => write(other.project_id), arrow);
  const stats = await runs(
    async () => undefined,
    () => timed(`/api/tree-status-statistics/${target.project_id}`, { ...auth, 'accept-encoding': 'gzip' }),
  );
  const editorUrl = `/api/admin/data/clients/${target.client_id}`;
  const editorCold = await runs(
    () => write(target.project_id),
    () => timed(editorUrl, { ...auth, 'accept-encoding': 'gzip' }),
  );
  // A save in the editor (one tree's row number), then the reload with the version the editor holds.
  let held = (await (await fetch(`${base}${editorUrl}`, { headers: auth })).json()) as {
    trees_version: number;
    trees: { tree_id: number[]; version: number[]; row_num: (number | null)[] };
  };
  const save = async () => {
    const { tree_id, version, row_num } = held.trees;
    const r = await fetch(`${base}/api/admin/data/trees/${tree_id[0]}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ row_num: ((row_num[0] ?? 1) % 50) + 1, version: version[0] }),
    });
    if (r.status !== 200) throw new Error(`save failed: ${r.status} ${await r.text()}`);
  };
  const editorDelta = await runs(save, async () => {
    const r = await timed(`${editorUrl}?since=${held.trees_version}`, { ...auth, 'accept-encoding': 'gzip' });
    held = (await (await fetch(`${base}${editorUrl}`, { headers: auth })).json()) as typeof held;
    return r;
  });
  const tag = (await timed(editorUrl, auth)).etag;
  const editorReopen = await runs(
    async () => undefined,
    () => timed(editorUrl, { ...auth, 'if-none-match': tag }),
  );
  const rss = rssMb(server.child.pid);
  // The embedded database gives its memory back once idle (README: memory): the RSS a few seconds later.
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleRss = rssMb(server.child.pid);
  // The GeoJSON form of client.md §7, streamed: the server's peak RSS while it sends it, over its RSS before.
  const pid = server.child.pid;
  let peak = idleRss ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid) ?? 0)), 100);
  const geojson = await runs(
    async () => undefined,
    () => timed(`/api/trees/${target.project_id}`, auth),
    1,
  );
  clearInterval(sampler);
  const geojsonPeakMb = peak - (idleRss ?? 0);
  clearInterval(peakSampler);
  // A restart on the same DATA_DIR: the stored snapshot answers, nothing is built.
  await stopServer(server, true);
  server = await startServer(SCALE, process.env.DATABASE_URL, {}, server.dir);
  base = server.url;
  Object.assign(auth, await adminAuth(base));
  const restarted = await runs(async () => undefined, arrow, 1);
  const rows = [
    [
      `first request of the survey after the seed (statistics; every survey's map data made after the seed in ${prepareMs === null ? '—' : `${(prepareMs / 1000).toFixed(1)} s`})`,
      first,
    ],
    ['one-row import to this survey (its answer waits for the snapshot patch)', oneRowImport],
    ['open right after that import', cold],
    ['warm open', warm],
    ["open after another client's write", afterOther],
    ['statistics (warm)', stats],
    ['editor client data (after a write to this client)', editorCold],
    ['editor reload after a save (only changed trees)', editorDelta],
    ['editor client data reopened (304)', editorReopen],
    [`GeoJSON form, streamed (server RSS +${geojsonPeakMb} MB at peak)`, geojson],
    ['first open after a restart', restarted],
  ] as const;
  console.log(
    `\nbench:open — ${target.trees.toLocaleString('en')} trees (survey ${target.project_id}), scale ${SCALE}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; median of ${REPEAT}; server start ${(startMs / 1000).toFixed(1)} s (seed ${seedMs === null ? '—' : `${(seedMs / 1000).toFixed(1)} s`}), RSS ${rss} MB after the scenarios, ${idleRss} MB ${IDLE_MS / 1000} s later, peak ${peakAll} MB\n`,
  );
  console.log('| scenario | status | snapshot | TTFB ms | last byte ms | + gunzip ms | bytes | × warm |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of rows)
    console.log(
      `| ${name} | ${r.status} | ${r.source || '—'} | ${r.ttfb.toFixed(0)} | ${r.total.toFixed(0)} | ${r.gunzip.toFixed(0)} | ${r.bytes.toLocaleString('en')} | ${(r.total / warm.total).toFixed(1)} |`,
    );
  console.log(
    JSON.stringify({
      bench: 'open',
      trees: target.trees,
      scale: Number(SCALE),
      engine: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
      startMs: Math.round(startMs),
      seedMs,
      prepareMs,
      rssMb: rss,
      idleRssMb: idleRss,
      peakRssMb: peakAll,
      geojsonPeakRssDeltaMb: geojsonPeakMb,
      results: Object.fromEntries(
        rows.map(([n, r]) => [
          n,
          {
            status: r.status,
            snapshot: r.source,
            ttfbMs: Math.round(r.ttfb),
            totalMs: Math.round(r.total),
            gunzipMs: Math.round(r.gunzip),
            bytes: r.bytes,
            ratioToWarm: Number((r.total / warm.total).toFixed(2)),
          },
        ]),
      ),
    }),
  );
} finally {
  clearInterval(peakSampler);
  await stopServer(server);
}
