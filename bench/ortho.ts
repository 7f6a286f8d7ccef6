// npm run bench:ortho [-- --size 10000 --json]
// Tiling an orthophoto (issue 37) on the real server: a size × size px RGB GeoTIFF in UTM 36N at 3 cm/px
// (100 megapixels at the default), written striped (GDAL's default) and tiled, each uploaded with
// PUT /api/admin/projects/{id}/orthophoto and timed from the first byte sent to the NDJSON stream's last
// line. The server's RSS (all threads) is sampled every 200 ms. Baseline in the same run: libvips' own
// Google-layout pyramid of the same file (sharp .tile({ layout: 'google' }), WebP, no reprojection): what
// decoding, resampling and encoding cost without our warp and georeferencing. Prints MP/s, tiles and
// bytes per zoom, peak RSS; a JSON line per run with --json.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReadStream } from 'node:fs';
import sharp from 'sharp';
import { writeGeoTiff } from '../server/orthophoto/geotiff-write';
import { crsOf } from '../server/orthophoto/crs';
import { adminAuth, flag, rssMb, startServer, stopServer } from './server';

const SIZE = Number(flag('size', '10000'));
const JSON_OUT = process.argv.includes('--json');
const MP = (SIZE * SIZE) / 1e6;

/** A field-like texture (rows of trees on soil, noise): compresses like a photo, not like a flat colour. */
function rows(y0: number, n: number): Uint8Array {
  const b = new Uint8Array(SIZE * n * 3);
  let seed = (y0 + 1) * 2654435761;
  for (let r = 0; r < n; r++)
    for (let x = 0; x < SIZE; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) / 8;
      const tree = ((x % 160) - 80) ** 2 + (((y0 + r) % 130) - 65) ** 2 < 55 ** 2;
      const o = (r * SIZE + x) * 3;
      b[o] = (tree ? 50 : 150) + noise;
      b[o + 1] = (tree ? 110 : 125) + noise;
      b[o + 2] = (tree ? 40 : 90) + noise;
    }
  return b;
}

function perZoom(dir: string): { z: number; tiles: number; bytes: number }[] {
  return readdirSync(dir)
    .map(Number)
    .sort((a, b) => a - b)
    .map((z) => {
      let tiles = 0;
      let bytes = 0;
      for (const x of readdirSync(path.join(dir, String(z))))
        for (const f of readdirSync(path.join(dir, String(z), x))) {
          tiles++;
          bytes += statSync(path.join(dir, String(z), x, f)).size;
        }
      return { z, tiles, bytes };
    });
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ortho-bench-'));
  const server = await startServer('0.05');
  try {
    const base = server.url;
    const admin = await adminAuth(base);
    const projects = (await (await fetch(`${base}/api/admin/projects`, { headers: admin })).json()) as { projects: { project_id: number; name: string }[] };
    const target = projects.projects.find((p) => p.name === 'Olive East – autumn')!.project_id;
    // The demo photos are made after the start: wait for them, so the bench has the machine to itself.
    const demo = projects.projects.find((p) => p.name === 'Avocado survey – summer')!.project_id;
    for (let i = 0; i < 600; i++) {
      const s = await fetch(`${base}/api/projects/${demo}/orthophoto`, { headers: admin });
      if (s.status === 200 && ((await s.json()) as { status: string }).status === 'ready') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const [ox, oy] = crsOf(32636)!.fromLonLat(34.8, 30.91);
    const results: Record<string, unknown>[] = [];
    for (const layout of ['striped', 'tiled'] as const) {
      const file = path.join(work, `${layout}.tif`);
      await writeGeoTiff(file, {
        width: SIZE,
        height: SIZE,
        channels: 3,
        geo: { epsg: 32636, originX: ox, originY: oy, pixelX: 0.03, pixelY: 0.03 },
        tile: layout === 'tiled' ? 256 : undefined,
        rows,
      });
      const bytes = statSync(file).size;
      let peak = rssMb(server.child.pid) ?? 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.child.pid) ?? 0)), 200);
      const t0 = performance.now();
      const res = await fetch(`${base}/api/admin/projects/${target}/orthophoto`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'image/tiff', accept: 'application/x-ndjson', 'content-length': String(bytes) },
        body: createReadStream(file) as unknown as BodyInit,
        duplex: 'half',
      } as RequestInit);
      const lines = (await res.text()).trim().split('\n');
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      const done = JSON.parse(lines.at(-1)!) as { status: number; body: { version: string; maxzoom: number; bytes: number } };
      if (done.status !== 200) throw new Error(`tiling failed: ${lines.at(-1)}`);
      const zooms = perZoom(path.join(server.dir, 'orthophotos', String(target), done.body.version, 'tiles'));
      // Baseline: libvips' own pyramid of the same file, in this process.
      const t1 = performance.now();
      await sharp(file, { limitInputPixels: false })
        .webp({ quality: 80, effort: 2 })
        .tile({ layout: 'google', size: 256 })
        .toFile(path.join(work, `vips-${layout}`));
      const vips = (performance.now() - t1) / 1000;
      rmSync(path.join(work, `vips-${layout}`), { recursive: true, force: true });
      const row = {
        layout,
        megapixels: MP,
        'file MB': Math.round(bytes / 1e6),
        seconds: Math.round(seconds * 10) / 10,
        'MP/s': Math.round((MP / seconds) * 100) / 100,
        'vips pyramid s': Math.round(vips * 10) / 10,
        'ours / vips': Math.round((seconds / vips) * 100) / 100,
        'peak server RSS MB': peak,
        maxzoom: done.body.maxzoom,
        tiles: zooms.reduce((s, z) => s + z.tiles, 0),
        'tiles MB': Math.round(done.body.bytes / 1e5) / 10,
      };
      results.push(row);
      console.log(`\n${layout}: tiles and bytes per zoom`);
      console.table(zooms.map((z) => ({ zoom: z.z, tiles: z.tiles, KB: Math.round(z.bytes / 1024), 'KB/tile': Math.round(z.bytes / 1024 / z.tiles) })));
      if (JSON_OUT) console.log(JSON.stringify({ bench: 'ortho', ...row, perZoom: zooms }));
      rmSync(file, { force: true });
    }
    console.log(`\nOrthophoto tiling: ${SIZE} × ${SIZE} px RGB, UTM 36N, 3 cm/px (${MP} MP)`);
    console.table(results);
  } finally {
    await stopServer(server);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
