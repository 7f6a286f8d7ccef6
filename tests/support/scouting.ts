// Scouting test helpers (issue 36): photos (real JPEGs made by sharp, and hostile files), record and task
// bodies, and the records, photos and tasks the access matrix needs for clients A and B.
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { v7 as uuidv7 } from 'uuid';
import type { Queryable } from '../../server/db/adapter';
import type { TestApp } from './api-app';

export const newId = () => uuidv7();

/** A JPEG photo of `width` × `height` with varied pixels (so it does not compress to nothing); memoised per size. */
const photos = new Map<string, Promise<Buffer>>();
export function photoJpeg(width = 640, height = 480, seed = 1): Promise<Buffer> {
  const key = `${width}x${height}:${seed}`;
  let p = photos.get(key);
  if (!p) {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104_729) % 251;
    photos.set(
      key,
      (p = sharp(raw, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer()),
    );
  }
  return p;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let x = 0xffffffff;
  for (const v of b) x = crcTable[(x ^ v) & 0xff] ^ (x >>> 8);
  return (x ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A valid PNG whose header says `size` × `size` pixels (a decompression bomb's header: 20,000² = 400 MP). */
export function pngHeader(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** An observation at a point of the project (the middle of its first plot). */
export async function observationBody(db: Queryable, projectId: number, extra: Record<string, unknown> = {}) {
  const { rows } = await db.query<{ lon: number; lat: number; issue: number }>(
    `SELECT (pl.min_lon + pl.max_lon) / 2 AS lon, (pl.min_lat + pl.max_lat) / 2 AS lat, (SELECT min(issue_id) FROM scouting_issues) AS issue
       FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id WHERE pp.project_id = $1 ORDER BY pl.plot_id LIMIT 1`,
    [projectId],
  );
  const r = rows[0] ?? { lon: 34.8, lat: 30.9, issue: 1 };
  return {
    kind: 'observation',
    position: { lon: Number(r.lon), lat: Number(r.lat), accuracy_m: 4 },
    issue_id: Number(r.issue),
    severity: 2,
    note: 'Matrix observation',
    observed_at: '2026-03-01T08:00:00.000Z',
    ...extra,
  };
}

/** A valid task body for the project: its first observed tree, assigned to its first member (a worker when it has one). */
export async function taskBodyFor(db: Queryable, projectId: number, extra: Record<string, unknown> = {}) {
  const tree = (await db.query<{ tree_id: number }>(`SELECT min(tree_id) AS tree_id FROM tree_observations WHERE project_id = $1`, [projectId])).rows[0];
  const member = (
    await db.query<{ user_id: number }>(
      `SELECT u.user_id FROM project_users pu JOIN users u ON u.user_id = pu.user_id
        WHERE pu.project_id = $1 AND u.role IN ('user', 'worker') ORDER BY (u.role = 'worker') DESC, u.user_id LIMIT 1`,
      [projectId],
    )
  ).rows[0];
  return { title: 'Check the trees', tree_ids: tree?.tree_id ? [Number(tree.tree_id)] : [1], assignee_id: member?.user_id ?? 1, priority: 'normal', ...extra };
}

export interface ScoutingFixtures {
  record: { A: string; B: string };
  photo: { A: string; B: string };
  task: { A: string; B: string };
}

/**
 * One record with a declared photo and one task on each client's fixture survey, written in SQL: the record by
 * the client's grower, the task assigned to the client's field worker. Their photos are uploaded by
 * uploadFixturePhotos (the matrix), through the API, so the files exist.
 */
export async function insertScoutingFixtures(db: Queryable, projects: { A: number; B: number }): Promise<ScoutingFixtures> {
  const fx: ScoutingFixtures = { record: { A: '', B: '' }, photo: { A: '', B: '' }, task: { A: '', B: '' } };
  for (const [v, author, worker] of [
    ['A', 'grower@demo.farm', 'worker@demo.farm'],
    ['B', 'grower2@demo.farm', 'worker2@demo.farm'],
  ] as const) {
    const [record, photo, task] = [newId(), newId(), newId()];
    const projectId = projects[v];
    const body = await observationBody(db, projectId);
    await db.query(
      `INSERT INTO scouting_records (record_id, client_id, project_id, seq, kind, lon, lat, accuracy_m, issue_id, severity, note, photo_ids, author_id, author_name, observed_at, body_hash)
       SELECT $1, p.client_id, p.project_id, nextval('scouting_seq'), 'observation', $3, $4, 4, $5, 2, 'Fixture', ARRAY[$6::uuid], u.user_id, u.first_name, now(), 'fixture'
         FROM projects p, users u WHERE p.project_id = $2 AND u.email = $7`,
      [record, projectId, body.position.lon, body.position.lat, body.issue_id, photo, author],
    );
    await db.query(`INSERT INTO record_photos (photo_id, record_id, position) VALUES ($1, $2, 0)`, [photo, record]);
    const t = await taskBodyFor(db, projectId);
    await db.query(
      `INSERT INTO scouting_tasks (task_id, client_id, project_id, title, tree_ids, assignee_id, created_by, body_hash)
       SELECT $1, p.client_id, p.project_id, 'Fixture task', $3::int[], w.user_id, g.user_id, 'fixture'
         FROM projects p, users w, users g WHERE p.project_id = $2 AND w.email = $4 AND g.email = $5`,
      [task, projectId, t.tree_ids, worker, author],
    );
    fx.record[v] = record;
    fx.photo[v] = photo;
    fx.task[v] = task;
  }
  return fx;
}

/** The bytes the fixture photos hold (a replay of them answers 200). */
export const fixturePhoto = () => photoJpeg(64, 48, 7);

/** Uploads the fixture records' photos as their authors. */
export async function uploadFixturePhotos(t: TestApp, fx: ScoutingFixtures): Promise<void> {
  const bytes = await fixturePhoto();
  for (const [v, who] of [
    ['A', 'grower'],
    ['B', 'grower2'],
  ] as const) {
    const res = await t.as(who, {
      method: 'PUT',
      url: `/api/records/${fx.record[v]}/photos/${fx.photo[v]}`,
      headers: { 'content-type': 'image/jpeg' },
      payload: bytes,
    });
    if (res.statusCode !== 201) throw new Error(`fixture photo ${v}: ${res.statusCode} ${res.body}`);
  }
}
