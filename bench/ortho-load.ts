// The aerial photo's part of bench:load (issue 37): tile requests of the big survey's demo photo (a block at
// its native zoom and the zooms above, with their version, as the map asks), and a tiling job running again
// and again beside them (a 4,000 × 4,000 px UTM GeoTIFF uploaded to another survey).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeGeoTiff } from '../server/orthophoto/geotiff-write';
import { crsOf } from '../server/orthophoto/crs';
import { lonLatToMercator, mercatorToPixel } from '../src/domain/tile-math';

interface Status {
  status: string;
  bounds: [number, number, number, number];
  maxzoom: number;
  minzoom: number;
  tiles: string;
}

async function readyStatus(base: string, auth: Record<string, string>, projectId: number): Promise<Status> {
  for (let i = 0; i < 1200; i++) {
    const r = await fetch(`${base}/api/projects/${projectId}/orthophoto`, { headers: auth });
    const s = r.status === 200 ? ((await r.json()) as Status) : null;
    if (s?.status === 'ready') return s;
    await new Promise((res) => setTimeout(res, 500));
  }
  throw new Error('the demo photo was not ready in 10 minutes');
}

/** Waits for the demo's photos (made after the start: both, so nothing tiles meanwhile), then lists ~600 tile paths of the first. */
export async function photoTilePaths(base: string, auth: Record<string, string>, projectId: number, alsoWaitFor: number[] = []): Promise<string[]> {
  const s = await readyStatus(base, auth, projectId);
  for (const other of alsoWaitFor) await readyStatus(base, auth, other);
  const [lon, lat] = [(s.bounds[0] + s.bounds[2]) / 2, (s.bounds[1] + s.bounds[3]) / 2];
  const paths: string[] = [];
  for (let z = s.maxzoom; z >= s.minzoom; z--) {
    const [gx, gy] = mercatorToPixel(...lonLatToMercator(lon, lat), z);
    const n = z === s.maxzoom ? 20 : z === s.maxzoom - 1 ? 10 : 4;
    for (let dy = 0; dy < n; dy++)
      for (let dx = 0; dx < n; dx++)
        paths.push(
          s.tiles
            .replace('{z}', String(z))
            .replace('{x}', String(Math.floor(gx / 256) - n / 2 + dx))
            .replace('{y}', String(Math.floor(gy / 256) - n / 2 + dy)),
        );
  }
  return paths;
}

/** Uploads a 16 MP photo to the survey again and again until stopped; returns how many were tiled. */
export function tilingLoop(base: string, admin: Record<string, string>, projectId: number): { stop: () => Promise<number> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ortho-load-'));
  const file = path.join(dir, 'photo.tif');
  let running = true;
  let done = 0;
  const loop = (async () => {
    const size = 4000;
    const [ox, oy] = crsOf(32636)!.fromLonLat(34.81, 30.905);
    await writeGeoTiff(file, {
      width: size,
      height: size,
      channels: 3,
      geo: { epsg: 32636, originX: ox, originY: oy, pixelX: 0.05, pixelY: 0.05 },
      rows: (y, n) => Uint8Array.from({ length: size * n * 3 }, (_, i) => (i * 7 + y * 13) & 255),
    });
    const body = readFileSync(file);
    while (running) {
      const r = await fetch(`${base}/api/admin/projects/${projectId}/orthophoto`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'image/tiff', accept: 'application/x-ndjson' },
        body,
      });
      const last = (await r.text()).trim().split('\n').at(-1) ?? '';
      if (/"status":200/.test(last)) done++;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      rmSync(dir, { recursive: true, force: true });
      return done;
    },
  };
}
