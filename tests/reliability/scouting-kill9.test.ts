// kill -9 during sync (issue 36, README "Scouting"): the real server on a temp DATA_DIR (PGlite) takes a device's
// batch of 200 records and 20 photos (each uploaded in Content-Range parts) and is killed mid-batch. After the
// restart the device syncs again, as its outbox does: every item again, acknowledged or not (a lost answer
// looks the same to it). Exactly 200 records and 20 photos exist, none twice, each photo byte-identical, and no
// part of an upload is left over.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from '../support/accounts';
import { newId, photoJpeg } from '../support/scouting';
import { kill9, login, postgresBin, startCluster, startServer } from './processes';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const RECORDS = 200;
const PHOTOS = 20;
const PART = 8 * 1024;

interface Item {
  recordId: string;
  body: Record<string, unknown>;
  photo?: { id: string; bytes: Buffer };
}

/** One device's sync of the whole batch, 6 at a time; answers are counted as they arrive. */
async function sync(base: string, token: string, project: number, items: Item[], seen: { acked: number; statuses: number[] }) {
  const headers = { authorization: `Bearer ${token}` };
  const one = async (it: Item) => {
    const r = await fetch(`${base}/api/projects/${project}/records/${it.recordId}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(it.body),
    });
    seen.statuses.push(r.status);
    await r.arrayBuffer();
    if (r.status !== 200 && r.status !== 201) throw new Error(`record ${it.recordId}: ${r.status}`);
    if (it.photo) {
      const { id, bytes } = it.photo;
      const url = `${base}/api/records/${it.recordId}/photos/${id}`;
      // Where the server is (the resumable upload's status question), then the rest in parts.
      const q = await fetch(url, { method: 'PUT', headers: { ...headers, 'content-range': `bytes */${bytes.length}` } });
      const a = (await q.json()) as { received?: number };
      seen.statuses.push(q.status);
      let at = q.status === 202 ? a.received! : bytes.length;
      while (at < bytes.length) {
        const end = Math.min(at + PART, bytes.length) - 1;
        const p = await fetch(url, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/octet-stream', 'content-range': `bytes ${at}-${end}/${bytes.length}` },
          body: new Uint8Array(bytes.subarray(at, end + 1)),
        });
        seen.statuses.push(p.status);
        await p.arrayBuffer();
        if (![200, 201, 202].includes(p.status)) throw new Error(`photo ${id}: ${p.status}`);
        at = end + 1;
      }
    }
    seen.acked++;
  };
  const queue = [...items];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let it = queue.shift(); it; it = queue.shift()) await one(it);
    }),
  );
}

/** The crash and the second sync against the server started with `extra` (a database), checked through the API and the disk. */
async function crashAndCheck(extra: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'scouting-kill9-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const env = { DATA_DIR: path.join(dir, 'data'), ...extra };
  let server = await startServer(env);
  let token = await login(server.url, ACCOUNTS.grower.email, ACCOUNTS.grower.password);
  const get = async <T>(p: string) => (await (await fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const project = (await get<{ project_id: number }[]>('/api/projects/user'))[0].project_id;
  const issue = (await get<{ issues: { issue_id: number }[] }>('/api/scouting-issues')).issues[0].issue_id;
  const before = (await get<{ records: unknown[] }>(`/api/projects/${project}/records`)).records.length;

  const items: Item[] = [];
  for (let i = 0; i < RECORDS; i++) {
    const photo = i % (RECORDS / PHOTOS) === 0 ? { id: newId(), bytes: await photoJpeg(320, 240, 100 + i) } : undefined;
    items.push({
      recordId: newId(),
      photo,
      body: {
        kind: 'observation',
        position: { lon: 34.8 + i * 1e-5, lat: 30.9, accuracy_m: 5 },
        issue_id: issue,
        severity: 1 + (i % 3),
        note: `Row walk ${i}`,
        observed_at: new Date(Date.UTC(2026, 10, 25, 6, 0, i)).toISOString(),
        photo_ids: photo ? [photo.id] : [],
      },
    });
  }

  // First sync, killed once about a third of the batch is acknowledged (others in flight).
  const first = { acked: 0, statuses: [] as number[] };
  const run = sync(server.url, token, project, items, first).catch((e: Error) => e);
  await expect.poll(() => first.acked, { timeout: 120_000, interval: 20 }).toBeGreaterThanOrEqual(RECORDS / 3);
  await kill9(server);
  expect(await run, 'the first sync is cut off').toBeInstanceOf(Error);
  expect(first.acked).toBeLessThan(RECORDS);

  // Restart and sync everything again: only 200 (replay) or 201 (new), never a 409.
  server = await startServer(env);
  token = await login(server.url, ACCOUNTS.grower.email, ACCOUNTS.grower.password);
  const second = { acked: 0, statuses: [] as number[] };
  await sync(server.url, token, project, items, second);
  expect(second.acked).toBe(RECORDS);
  expect(second.statuses.filter((s) => ![200, 201, 202].includes(s))).toEqual([]);
  expect(second.statuses.filter((s) => s === 200).length, 'acknowledged records replay as 200').toBeGreaterThanOrEqual(first.acked);

  const { records } = await get<{ records: { record_id: string; photos_stored: string[] }[] }>(`/api/projects/${project}/records`);
  const ours = new Set(items.map((i) => i.recordId));
  const mine = records.filter((r) => ours.has(r.record_id));
  expect(mine.length).toBe(RECORDS);
  expect(new Set(mine.map((r) => r.record_id)).size).toBe(RECORDS);
  expect(records.length).toBe(before + RECORDS);
  const stored = mine.flatMap((r) => r.photos_stored);
  expect(stored.length).toBe(PHOTOS);
  expect(new Set(stored).size).toBe(PHOTOS);
  for (const it of items.filter((i) => i.photo)) {
    const r = await fetch(`${server.url}/api/records/${it.recordId}/photos/${it.photo!.id}?size=full`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer()).equals(it.photo!.bytes)).toBe(true);
  }
  // On disk: one file per photo (and its thumbnail) under DATA_DIR/photos, no upload part left.
  const photoDir = path.join(dir, 'data', 'photos');
  const files = (readdirSync(path.join(photoDir, String(project)), { recursive: true }) as string[]).filter((f) => /\.(jpg|webp|png)$/.test(f));
  const full = files.filter((f) => !f.endsWith('.thumb.jpg') && [...ours].some((id) => f.startsWith(id)));
  expect(full.length).toBe(PHOTOS);
  expect(readdirSync(path.join(photoDir, '.partial'))).toEqual([]);
  await server.stop();
}

describe('scouting: kill -9 during sync', () => {
  it(`keeps exactly ${RECORDS} records and ${PHOTOS} photos after a crash mid-batch and a second sync (PGlite)`, { timeout: 300_000 }, () => crashAndCheck({}));

  const pgbin = postgresBin();
  it.skipIf(!pgbin)(
    `keeps exactly ${RECORDS} records and ${PHOTOS} photos after a crash mid-batch and a second sync (PostgreSQL)${pgbin ? '' : ' (SKIPPED: no PostgreSQL binaries; set PGBIN)'}`,
    { timeout: 300_000 },
    async () => {
      const cluster = await startCluster(pgbin!);
      cleanups.push(() => cluster.destroy());
      await crashAndCheck({ DATABASE_URL: cluster.url });
    },
  );
});
