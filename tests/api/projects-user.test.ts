import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { userProject } from '../../src/domain/contracts/projects';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`GET /api/projects/user on ${ENGINE}`, () => {
  it('answers with exactly the fields of the project contract (the app reads the same type)', async () => {
    const res = await t.as('grower', { method: 'GET', url: '/api/projects/user' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(Object.keys(userProject.shape).sort());
    expect(rows.some((r) => r.trend !== null)).toBe(true);
  });

  it("returns only the signed-in grower's client's projects", async () => {
    const mine = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as {
      project_id: number;
      name: string;
      observation_date: string | null;
    }[];
    const theirs = (await t.as('grower2', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; name: string }[];
    expect(mine.length).toBeGreaterThan(5);
    expect(theirs.length).toBeGreaterThan(0);
    const mineIds = new Set(mine.map((p) => p.project_id));
    expect(theirs.some((p) => mineIds.has(p.project_id))).toBe(false);
    const { rows } = await t.db.query<{ project_id: number }>(
      `SELECT project_id FROM projects p JOIN clients c USING (client_id) WHERE c.name = 'Galil Orchards' ORDER BY 1`,
    );
    expect([...mineIds].sort((a, b) => a - b)).toEqual(rows.map((r) => r.project_id));
    for (const p of mine) {
      expect(p).toHaveProperty('name');
      expect(p.observation_date === null || /^\d{4}-\d{2}-\d{2}$/.test(p.observation_date)).toBe(true);
    }
  });
});
