// The survey's aerial photo (issue 37): upload a GeoTIFF made here (EPSG:4326, UTM, palette, tiled,
// BigTIFF), read tiles back with sharp and check colours at known points, 204 outside the image,
// immutable caching per version, the atomic swap of a replacement, delete, and every hostile file.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { createTestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { geoTiffBytes, quadrantSpec, uploadAndWait } from '../support/orthophoto';
import { crsOf } from '../../server/orthophoto/crs';
import { lonLatToMercator, mercatorToPixel } from '../../src/domain/tile-math';
import { orthoOptionsOf, setOrthoOptions } from '../../server/orthophoto/store';
import { finished } from '../../server/orthophoto/service';
import { receive } from '../../server/orthophoto/upload';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());
const projectOf = async (name: string) =>
  (await t.db.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = $1`, [name])).rows[0].project_id;
const big = await projectOf('Avocado survey – autumn');
const olive = await projectOf('Olive East – autumn');
const citrus = (
  await t.db.query<{ project_id: number }>(`SELECT p.project_id FROM projects p JOIN clients c USING (client_id) WHERE c.name = 'Negev Citrus' LIMIT 1`)
).rows[0].project_id;

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
async function tileColourAt(
  st: Status,
  epsg: number,
  spec: { geo?: { originX: number; originY: number; pixelX: number } },
  px: number,
  py: number,
  who: 'grower' | 'grower2' = 'grower',
) {
  const g = spec.geo!;
  const [lon, lat] = crsOf(epsg)!.toLonLat(g.originX + (px + 0.5) * g.pixelX, g.originY - (py + 0.5) * g.pixelX);
  const [gx, gy] = mercatorToPixel(...lonLatToMercator(lon, lat), st.maxzoom);
  const url = st.tiles
    .replace('{z}', String(st.maxzoom))
    .replace('{x}', String(Math.floor(gx / 256)))
    .replace('{y}', String(Math.floor(gy / 256)));
  const res = await t.as(who, { method: 'GET', url });
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
      const got = await tileColourAt(st, 32636, spec, px, py);
      expect(near(got, spec.colourAt(px, py)), `${px},${py}: ${got} vs ${spec.colourAt(px, py)}`).toBe(true);
    }
    // Outside the image: 204 (a tile of the same zoom far to the east).
    const [gx, gy] = mercatorToPixel(...lonLatToMercator(34.9, 30.9), st.maxzoom);
    const out = await t.as('grower', {
      method: 'GET',
      url: `/api/projects/${big}/orthophoto/${st.maxzoom}/${Math.floor(gx / 256)}/${Math.floor(gy / 256)}.webp?v=${st.version}`,
    });
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
    const spec = quadrantSpec({
      epsg: 4326,
      lon: 34.8,
      lat: 30.9,
      pixel: 0.000002,
      width: 512,
      height: 512,
      channels: 1,
      tile: 128,
      deflate: true,
      bigTiff: true,
    });
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
      const url = st.tiles
        .replace('{z}', String(st.maxzoom))
        .replace('{x}', String(Math.floor(gx / 256)))
        .replace('{y}', String(Math.floor(gy / 256)));
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

describe(`orthophoto: hostile and wrong files on ${ENGINE}`, () => {
  const put = (body: Buffer, headers: Record<string, string> = {}) =>
    t.as('admin', { method: 'PUT', url: `/api/admin/projects/${citrus}/orthophoto`, headers: { 'content-type': 'image/tiff', ...headers }, payload: body });
  const folders = () => readdirSync(path.join(orthoOptionsOf(t.db).dir, String(citrus))).sort();
  const good = quadrantSpec({ epsg: 32636, lon: 34.83, lat: 30.87, pixel: 0.2, width: 300, height: 200 });

  it('refuses each with its 4xx and code, writes nothing, and the survey keeps no photo', async () => {
    const goodBytes = await geoTiffBytes(good);
    const cases: [string, Buffer, number, string][] = [
      ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 415, 'orthophoto_not_tiff'],
      ['a zip of the GeoTIFF', Buffer.concat([Buffer.from('504b0304', 'hex'), goodBytes.subarray(0, 2000)]), 415, 'orthophoto_zip'],
      ['a TIFF without georeferencing', await geoTiffBytes({ ...good, geo: undefined }), 422, 'orthophoto_no_georef'],
      ['an unknown projection (EPSG:27700)', await geoTiffBytes({ ...good, geo: { ...good.geo!, epsg: 27700 } }), 422, 'orthophoto_unknown_crs'],
      ['a header claiming 200,000 × 200,000 px', await geoTiffBytes({ ...good, lie: { width: 200_000, height: 200_000 } }), 422, 'orthophoto_too_many_pixels'],
      ['a truncated file', goodBytes.subarray(0, Math.floor(goodBytes.length / 2)), 422, 'orthophoto_truncated'],
      ['coordinates not on Earth', await geoTiffBytes({ ...good, geo: { ...good.geo!, originX: 5e8, originY: 9e8 } }), 422, 'orthophoto_outside_world'],
      ['an empty body', Buffer.alloc(0), 400, 'orthophoto_empty_upload'],
    ];
    mkdirSync(path.join(orthoOptionsOf(t.db).dir, String(citrus)), { recursive: true });
    for (const [name, body, status, code] of cases) {
      const res = await put(body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toMatchObject({ success: false, code, message: expect.stringMatching(/\w{4}/) });
      expect(folders(), `${name} left files`).toEqual([]);
    }
    expect((await t.as('grower2', { method: 'GET', url: `/api/projects/${citrus}/orthophoto` })).statusCode).toBe(404);
  });

  it('answers 413 over ORTHO_MAX_BYTES and 507 when the disk would fill', async () => {
    const o = orthoOptionsOf(t.db);
    const bytes = await geoTiffBytes(good);
    try {
      setOrthoOptions(t.db, { ...o, maxBytes: 10_000 });
      const res = await put(bytes);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'orthophoto_too_large' });
      // A stream is counted as it arrives (no Content-Length to go by): cut off, and the partial file removed.
      const dir = path.join(o.dir, 'stream-test');
      const cut = receive(Readable.from([bytes.subarray(0, 8000), bytes.subarray(8000)]), path.join(dir, 'x.tif'), { ...o, maxBytes: 10_000 }, dir);
      await expect(cut).rejects.toMatchObject({ statusCode: 413, code: 'orthophoto_too_large' });
      expect(existsSync(dir)).toBe(false);
      setOrthoOptions(t.db, { ...o, minFreeBytes: Number.MAX_SAFE_INTEGER });
      const full = await put(bytes);
      expect(full.statusCode).toBe(507);
      expect(full.json()).toMatchObject({ code: 'orthophoto_disk_full' });
    } finally {
      setOrthoOptions(t.db, o);
    }
    expect(folders()).toEqual([]);
  });
});

describe(`orthophoto: replace and delete on ${ENGINE}`, () => {
  const at = { epsg: 32636, lon: 34.83, lat: 30.87, pixel: 0.2, width: 300, height: 200 };
  const pixelOf = async (st: Status, spec: ReturnType<typeof quadrantSpec>, px: number, py: number) => tileColourAt(st, 32636, spec, px, py, 'grower2');
  const status = async () =>
    (await t.as('grower2', { method: 'GET', url: `/api/projects/${citrus}/orthophoto` })).json() as Status & { pending?: { status: string } };

  it('keeps serving the old photo while a replacement is processed, then swaps every tile at once', async () => {
    const first = quadrantSpec(at);
    expect((await uploadAndWait(t, citrus, await geoTiffBytes(first))).status).toBe(200);
    const old = await status();
    const second = quadrantSpec({ ...at, shade: 100 });
    const accepted = await t.as('admin', {
      method: 'PUT',
      url: `/api/admin/projects/${citrus}/orthophoto`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: await geoTiffBytes(second),
    });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ status: 'processing' });
    // While the replacement is processed (it is queued behind nothing, so usually still running here), the
    // served version is the old one and its tiles are the old photo's: never a mix.
    const during = await status();
    if (during.version === old.version) {
      expect(during.pending).toMatchObject({ status: 'processing' });
      expect(near(await pixelOf(during, first, 50, 50), first.colourAt(50, 50))).toBe(true);
    }
    await finished(t.db, citrus, (accepted.json() as { version: string }).version);
    const now = await status();
    expect(now.version).toBe((accepted.json() as { version: string }).version);
    expect(now.pending).toBeUndefined();
    for (const [px, py] of [
      [50, 50],
      [250, 50],
      [50, 150],
      [250, 150],
    ])
      expect(near(await pixelOf(now, second, px, py), second.colourAt(px, py))).toBe(true);
    const stale = old.tiles.replace('{z}', String(old.maxzoom)).replace('{x}', '1').replace('{y}', '1');
    expect((await t.as('grower2', { method: 'GET', url: stale })).statusCode).toBe(404);
    expect(readdirSync(path.join(orthoOptionsOf(t.db).dir, String(citrus)))).toEqual([now.version]);
  });

  it('deletes the photo and its files', async () => {
    const del = await t.as('admin', { method: 'DELETE', url: `/api/admin/projects/${citrus}/orthophoto` });
    expect(del.statusCode).toBe(200);
    expect((await t.as('grower2', { method: 'GET', url: `/api/projects/${citrus}/orthophoto` })).statusCode).toBe(404);
    expect(readdirSync(path.join(orthoOptionsOf(t.db).dir, String(citrus)))).toEqual([]);
    expect((await t.as('admin', { method: 'DELETE', url: `/api/admin/projects/${citrus}/orthophoto` })).statusCode).toBe(404);
  });
});

describe('orthophoto error codes', () => {
  it('has an English and a Hebrew text for every code the orthophoto code can answer', async () => {
    const { readFileSync: read, readdirSync: list } = await import('node:fs');
    const files = [...list('server/orthophoto').map((f) => `server/orthophoto/${f}`), 'server/routes/orthophoto.ts'];
    const codes = new Set(files.flatMap((f) => [...read(f, 'utf8').matchAll(/'(orthophoto_[a-z_]+)'/g)].map((m) => m[1])));
    expect(codes.size).toBeGreaterThan(10);
    for (const lang of ['en', 'he']) {
      const texts = (JSON.parse(read(`src/i18n/locales/${lang}/common.json`, 'utf8')) as { errors: { codes: Record<string, string> } }).errors.codes;
      for (const code of codes) expect(texts[code], `${lang}: ${code}`).toMatch(/\S{3}/);
    }
  });
});
