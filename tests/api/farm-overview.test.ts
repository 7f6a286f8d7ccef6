import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

interface Overview {
  crs: string;
  plots: {
    features: {
      id: number;
      geometry: { type: string; coordinates: unknown };
      properties: {
        plot_id: number;
        plot_name: string;
        survey_ids: number[];
        latest_survey: { project_id: number; total: number; status_counts: Record<string, number> } | null;
      };
    }[];
  };
  surveys: { project_id: number; name: string; observation_date: string | null; plot_ids: number[]; has_results: boolean }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe(`GET /api/farm/overview on ${ENGINE}`, () => {
  it("returns the grower's plots in EPSG:4326 with their surveys and the latest survey's status counts", async () => {
    const res = await t.as('grower', { method: 'GET', url: '/api/farm/overview' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Overview;
    expect(body.crs).toBe('EPSG:4326');
    const names = body.plots.features.map((f) => f.properties.plot_name).sort();
    expect(names).toEqual(['Avocado North', 'Avocado South', 'Date Palm West', 'Olive East']);
    const palm = body.plots.features.find((f) => f.properties.plot_name === 'Date Palm West')!;
    expect(palm.geometry.type).toBe('MultiPolygon');
    const [lon, lat] = (palm.geometry.coordinates as number[][][][])[0][0][0];
    expect(lon).toBeGreaterThan(34);
    expect(lon).toBeLessThan(35);
    expect(lat).toBeGreaterThan(30);
    expect(lat).toBeLessThan(32);

    // Surveys covering a plot, newest first (nulls last), and the latest with results.
    const avocado = body.plots.features.find((f) => f.properties.plot_name === 'Avocado North')!;
    const dates = avocado.properties.survey_ids.map((id) => body.surveys.find((s) => s.project_id === id)!.observation_date);
    const dated = dates.filter((d): d is string => d !== null);
    expect(dated).toEqual([...dated].sort().reverse());
    const latest = avocado.properties.latest_survey!;
    const latestSurvey = body.surveys.find((s) => s.project_id === latest.project_id)!;
    expect(latestSurvey.name).toBe('Avocado survey – autumn');

    // The counts equal a direct count of the plot's trees in that survey (each tree once).
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(DISTINCT o.tree_id)::int AS n FROM tree_observations o JOIN trees tr ON tr.tree_id = o.tree_id
        WHERE o.project_id = $1 AND tr.plot_id = $2`,
      [latest.project_id, avocado.id],
    );
    expect(latest.total).toBe(rows[0].n);
    expect(Object.values(latest.status_counts).reduce((a, b) => a + b, 0)).toBe(rows[0].n);
    expect(latest.status_counts['0']).toBeGreaterThan(latest.total / 2);
  });

  it('is tenant-isolated: each grower sees only their own plots and surveys', async () => {
    const a = (await t.as('grower', { method: 'GET', url: '/api/farm/overview' })).json() as Overview;
    const b = (await t.as('grower2', { method: 'GET', url: '/api/farm/overview' })).json() as Overview;
    const aIds = new Set(a.plots.features.map((f) => f.id));
    expect(b.plots.features.length).toBeGreaterThan(0);
    expect(b.plots.features.some((f) => aIds.has(f.id))).toBe(false);
    expect(b.surveys.some((s) => a.surveys.some((x) => x.project_id === s.project_id))).toBe(false);
    const clientA = (await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Galil Orchards'`)).rows[0].client_id;
    const probe = await t.as('grower2', { method: 'GET', url: `/api/farm/overview?clientId=${clientA}` });
    expect(probe.statusCode).toBe(404);
    expect(probe.body).not.toContain('Avocado');
  });

  it('needs a token, and a clientId for admins; rejects bad query input with 400', async () => {
    expect((await t.as(null, { method: 'GET', url: '/api/farm/overview' })).statusCode).toBe(401);
    expect((await t.as('admin', { method: 'GET', url: '/api/farm/overview' })).statusCode).toBe(400);
    const ok = await t.as('admin', { method: 'GET', url: '/api/farm/overview?clientId=1' });
    expect(ok.statusCode).toBe(200);
    expect((await t.as('grower', { method: 'GET', url: '/api/farm/overview?clientId=abc' })).statusCode).toBe(400);
    expect((await t.as('grower', { method: 'GET', url: '/api/farm/overview?evil=1' })).statusCode).toBe(400);
  });
});
