import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import type { ProjectTrend } from '../../src/domain/projects';

interface Row {
  project_id: number;
  name: string;
  observation_date: string | null;
  products: string[];
  crop_type: string | null;
  plot_ids: number[];
  trend: ProjectTrend | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const list = async (account: 'grower' | 'grower2' | 'admin') => {
  const res = await t.as(account, { method: 'GET', url: '/api/projects/user' });
  expect(res.statusCode).toBe(200);
  return res.json() as Row[];
};
const byName = (rows: Row[], name: string) => {
  const r = rows.find((p) => p.name === name);
  if (!r) throw new Error(`no project ${name}`);
  return r;
};

/** Healthy share computed independently: raw rows, first observation of each tree wins. */
async function healthyShare(projectId: number): Promise<number> {
  const { rows } = await t.db.query<{ tree_id: number; tree_status: number | null }>(
    'SELECT tree_id, tree_status FROM tree_observations WHERE project_id = $1 ORDER BY observation_id',
    [projectId],
  );
  const first = new Map<number, number | null>();
  for (const r of rows) if (!first.has(r.tree_id)) first.set(r.tree_id, r.tree_status);
  // Assessed trees only: Missing (4) and Unknown (5 or none) say nothing about health.
  const rated = [...first.values()].filter((s) => s !== null && s <= 3);
  return rated.filter((s) => s === 0).length / rated.length;
}

describe(`GET /api/projects/user trend on ${ENGINE}`, () => {
  it('requires a token', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/projects/user' })).statusCode).toBe(401);
  });

  it('reports the real healthy-share change against the previous survey of the same plots', async () => {
    const rows = await list('grower');
    const autumn = byName(rows, 'Avocado survey – autumn');
    const summer = byName(rows, 'Avocado survey – summer');
    expect(autumn.plot_ids).toEqual(summer.plot_ids);
    expect(autumn.trend).not.toBeNull();
    const tr = autumn.trend!;
    expect(tr.previous_project_id).toBe(summer.project_id);
    expect(tr.previous_observation_date).toBe(summer.observation_date);
    const [now, before] = [await healthyShare(autumn.project_id), await healthyShare(summer.project_id)];
    expect(tr.healthy_share).toBeCloseTo(now, 4);
    expect(tr.previous_healthy_share).toBeCloseTo(before, 4);
    expect(tr.change_pp).toBeCloseTo((now - before) * 100, 2);

    const olive = byName(rows, 'Olive East – autumn').trend!;
    expect(olive.previous_project_id).toBe(byName(rows, 'Olive East – spring').project_id);
    expect(olive.change_pp).toBeCloseTo(
      ((await healthyShare(byName(rows, 'Olive East – autumn').project_id)) - (await healthyShare(byName(rows, 'Olive East – spring').project_id))) * 100,
      2,
    );
  });

  it('gives no trend without an earlier survey with results of the identical plot set', async () => {
    const rows = await list('grower');
    for (const name of [
      'Avocado survey – summer', // the first survey of its plots
      'Date palms – autumn', // no earlier survey
      'Date palms – next flight', // no date, no results
      'Avocado North – winter flight', // a subset of the autumn plots, no results
      'Irrigation block check 1',
    ])
      expect(byName(rows, name).trend, name).toBeNull();
    // Lemon Grove – spring covers only one of the two plots: not the same plots.
    expect(byName(await list('grower2'), 'Citrus survey – autumn').trend).toBeNull();
  });

  it('keeps tenants apart: admins see every client, trends never cross clients', async () => {
    const mine = new Set((await list('grower')).map((p) => p.project_id));
    const theirs = await list('grower2');
    for (const p of theirs) {
      expect(mine.has(p.project_id)).toBe(false);
      if (p.trend) expect(mine.has(p.trend.previous_project_id)).toBe(false);
    }
    const all = await list('admin');
    expect(all.length).toBe(mine.size + theirs.length);
    const autumn = byName(all, 'Avocado survey – autumn');
    expect(autumn.trend?.previous_project_id).toBe(byName(all, 'Avocado survey – summer').project_id);
  });

  it('counts the first observation of a tree and follows data changes at once', async () => {
    const autumn = byName(await list('grower'), 'Avocado survey – autumn');
    const before = autumn.trend!;
    // A later duplicate reading (overlapping flight strip) of a healthy tree that says "dead": ignored.
    const { rows: healthy } = await t.db.query<{ observation_id: number; tree_id: number; client_id: number }>(
      `SELECT observation_id, tree_id, client_id FROM tree_observations WHERE project_id = $1 AND tree_status = 0 ORDER BY observation_id LIMIT 3`,
      [autumn.project_id],
    );
    await t.db.query(`INSERT INTO tree_observations (project_id, tree_id, client_id, tree_status) SELECT $1, unnest($2::int[]), $3, 3`, [
      autumn.project_id,
      healthy.map((h) => h.tree_id),
      healthy[0].client_id,
    ]);
    expect(byName(await list('grower'), 'Avocado survey – autumn').trend).toEqual(before);

    // Correcting the first readings to "dead" changes the share: no stale cached trend.
    await t.db.query(`UPDATE tree_observations SET tree_status = 3 WHERE observation_id = ANY($1::bigint[])`, [healthy.map((h) => h.observation_id)]);
    const after = byName(await list('grower'), 'Avocado survey – autumn').trend!;
    expect(after.healthy_share).toBeLessThan(before.healthy_share);
    expect(after.healthy_share).toBeCloseTo(await healthyShare(autumn.project_id), 4);
  });

  it('drops the trend when the earlier survey loses its results', async () => {
    const rows = await list('grower');
    const spring = byName(rows, 'Olive East – spring');
    await t.db.query('DELETE FROM tree_observations WHERE project_id = $1', [spring.project_id]);
    expect(byName(await list('grower'), 'Olive East – autumn').trend).toBeNull();
  });
});
