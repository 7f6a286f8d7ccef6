// npm run bench:export [-- --scale 1]  (DATABASE_URL set: the server runs on that PostgreSQL)
// The tree exports of issue 13 on the real server: the biggest survey in each
// format (whole survey, and with two legend classes hidden), against the warm
// Arrow map data of the same survey in the same run (the baseline: the same
// trees, already built). Median of 3, file bytes as sent (no gzip). Prints a
// table and one JSON line.
import { adminAuth, flag, startServer, stopServer } from './server';

const SCALE = flag('scale', '1');
const REPEAT = 3;

const server = await startServer(SCALE, process.env.DATABASE_URL);
const base = server.url;
try {
  const auth = await adminAuth(base);
  const { projects } = (await (await fetch(`${base}/api/admin/projects`, { headers: auth })).json()) as {
    projects: { project_id: number; tree_count: string | number }[];
  };
  projects.sort((x, y) => Number(y.tree_count) - Number(x.tree_count));
  const id = projects[0].project_id;
  const timed = async (url: string, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { ...auth, ...headers } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - t0, bytes, trees: Number(res.headers.get('x-tree-count') ?? 0) };
  };
  const median = async (url: string, headers?: Record<string, string>) => {
    const out = [];
    for (let i = 0; i < REPEAT; i++) out.push(await timed(url, headers));
    out.sort((a, b) => a.ms - b.ms);
    return out[REPEAT >> 1];
  };
  await timed(`/api/trees/${id}`, { accept: 'application/vnd.apache.arrow.stream' }); // build once (cold)
  const baseline = await median(`/api/trees/${id}`, { accept: 'application/vnd.apache.arrow.stream', 'accept-encoding': 'identity' });
  const rows: [string, { ms: number; bytes: number }][] = [['Arrow map data (baseline)', baseline]];
  for (const f of ['geojson', 'csv', 'shp', 'kml']) {
    rows.push([`${f}, all trees`, await median(`/api/projects/${id}/export?format=${f}`, { 'accept-encoding': 'identity' })]);
    rows.push([`${f}, dead+missing hidden`, await median(`/api/projects/${id}/export?format=${f}&hide=3,4`, { 'accept-encoding': 'identity' })]);
  }
  console.log(
    `\nbench:export — ${baseline.trees.toLocaleString('en')} trees (survey ${id}), scale ${SCALE}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; median of ${REPEAT}\n`,
  );
  console.log('| export | ms | bytes | × baseline |');
  console.log('|---|---|---|---|');
  for (const [name, r] of rows) console.log(`| ${name} | ${r.ms.toFixed(0)} | ${r.bytes.toLocaleString('en')} | ${(r.ms / baseline.ms).toFixed(1)} |`);
  console.log(
    JSON.stringify({
      bench: 'export',
      trees: baseline.trees,
      scale: Number(SCALE),
      rows: Object.fromEntries(rows.map(([n, r]) => [n, { ms: Math.round(r.ms), bytes: r.bytes, ratio: Number((r.ms / baseline.ms).toFixed(2)) }])),
    }),
  );
} finally {
  await stopServer(server);
}
