// The demo seed's orthophotos (README "Aerial photo", demo data): the big survey and its earlier
// survey each get a photo drawn from their own tree results (demo-render.ts) as a UTM GeoTIFF,
// which then goes through the upload's own path (inspect, record, tile, swap), so that path runs
// on every new demo database. Drawn in the job thread; at about 25 cm/px (the zoom-19 pixel of
// the farm's latitude), at 51 cm/px above SEED_SCALE 1, and at 2 m below 1 (tests' small seeds).
import { mkdir } from 'node:fs/promises';
import type { Db } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { crsOf } from './crs';
import { renderDemoPhoto } from './demo-render';
import { writeGeoTiff } from './geotiff-write';
import { groundResolution } from '../../src/domain/tile-math';
import { orthoOptionsOf, sourceFile, versionDir } from './store';
import { acceptUpload, finished, inspectUpload, newVersion } from './service';
import { jobsFor } from '../jobs/runner';

/** The surveys that get a demo photo (seed-farms.ts names them). */
export const DEMO_PHOTO_SURVEYS = ['Avocado survey – autumn', 'Avocado survey – summer'];
const MARGIN_M = 25;

export interface DemoPhotoInput {
  projectId: number;
  file: string;
  /** SEED_SCALE: above 1 the photo is drawn at half the resolution. */
  scale: number;
}

/** Job thread: reads the survey's trees and results and writes its synthetic GeoTIFF. */
export async function demoPhotoJob(db: Db, input: DemoPhotoInput): Promise<{ width: number; height: number; trees: number; ms: number }> {
  const t0 = performance.now();
  const { rows: box } = await db.query<{ w: number; s: number; e: number; n: number }>(
    `SELECT min(p.min_lon) AS w, min(p.min_lat) AS s, max(p.max_lon) AS e, max(p.max_lat) AS n
       FROM project_plots pp JOIN plots p ON p.plot_id = pp.plot_id WHERE pp.project_id = $1`,
    [input.projectId],
  );
  const b = box[0];
  const lon0 = (Number(b.w) + Number(b.e)) / 2;
  const lat0 = (Number(b.s) + Number(b.n)) / 2;
  const epsg = (lat0 >= 0 ? 32600 : 32700) + Math.floor((lon0 + 180) / 6) + 1;
  const utm = crsOf(epsg)!;
  const corners = [
    utm.fromLonLat(Number(b.w), Number(b.s)),
    utm.fromLonLat(Number(b.e), Number(b.n)),
    utm.fromLonLat(Number(b.w), Number(b.n)),
    utm.fromLonLat(Number(b.e), Number(b.s)),
  ];
  const minX = Math.min(...corners.map((c) => c[0])) - MARGIN_M;
  const maxX = Math.max(...corners.map((c) => c[0])) + MARGIN_M;
  const minY = Math.min(...corners.map((c) => c[1])) - MARGIN_M;
  const maxY = Math.max(...corners.map((c) => c[1])) + MARGIN_M;
  // Scale 1: zoom 19's pixel (~25 cm); above: zoom 18's; below 1 (the tests' small seeds): zoom 16's (~2 m), quick.
  const pixel = Math.round(groundResolution(input.scale > 1 ? 18 : input.scale < 1 ? 16 : 19, lat0) * 1000) / 1000;
  const width = Math.ceil((maxX - minX) / pixel);
  const height = Math.ceil((maxY - minY) / pixel);

  const { rows } = await db.query<{
    lon: number[] | null;
    lat: number[] | null;
    st: (number | null)[] | null;
    can: (number | null)[] | null;
    bio: (number | null)[] | null;
  }>(
    `SELECT array_agg(t.lon) AS lon, array_agg(t.lat) AS lat, array_agg(o.tree_status) AS st,
            array_agg(o.canopy_diameter) AS can, array_agg(o.biomass) AS bio
       FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id WHERE o.project_id = $1`,
    [input.projectId],
  );
  const r = rows[0];
  const n = r.lon?.length ?? 0;
  const trees = { x: new Float64Array(n), y: new Float64Array(n), status: new Int16Array(n), canopy: new Float32Array(n), vitality: new Float32Array(n) };
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of r.bio ?? []) if (v !== null) [lo, hi] = [Math.min(lo, Number(v)), Math.max(hi, Number(v))];
  for (let k = 0; k < n; k++) {
    const [x, y] = utm.fromLonLat(Number(r.lon![k]), Number(r.lat![k]));
    trees.x[k] = x;
    trees.y[k] = y;
    trees.status[k] = r.st![k] ?? 5;
    trees.canopy[k] = r.can![k] ?? NaN;
    trees.vitality[k] = r.bio![k] === null ? NaN : (Number(r.bio![k]) - lo) / (hi - lo || 1);
  }
  const rgb = renderDemoPhoto(trees, { originX: minX, originY: maxY, pixel, width, height });
  await writeGeoTiff(input.file, {
    width,
    height,
    channels: 3,
    geo: { epsg, originX: minX, originY: maxY, pixelX: pixel, pixelY: pixel },
    rowsPerStrip: 16,
    rows: (y0, k) => rgb.subarray(y0 * width * 3, (y0 + k) * width * 3),
  });
  return { width, height, trees: n, ms: Math.round(performance.now() - t0) };
}

/** API thread, after a new demo seed: draws and processes both demo photos, one after the other. */
export async function seedDemoOrthophotos(db: Db, scale: number): Promise<{ surveys: number; ms: number }> {
  const t0 = performance.now();
  const o = orthoOptionsOf(db);
  const { rows: admins } = await db.query<{ user_id: number; email: string }>(`SELECT user_id, email FROM users WHERE role = 'admin' ORDER BY user_id LIMIT 1`);
  const admin = admins[0] as unknown as AuthUser;
  let surveys = 0;
  for (const name of DEMO_PHOTO_SURVEYS) {
    const { rows } = await db.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = $1`, [name]);
    if (!rows[0] || !admin) continue;
    const projectId = rows[0].project_id;
    const version = newVersion();
    await mkdir(versionDir(o, projectId, version), { recursive: true });
    await jobsFor(db).run('orthoDemo', { projectId, file: sourceFile(o, projectId, version), scale });
    const info = await inspectUpload(db, projectId, version);
    await acceptUpload(db, admin, { projectId, name }, version, info);
    await finished(db, projectId, version);
    surveys++;
  }
  return { surveys, ms: Math.round(performance.now() - t0) };
}
