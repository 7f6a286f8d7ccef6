// Issue 17: the info panel (server statistics), the legend of a selection and
// the areas table (both from the map's worker) show the same counts for every
// plot and irrigation area of the demo: one grouping (stored ids), one engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { isCancelled } from '../../workers/geo-api';
import { createGeoService } from '../../workers/geo/service';
import { COMPACT_MIME, type SurveyStatistics, type TreeStatistics } from '../../workers/geo';

const ARROW = 'application/vnd.apache.arrow.stream';
const COMPACT = COMPACT_MIME;
let t: TestApp;
let surveys: { project_id: number; name: string }[];
beforeAll(async () => {
  t = await createTestApp();
  surveys = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; name: string }[];
});
afterAll(async () => t?.close());

const statusCounts = (s: TreeStatistics) => s.status_counts.map((c) => c.count);

describe(`panel = legend = areas table for every plot and irrigation area on ${ENGINE}`, () => {
  it('agree on every demo survey of the grower, through the compact form, Arrow and GeoJSON', async () => {
    let zonesChecked = 0;
    for (const p of surveys) {
      const server = (await t.as('grower', { method: 'GET', url: `/api/tree-status-statistics/${p.project_id}` })).json() as SurveyStatistics;
      for (const accept of [COMPACT, ARROW, 'application/json']) {
        const res = await t.as('grower', { method: 'GET', url: `/api/trees/${p.project_id}`, headers: { accept } });
        expect(res.statusCode).toBe(200);
        const bytes = new Uint8Array(res.rawPayload).buffer as ArrayBuffer;
        const geo = createGeoService();
        const ingest = await geo.ingest({ format: accept === COMPACT ? 'compact' : accept === ARROW ? 'arrow' : 'json', bytes });
        const colours = await geo.colours('status', 1);
        if (isCancelled(colours)) throw new Error('cancelled');
        // The legend of the whole survey is the panel's project statistics.
        expect(Array.from(colours.counts.subarray(0, 6)), `${p.name} legend`).toEqual(statusCounts(server.total));
        const table = await geo.zones();
        for (const [kind, list] of [
          ['plot', server.plots],
          ['area', server.irrigation_areas],
        ] as const) {
          for (const entry of list) {
            const id = String(
              kind === 'plot'
                ? (entry as SurveyStatistics['plots'][number]).plot_id
                : (entry as SurveyStatistics['irrigation_areas'][number]).irrigation_area_id,
            );
            const features = kind === 'plot' ? ingest.plots : ingest.irrigationAreas;
            const part = features.findIndex((f) => String(f.sourceId) === id);
            expect(part, `${p.name} ${kind} ${id} on the map`).toBeGreaterThanOrEqual(0);
            const legend = await geo.legendCounts('status', { kind, part }, zonesChecked + 2);
            if (isCancelled(legend)) throw new Error('cancelled');
            expect(Array.from(legend.subarray(0, 6)), `${p.name} ${kind} ${id} legend`).toEqual(statusCounts(entry.statistics));
            const row = table.find((r) => r.kind === kind && r.id === id);
            expect(row?.stats, `${p.name} ${kind} ${id} areas table`).toEqual(entry.statistics);
            zonesChecked++;
          }
        }
      }
    }
    // The demo grower's surveys hold plots and irrigation areas (a test that checks nothing must fail).
    expect(zonesChecked).toBeGreaterThan(10);
  }, 180_000); // three forms of every demo survey through the worker: over a minute on a loaded machine
});
