import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`GET /api/projects/user on ${ENGINE}`, () => {
  it("returns only the signed-in grower's client's projects", async () => {
    const mine = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; name: string; observation_date: string | null }[];
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
