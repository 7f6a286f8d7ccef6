// Render benchmark (docs/ARCHITECTURE.md §4): the same generated trees drawn by our map
// (src/map/deck-layers.ts: a tree image below zoom 16, else a ScatterplotLayer) and
// by MapLibre's own GeoJSON circle layer, in headless Chromium with SwiftShader
// (flags of tests/support/browser.ts). Measures the time from navigation to the
// first frame with trees drawn and the median frame time while panning. Then
// the real app on the real server at SEED_SCALE=app-scale (10: ~1M trees): the
// longest main-thread task per action (bench/render-app.ts; 0 skips it).
// Usage: npm run bench:render [-- --json] [-- --sizes=100000,1000000] [-- --variants=ours,ours-vector,ours-stroked,ours-fp64,maplibre-native] [-- --app-scale=10]
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { launchBrowser } from '../tests/support/browser';
import { benchAppLongTasks } from './render-app';

const args = process.argv.slice(2);
const JSON_OUT = args.includes('--json');
// --sizes= (empty): no frame variants, only the app's long tasks.
const sizes = (args.find((a) => a.startsWith('--sizes='))?.slice(8) ?? '100000,1000000').split(',').filter(Boolean).map(Number);
const variants = (args.find((a) => a.startsWith('--variants='))?.slice(11) ?? 'ours,ours-vector,maplibre-native').split(',');
const TIMEOUT_MS = Number(args.find((a) => a.startsWith('--timeout='))?.slice(10) ?? 90_000);
const APP_SCALE = args.find((a) => a.startsWith('--app-scale='))?.slice(12) ?? '10';

const out = mkdtempSync(path.join(tmpdir(), 'render-bench-'));
await build({
  configFile: false,
  root: path.resolve('bench'),
  logLevel: 'warn',
  worker: { format: 'es' },
  build: { outDir: out, emptyOutDir: true, rollupOptions: { input: path.resolve('bench/render.html') }, chunkSizeWarningLimit: 8000 },
});
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const file = path.join(out, decodeURIComponent((req.url ?? '/').split('?')[0]));
  if (!file.startsWith(out) || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const browser = await launchBrowser();
const rows: Record<string, unknown>[] = [];
for (const trees of sizes) {
  for (const variant of variants) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`[${variant}] ${e.message}`));
    let row: Record<string, unknown>;
    try {
      await page.goto(`${base}/render.html?variant=${variant}&n=${trees}`);
      await page.waitForFunction(() => (window as unknown as { __bench: { done?: boolean } }).__bench.done === true, null, {
        timeout: TIMEOUT_MS,
        polling: 250,
      });
      const r = await page.evaluate(
        () => (window as unknown as { __bench: { first_frame_ms: number; pan_frame_ms: number; toggle_ms?: number; toggle_upload_bytes?: number } }).__bench,
      );
      row = { bench: 'render', trees, variant, first_frame_ms: Math.round(r.first_frame_ms), pan_frame_ms: Math.round(r.pan_frame_ms * 10) / 10 };
      // The legend filter (ours only): frame time after new colours, and what went to the GPU (colours are 4 bytes a tree).
      if (r.toggle_ms !== undefined)
        Object.assign(row, { toggle_ms: Math.round(r.toggle_ms * 10) / 10, toggle_upload_bytes: r.toggle_upload_bytes, colour_bytes: 4 * trees });
    } catch {
      const partial = await page
        .evaluate(() => (window as unknown as { __bench: { first_frame_ms?: number } }).__bench)
        .catch(() => ({}) as { first_frame_ms?: number });
      if (!JSON_OUT) console.error('partial', JSON.stringify(partial));
      row = {
        bench: 'render',
        trees,
        variant,
        first_frame_ms: partial.first_frame_ms ? Math.round(partial.first_frame_ms) : null,
        pan_frame_ms: null,
        note: `no ${partial.first_frame_ms ? 'pan frames' : 'frame'} within ${TIMEOUT_MS / 1000} s`,
      };
    }
    rows.push(row);
    if (JSON_OUT) console.log(JSON.stringify(row));
    await ctx.close();
  }
}
await browser.close();
server.close();
rmSync(out, { recursive: true, force: true });

if (!JSON_OUT) {
  console.log('\nRender: headless Chromium + SwiftShader, 1280x800, trees fitted in view');
  console.table(
    rows.map((r) => ({
      trees: r.trees,
      variant: r.variant,
      'first frame ms': r.first_frame_ms ?? '—',
      'pan frame ms (median)': r.pan_frame_ms ?? '—',
      'legend toggle ms': r.toggle_ms ?? '—',
      'toggle upload MB (colours)':
        r.toggle_upload_bytes === undefined ? '—' : `${(Number(r.toggle_upload_bytes) / 1e6).toFixed(1)} (${(Number(r.colour_bytes) / 1e6).toFixed(1)})`,
      note: r.note ?? '',
    })),
  );
  for (const n of sizes) {
    const ours = rows.find((r) => r.trees === n && r.variant === 'ours');
    const nat = rows.find((r) => r.trees === n && r.variant === 'maplibre-native');
    if (ours?.first_frame_ms && nat?.first_frame_ms) {
      console.log(
        `${n}: first frame ours/native = ${(Number(ours.first_frame_ms) / Number(nat.first_frame_ms)).toFixed(2)}, pan ours/native = ${nat.pan_frame_ms ? (Number(ours.pan_frame_ms) / Number(nat.pan_frame_ms)).toFixed(2) : 'n/a'}`,
      );
    }
  }
}

if (Number(APP_SCALE) > 0) {
  const app = await benchAppLongTasks(APP_SCALE);
  if (JSON_OUT) for (const r of app) console.log(JSON.stringify(r));
  else {
    console.log(`\nThe app at ${app[0].trees.toLocaleString('en')} trees (SEED_SCALE=${APP_SCALE}): main-thread long tasks per action (goal: none over 50 ms)`);
    console.table(app.map((r) => ({ action: r.action, 'longest task ms': r.longest_task_ms || '—', 'tasks over 50 ms': r.long_tasks })));
    console.log(
      JSON.stringify({
        bench: 'render-app',
        trees: app[0].trees,
        scale: Number(APP_SCALE),
        longest_task_ms: Object.fromEntries(app.map((r) => [r.action, r.longest_task_ms])),
        long_tasks: Object.fromEntries(app.map((r) => [r.action, r.long_tasks])),
      }),
    );
  }
}
