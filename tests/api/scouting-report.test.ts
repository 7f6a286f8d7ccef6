// The PDF report's Scouting section (issue 36), read back with poppler's pdftotext: the demo survey's seeded
// records counted by category as SQL has them, and the list; a deleted (tombstoned) record is not in it.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { newId } from '../support/scouting';

let t: TestApp;
let project: number;
beforeAll(async () => {
  t = await createTestApp();
  project = Number((await t.db.query<{ id: number }>(`SELECT project_id AS id FROM projects WHERE name = 'Avocado survey – autumn'`)).rows[0].id);
}, 120_000);
afterAll(async () => t?.close());

const text = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

describe(`report: scouting section on ${ENGINE}`, () => {
  it('counts the standing records by category and lists them', async () => {
    const { rows } = await t.db.query<{ record_id: string; note: string; name_en: string }>(
      `SELECT r.record_id::text, r.note, i.name_en FROM scouting_records r JOIN scouting_issues i USING (issue_id) WHERE r.project_id = $1 ORDER BY r.observed_at`,
      [project],
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    // The grower deletes (tombstones) the first record of their own.
    const own = (
      await t.db.query<{ id: string }>(`SELECT record_id::text AS id FROM scouting_records WHERE project_id = $1 AND author_name = 'Yossi Galil' LIMIT 1`, [
        project,
      ])
    ).rows[0].id;
    const del = await t.as('grower', {
      method: 'PUT',
      url: `/api/projects/${project}/records/${newId()}`,
      payload: { kind: 'tombstone', supersedes: own, position: { lon: 34.8, lat: 30.9 }, observed_at: new Date().toISOString() },
    });
    expect(del.statusCode, del.body).toBe(201);
    const res = await t.as('grower', { method: 'GET', url: `/api/projects/${project}/report.pdf?lang=en` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const s = text(res.rawPayload);
    expect(s).toContain('Records by category');
    const standing = rows.filter((r) => r.record_id !== own);
    const byName = new Map<string, number>();
    for (const r of standing) byName.set(r.name_en, (byName.get(r.name_en) ?? 0) + 1);
    for (const [name, n] of byName) expect(s).toMatch(new RegExp(`^\\s*${name}\\s+${n}\\s+\\d+\\s*$`, 'm'));
    const gone = rows.find((r) => r.record_id === own)!;
    // The deleted record's note is gone, the others' are there (the same reader, the same Hebrew notes).
    for (const r of standing) expect(s).toContain(r.note.split(' ')[0]);
    expect(s).not.toContain(gone.note.split(' ').slice(0, 2).join(' '));
    const he = text((await t.as('grower', { method: 'GET', url: `/api/projects/${project}/report.pdf?lang=he` })).rawPayload);
    expect(he).toContain('תיעודים לפי קטגוריה');
  }, 180_000);
});
