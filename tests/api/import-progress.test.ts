// An import runs beside other users (issue 16): parsing, matching and writing
// run off the API's event loop (job thread, database thread), so the progress
// lines reach the client as they happen and health checks keep answering.
// Before, every progress line arrived in the last few milliseconds and
// /api/health waited for the whole import. Real HTTP, not inject: arrival
// times are what is tested.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
let base = '';
let projectId = 0;
let csv = '';
let rowCount = 0;

beforeAll(async () => {
  t = await createTestApp({ scale: 0.3 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const { rows } = await t.db.query<{ project_id: number; client_id: number }>(
    `SELECT p.project_id, p.client_id FROM projects p JOIN trees t ON t.client_id = p.client_id
      GROUP BY p.project_id, p.client_id ORDER BY count(*) DESC, p.project_id LIMIT 1`,
  );
  projectId = rows[0].project_id;
  const trees = await t.db.queryArrays('SELECT tree_id, lon, lat FROM trees WHERE client_id = $1 ORDER BY tree_id', [rows[0].client_id]);
  // Half by id, half by position (the nearest-tree search has work to do).
  csv = [
    'tree_id,lon,lat,tree_status,n_mean,p_mean,k_mean,canopy,biomass',
    ...trees.map(([id, lon, lat], i) => (i % 2 ? `${id},,,${i % 4},2.1,0.12,0.9,4.5,120` : `,${lon},${lat},${i % 4},2.0,0.1,0.8,4.1,110`)),
  ].join('\n');
  rowCount = trees.length;
});
afterAll(async () => t?.close());

describe(`import beside other users on ${ENGINE}`, () => {
  it('streams progress lines while it works and keeps /api/health answering', async () => {
    expect(rowCount).toBeGreaterThan(15_000);
    const token = await t.token('admin');
    const start = performance.now();
    const res = await fetch(`${base}/api/admin/projects/${projectId}/import`, {
      method: 'POST',
      body: csv,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
    });
    let done = false;
    const health: { sentAt: number; answeredAt: number }[] = [];
    const poll = (async () => {
      while (!done) {
        const sentAt = performance.now();
        const h = await fetch(`${base}/api/health`);
        await h.arrayBuffer();
        health.push({ sentAt, answeredAt: performance.now() });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const lines: { at: number; line: { phase: string; status?: number } }[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffered += value;
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const p of parts) if (p.trim()) lines.push({ at: performance.now() - start, line: JSON.parse(p) });
    }
    done = true;
    await poll;
    const last = lines.at(-1)!;
    expect(last.line).toMatchObject({ phase: 'done', status: 200 });
    const doneAt = last.at;
    const progress = lines.slice(0, -1);
    expect(progress.map((l) => l.line.phase)).toEqual(expect.arrayContaining(['parsing', 'matching', 'writing']));
    // Spread over the import: the first line comes in the first half, not with the result.
    expect(progress[0].at).toBeLessThan(doneAt / 2);
    const during = health.filter((h) => h.answeredAt - start > progress[0].at && h.answeredAt - start < doneAt);
    expect(during.length).toBeGreaterThanOrEqual(3);
    const waits = during.map((h) => h.answeredAt - h.sentAt).sort((a, b) => a - b);
    console.log(
      `[import-progress ${ENGINE}] ${rowCount} rows in ${doneAt.toFixed(0)} ms; lines at ${progress.map((l) => l.at.toFixed(0)).join(', ')} ms; ` +
        `${during.length} health answers during the import, slowest ${waits.at(-1)!.toFixed(0)} ms, median ${waits[waits.length >> 1].toFixed(0)} ms`,
    );
  });
});
