// The home list's trend and the farm overview read each survey's status counts from its snapshot
// (server/surveys/status-counts.ts). When a snapshot cannot be read or built (here: its folder is a file, so every
// write fails; in life a full disk, or a survey deleted meanwhile), those surveys show no trend and no latest
// counts, and both answers still come: never a 5xx for the whole list. Such a partial result is not remembered.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { snapshotDirOf } from '../../server/snapshots/store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Row = { name: string; trend: unknown };
type Farm = { plots: { features: { properties: { plot_name: string; latest_survey: unknown } }[] } };

describe(`status counts that cannot be read, on ${ENGINE}`, () => {
  it('leave the trend and the latest counts out, answer 200, and are asked again once they can be read', async () => {
    const dir = snapshotDirOf(t.db);
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    try {
      const list = await t.as('grower', { method: 'GET', url: '/api/projects/user' });
      expect(list.statusCode).toBe(200);
      const rows = list.json() as Row[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.trend === null)).toBe(true);
      const farm = await t.as('grower', { method: 'GET', url: '/api/farm/overview' });
      expect(farm.statusCode).toBe(200);
      const plots = (farm.json() as Farm).plots.features;
      expect(plots.length).toBeGreaterThan(0);
      expect(plots.every((p) => p.properties.latest_survey === null)).toBe(true);
    } finally {
      rmSync(dir, { force: true });
      mkdirSync(dir, { recursive: true });
    }
    // Readable again: the same list (no write in between) now has its trend, and the farm its counts.
    const rows = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as Row[];
    expect(rows.find((r) => r.name === 'Avocado survey – autumn')?.trend).not.toBeNull();
    const plots = ((await t.as('grower', { method: 'GET', url: '/api/farm/overview' })).json() as Farm).plots.features;
    expect(plots.some((p) => p.properties.latest_survey !== null)).toBe(true);
  });
});
