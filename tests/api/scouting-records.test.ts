// Scouting records and their photos (issue 36): idempotent create by the device's id, supersede and
// tombstone, hostile photos (each a 4xx with nothing stored), a resumed upload, and the records export read
// back with independent readers (JSON.parse for GeoJSON, papaparse for CSV).
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { SVG_WITH_SCRIPT, newId, observationBody, photoJpeg, pngHeader } from '../support/scouting';
import { photoOptionsOf } from '../../server/scouting/photo-store';

let t: TestApp;
let project: number;
let tree: number;
beforeAll(async () => {
  t = await createTestApp();
  project = Number((await t.db.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = 'Avocado survey – autumn'`)).rows[0].project_id);
  tree = Number((await t.db.query<{ id: number }>(`SELECT min(tree_id) AS id FROM tree_observations WHERE project_id = $1`, [project])).rows[0].id);
});
afterAll(async () => t?.close());

const putRecord = (who: 'grower' | 'worker' | 'grower3' | 'admin', id: string, body: unknown, p = project) =>
  t.as(who, { method: 'PUT', url: `/api/projects/${p}/records/${id}`, payload: body as object });
const putPhoto = (who: 'grower' | 'worker', record: string, photo: string, bytes: Buffer, range?: string, type = 'application/octet-stream') =>
  t.as(who, {
    method: 'PUT',
    url: `/api/records/${record}/photos/${photo}`,
    headers: { 'content-type': type, ...(range ? { 'content-range': range } : {}) },
    payload: bytes,
  });
const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: number }>(sql, params)).rows[0].n);
/** Files of the photo folder (the partial uploads' folder included). */
const photoFiles = () => {
  const dir = photoOptionsOf(t.db).dir;
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }))
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(path.join(d, e.name));
  };
  if (existsSync(dir)) walk(dir);
  return out;
};

describe(`scouting records on ${ENGINE}`, () => {
  it('creates once by id: 201, the same body again 200 with the same answer, another body 409', async () => {
    const id = newId();
    const body = await observationBody(t.db, project, { tree_id: tree, position: null, note: 'Scale insects on the north side' });
    const first = await putRecord('worker', id, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await putRecord('worker', id, { ...body });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Key order does not matter, content does.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await putRecord('worker', id, reordered)).statusCode).toBe(200);
    const other = await putRecord('worker', id, { ...body, severity: 3 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('record_id_conflict');
    // Another user sending the same body under the id is another body.
    expect((await putRecord('grower', id, body)).statusCode).toBe(409);
    expect(await count(`SELECT count(*) AS n FROM scouting_records WHERE record_id = $1`, [id])).toBe(1);
    const r = first.json().record;
    expect(r).toMatchObject({ record_id: id, tree_id: tree, kind: 'observation', severity: 2, author_name: 'Amir Sade' });
    // A tree record without a position stands at its tree.
    const at = (await t.db.query<{ lon: number; lat: number }>(`SELECT lon, lat FROM trees WHERE tree_id = $1`, [tree])).rows[0];
    expect([r.lon, r.lat]).toEqual([at.lon, at.lat]);
  });

  it('lists records since a cursor, and a correction and a tombstone supersede (only by the author or an admin)', async () => {
    const start = (await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records` })).json().cursor as number;
    const a = newId();
    expect((await putRecord('worker', a, await observationBody(t.db, project))).statusCode).toBe(201);
    const since = await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records?since=${start}` });
    expect(since.json().records.map((r: { record_id: string }) => r.record_id)).toEqual([a]);
    const cursor = since.json().cursor as number;
    expect((await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records?since=${cursor}` })).json().records).toEqual([]);
    // The grower may not correct the worker's record; the worker may.
    const fix = await observationBody(t.db, project, { supersedes: a, severity: 1 });
    const refused = await putRecord('grower', newId(), fix);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('record_not_yours');
    const b = newId();
    expect((await putRecord('worker', b, fix)).statusCode).toBe(201);
    const tomb = newId();
    const del = await putRecord('admin', tomb, { kind: 'tombstone', supersedes: b, position: fix.position, observed_at: fix.observed_at });
    expect(del.statusCode, del.body).toBe(201);
    const exported = JSON.parse((await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records/export?format=geojson` })).body);
    const ids = exported.features.map((f: { properties: { record_id: string } }) => f.properties.record_id);
    expect(ids).not.toContain(a);
    expect(ids).not.toContain(b);
    expect(ids).not.toContain(tomb);
  });

  it('refuses bad records with a code, writing nothing', async () => {
    const base = await observationBody(t.db, project);
    const cases: [unknown, number, string | undefined][] = [
      [{ ...base, tree_id: 987_654, position: null }, 422, 'record_tree_not_in_survey'],
      [{ ...base, issue_id: 9999 }, 422, 'record_unknown_issue'],
      [{ ...base, task_id: newId() }, 422, 'record_unknown_task'],
      [{ ...base, supersedes: newId() }, 422, 'record_unknown_supersedes'],
      [{ ...base, note: 'x'.repeat(2001) }, 400, undefined],
      [{ ...base, photo_ids: [newId(), newId(), newId(), newId(), newId(), newId()] }, 400, undefined],
      [{ ...base, position: null }, 400, undefined],
      [{ ...base, severity: 4 }, 400, undefined],
    ];
    const before = await count(`SELECT count(*) AS n FROM scouting_records`);
    for (const [body, status, code] of cases) {
      const res = await putRecord('grower', newId(), body);
      expect(res.statusCode, res.body).toBe(status);
      if (code) expect(res.json().code).toBe(code);
    }
    expect((await t.as('grower', { method: 'PUT', url: `/api/projects/${project}/records/not-a-uuid`, payload: base })).statusCode).toBe(400);
    expect(await count(`SELECT count(*) AS n FROM scouting_records`)).toBe(before);
    // A survey the grower may not open: 404 as for a missing one.
    const other = Number((await t.db.query<{ id: number }>(`SELECT min(project_id) AS id FROM projects WHERE name = 'Citrus survey – autumn'`)).rows[0].id);
    expect((await putRecord('grower', newId(), base, other)).statusCode).toBe(404);
  });
});

describe(`scouting photos on ${ENGINE}`, () => {
  const withPhotos = async (n: number) => {
    const record = newId();
    const photos = Array.from({ length: n }, newId);
    const res = await putRecord('worker', record, await observationBody(t.db, project, { photo_ids: photos }));
    expect(res.statusCode, res.body).toBe(201);
    return { record, photos };
  };

  it('stores a photo once (201), answers the same bytes again with 200 and other bytes with 409; serves it and its thumbnail', async () => {
    const { record, photos } = await withPhotos(1);
    const jpeg = await photoJpeg(1600, 1200);
    const first = await putPhoto('worker', record, photos[0], jpeg);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().photo).toMatchObject({ type: 'image/jpeg', width: 1600, height: 1200, bytes: jpeg.length });
    const again = await putPhoto('worker', record, photos[0], jpeg);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await putPhoto('worker', record, photos[0], await photoJpeg(320, 240, 3));
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('photo_id_conflict');
    const full = await t.as('grower', { method: 'GET', url: `/api/records/${record}/photos/${photos[0]}` });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(jpeg)).toBe(true);
    const thumb = await t.as('grower', { method: 'GET', url: `/api/records/${record}/photos/${photos[0]}?size=thumb` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.length).toBeLessThan(jpeg.length);
    // The app sends a photo under its own type (the blob's: image/jpeg or image/webp), resumably.
    const { record: r2, photos: p2 } = await withPhotos(1);
    const small = await photoJpeg(320, 240, 5);
    const ask = await putPhoto('worker', r2, p2[0], Buffer.alloc(0), `bytes */${small.length}`);
    expect(ask.statusCode, ask.body).toBe(202);
    const typed = await putPhoto('worker', r2, p2[0], small, `bytes 0-${small.length - 1}/${small.length}`, 'image/jpeg');
    expect(typed.statusCode, typed.body).toBe(201);
    // A WebP (what the app sends where the browser encodes it) is told by its bytes, stored and served as it came.
    const { record: r3, photos: p3 } = await withPhotos(1);
    const webp = await sharp(await photoJpeg(640, 480, 7))
      .webp({ quality: 80 })
      .toBuffer();
    const w = await putPhoto('worker', r3, p3[0], webp, undefined, 'image/webp');
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json().photo).toMatchObject({ type: 'image/webp', width: 640, height: 480, bytes: webp.length });
    const wFull = await t.as('grower', { method: 'GET', url: `/api/records/${r3}/photos/${p3[0]}?size=full` });
    expect(wFull.headers['content-type']).toBe('image/webp');
    expect(wFull.rawPayload.equals(webp)).toBe(true);
    const wThumb = await t.as('grower', { method: 'GET', url: `/api/records/${r3}/photos/${p3[0]}?size=thumb` });
    expect(wThumb.statusCode).toBe(200);
    expect((await sharp(wThumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
    // Only the author uploads; a member of another survey does not see it.
    expect((await putPhoto('grower', record, photos[0], jpeg)).statusCode).toBe(403);
    expect((await t.as('grower3', { method: 'GET', url: `/api/records/${record}/photos/${photos[0]}` })).statusCode).toBe(404);
    // A photo id the record did not declare.
    expect((await putPhoto('worker', record, newId(), jpeg)).statusCode).toBe(404);
  });

  it('refuses hostile photos with a 4xx and stores nothing: not an image, 50 MB, a 20,000 × 20,000 PNG, SVG with script, a truncated JPEG', async () => {
    const { record, photos } = await withPhotos(5);
    const jpeg = await photoJpeg(800, 600);
    const hostile: [string, Buffer, number, string][] = [
      ['not an image', Buffer.from('%PDF-1.7 this is not a photo'), 415, 'photo_not_image'],
      ['50 MB', Buffer.alloc(50 * 1024 * 1024, 0xff), 413, 'photo_too_large'],
      ['20,000 × 20,000 PNG header', pngHeader(20_000), 422, 'photo_too_many_pixels'],
      ['SVG with script', SVG_WITH_SCRIPT, 415, 'photo_not_image'],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 422, 'photo_unreadable'],
    ];
    const filesBefore = photoFiles();
    for (const [i, [what, bytes, status, code]] of hostile.entries()) {
      const res = await putPhoto('worker', record, photos[i], bytes);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
      expect(res.json().code, what).toBe(code);
    }
    // 50 MB announced by Content-Range is refused before a byte is read.
    const announced = await putPhoto('worker', record, photos[1], jpeg.subarray(0, 1000), `bytes 0-999/${50 * 1024 * 1024}`);
    expect(announced.statusCode).toBe(413);
    expect(await count(`SELECT count(*) AS n FROM record_photos WHERE record_id = $1 AND stored_at IS NOT NULL`, [record])).toBe(0);
    expect(photoFiles()).toEqual(filesBefore);
    // The same ids still take a good photo afterwards.
    expect((await putPhoto('worker', record, photos[4], jpeg)).statusCode).toBe(201);
  });

  it('resumes an upload cut off mid-way (Content-Range), and tells how far it got', async () => {
    const { record, photos } = await withPhotos(1);
    const jpeg = await photoJpeg(1200, 900, 5);
    const total = jpeg.length;
    const cut = Math.floor(total / 3);
    const status = async () => putPhoto('worker', record, photos[0], Buffer.alloc(0), `bytes */${total}`);
    expect((await status()).json()).toEqual({ status: 'incomplete', received: 0, total });
    const part1 = await putPhoto('worker', record, photos[0], jpeg.subarray(0, cut), `bytes 0-${cut - 1}/${total}`);
    expect(part1.statusCode).toBe(202);
    expect(part1.json().received).toBe(cut);
    // The connection dropped; the device asks where to go on.
    expect((await status()).json().received).toBe(cut);
    // A range that does not start where the server is: 409 with the offset.
    const wrong = await putPhoto('worker', record, photos[0], jpeg.subarray(cut + 10), `bytes ${cut + 10}-${total - 1}/${total}`);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('photo_offset_mismatch');
    expect(wrong.headers['upload-offset']).toBe(String(cut));
    const rest = await putPhoto('worker', record, photos[0], jpeg.subarray(cut), `bytes ${cut}-${total - 1}/${total}`);
    expect(rest.statusCode, rest.body).toBe(201);
    const stored = await t.as('worker', { method: 'GET', url: `/api/records/${record}/photos/${photos[0]}` });
    expect(stored.rawPayload.equals(jpeg)).toBe(true);
    expect((await status()).statusCode).toBe(200);
    // The record shows up again for a reader of `since`, with its photo.
    const list = (await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records` })).json();
    expect(list.records.find((r: { record_id: string }) => r.record_id === record).photos_stored).toEqual(photos);
  });
});

describe(`records export on ${ENGINE}`, () => {
  it('exports the standing records as GeoJSON and CSV with the same fields, not for field workers', async () => {
    const id = newId();
    await putRecord('grower', id, await observationBody(t.db, project, { tree_id: tree, position: null, note: '=cmd|calc', tree_status: 3 }));
    const geo = await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records/export?format=geojson&lang=en` });
    expect(geo.statusCode).toBe(200);
    expect(geo.headers['content-disposition']).toMatch(/records\.geojson/);
    const fc = JSON.parse(geo.body);
    expect(fc.type).toBe('FeatureCollection');
    const f = fc.features.find((x: { properties: { record_id: string } }) => x.properties.record_id === id);
    expect(f.geometry.type).toBe('Point');
    expect(f.properties).toMatchObject({ issue: 'Pests', severity: 2, sev_name: 'Medium', status_nm: 'Dead', tree_id: tree, author: 'Yossi Galil' });
    const csv = await t.as('grower', { method: 'GET', url: `/api/projects/${project}/records/export?format=csv&lang=he` });
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<Record<string, string>>(csv.body.slice(1), { header: true, skipEmptyLines: true }).data;
    const row = rows.find((r) => r.record_id === id)!;
    expect(row.issue).toBe('מזיקים');
    expect(row.note).toBe("'=cmd|calc");
    expect(Number(row.lon)).toBeCloseTo(f.geometry.coordinates[0], 6);
    expect(rows.length).toBe(fc.features.length);
    expect((await t.as('worker', { method: 'GET', url: `/api/projects/${project}/records/export?format=csv` })).statusCode).toBe(403);
  });
});
