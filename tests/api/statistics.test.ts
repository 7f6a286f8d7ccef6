import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import type { TreeStatistics } from '../../workers/geo';

let t: TestApp;
let mine: number;
beforeAll(async () => {
  t = await createTestApp();
  const list = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; name: string }[];
  mine = list.find((p) => p.name === 'Avocado survey – autumn')!.project_id;
});
afterAll(async () => t?.close());

describe(`GET /api/tree-status-statistics on ${ENGINE}`, () => {
  it('counts each tree once (first observation) and matches SQL', async () => {
    const res = await t.as('grower', { method: 'GET', url: `/api/tree-status-statistics/${mine}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      statistics: TreeStatistics;
      total: TreeStatistics;
      plots: { plot_id: number; plot_name: string; name: string; statistics: TreeStatistics }[];
    };
    const { rows } = await t.db.query<{ code: number; n: number }>(
      `SELECT COALESCE(tree_status, 5)::int AS code, count(*)::int AS n FROM (
         SELECT DISTINCT ON (tree_id) tree_id, CASE WHEN tree_status BETWEEN 0 AND 5 THEN tree_status END AS tree_status
           FROM tree_observations WHERE project_id = $1 ORDER BY tree_id, observation_id) s GROUP BY 1 ORDER BY 1`,
      [mine],
    );
    const distinct = rows.reduce((s, r) => s + r.n, 0);
    expect(body.total.total_trees).toBe(distinct);
    for (const r of rows) expect(body.total.status_counts.find((c) => c.code === r.code)!.count).toBe(r.n);
    expect(body.statistics).toEqual(body.total);
    expect(body.total.total_plots).toBe(2);
    expect(body.plots.map((p) => p.plot_name).sort()).toEqual(['Avocado North', 'Avocado South']);
    expect(body.plots.reduce((s, p) => s + p.statistics.total_trees, 0)).toBe(distinct);
    const v = body.total.vitality_stats;
    expect(v.high_vitality + v.medium_vitality + v.low_vitality + v.no_vitality).toBe(distinct);
    expect(body.total.npk_stats.nitrogen.measurement_count).toBeGreaterThan(0);
  });
});
