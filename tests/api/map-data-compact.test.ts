// The compact map data (README "Compact map data", issue 35): what the app asks for. Same trees as the
// Arrow form at the precision shown, its own ETag, gzip when accepted, and statistics the browser computes
// from it equal to the server's at the precision the app shows them.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyseDataset,
  COMPACT_MIME,
  decodeMapDataArrow,
  decodeMapDataCompact,
  idAt,
  NUMERIC_FIELDS,
  surveyStatistics,
  type SurveyStatistics,
  type TreeStatistics,
} from '../../workers/geo';
import { fieldSpec, wireTextFields } from '../../workers/geo/fields';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { shownStatistics } from '../support/shown-statistics';

const ARROW = 'application/vnd.apache.arrow.stream';
const APP_ACCEPT = `${COMPACT_MIME}, ${ARROW};q=0.9, application/json;q=0.8`; // src/api/map-data.ts
let t: TestApp;
let surveys: { project_id: number; name: string }[];
let mine: number;
beforeAll(async () => {
  t = await createTestApp();
  surveys = (await t.as('grower', { method: 'GET', url: '/api/projects/user' })).json() as { project_id: number; name: string }[];
  mine = surveys.find((p) => p.name === 'Avocado survey – autumn')!.project_id;
});
afterAll(async () => t?.close());

describe(`compact map data on ${ENGINE}`, () => {
  it("answers the app's Accept with the compact form: the Arrow form's trees at the wire decimals, smaller", async () => {
    const compact = await t.as('grower', { method: 'GET', url: `/api/trees/${mine}`, headers: { accept: APP_ACCEPT } });
    expect(compact.statusCode).toBe(200);
    expect(compact.headers['content-type']).toBe(COMPACT_MIME);
    const arrow = await t.as('grower', { method: 'GET', url: `/api/trees/${mine}`, headers: { accept: ARROW } });
    expect(arrow.headers['content-type']).toBe(ARROW);
    // An app tab from before version 2 (its decoder knows no bias) names the first type: it gets Arrow, never v2 bytes.
    const oldTab = await t.as('grower', {
      method: 'GET',
      url: `/api/trees/${mine}`,
      headers: { accept: `application/vnd.orchard.trees+compact, ${ARROW};q=0.9, application/json;q=0.8` },
    });
    expect(oldTab.headers['content-type']).toBe(ARROW);
    expect(compact.rawPayload.length).toBeLessThan(arrow.rawPayload.length / 2);
    const c = decodeMapDataCompact(compact.rawPayload);
    const a = decodeMapDataArrow(arrow.rawPayload);
    expect(c.trees.length).toBe(a.trees.length);
    expect(c.trees.length).toBeGreaterThan(100);
    expect(c.duplicates).toEqual(a.duplicates);
    expect(c.plots.map((p) => p.id)).toEqual(a.plots.map((p) => p.id));
    expect(c.biomassRange).toEqual(a.biomassRange);
    expect(c.npkRanges).toEqual(a.npkRanges);
    for (let i = 0; i < c.trees.length; i++) {
      expect(idAt(c.trees.ids, i)).toBe(idAt(a.trees.ids, i));
      expect(c.trees.status[i]).toBe(a.trees.status[i]);
      // 1 cm steps: under 1e-7 degrees either way.
      expect(Math.abs(c.trees.positions[2 * i] - a.trees.positions[2 * i])).toBeLessThan(1e-7);
      expect(Math.abs(c.trees.positions[2 * i + 1] - a.trees.positions[2 * i + 1])).toBeLessThan(1e-7);
      for (const f of NUMERIC_FIELDS) {
        const d = fieldSpec(f)!.wireDecimals ?? fieldSpec(f)!.decimals!;
        const want = a.trees.numeric[f][i];
        expect(c.trees.numeric[f][i], f).toBe(want === want ? Math.fround(Math.round(want * 10 ** d) / 10 ** d) : NaN);
      }
      for (const f of wireTextFields()) {
        const k = f as keyof typeof c.trees.text;
        expect(c.trees.text[k].dict[c.trees.text[k].codes[i]]).toBe(a.trees.text[k].dict[a.trees.text[k].codes[i]]);
      }
    }
  });

  it('has its own ETag (304 for it, 200 for the Arrow one) and is gzip when accepted', async () => {
    const url = `/api/trees/${mine}`;
    const first = await t.as('grower', { method: 'GET', url, headers: { accept: APP_ACCEPT } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/-compact"$/);
    const again = await t.as('grower', { method: 'GET', url, headers: { accept: APP_ACCEPT, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const arrowTag = String((await t.as('grower', { method: 'GET', url, headers: { accept: ARROW } })).headers.etag);
    const kept = await t.as('grower', { method: 'GET', url, headers: { accept: APP_ACCEPT, 'if-none-match': arrowTag } });
    expect(kept.statusCode).toBe(200); // a copy kept as Arrow is replaced by the compact form once
    expect(kept.headers['content-type']).toBe(COMPACT_MIME);
    const gz = await t.as('grower', { method: 'GET', url, headers: { accept: APP_ACCEPT, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gunzipSync(gz.rawPayload), first.rawPayload)).toBe(0);
  });

  it('is brotli for a client that accepts it (as Chromium does) once the snapshot job has made it, smaller than the gzip', async () => {
    const url = `/api/trees/${mine}`;
    const headers = { accept: APP_ACCEPT, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const plain = await t.as('grower', { method: 'GET', url, headers: { accept: APP_ACCEPT } });
    const gz = await t.as('grower', { method: 'GET', url, headers: { accept: APP_ACCEPT, 'accept-encoding': 'gzip' } });
    // The brotli is written after the snapshot is recorded: gzip until then.
    let res = await t.as('grower', { method: 'GET', url, headers });
    for (let i = 0; i < 100 && res.headers['content-encoding'] !== 'br'; i++) {
      expect(res.headers['content-encoding']).toBe('gzip');
      await new Promise((r) => setTimeout(r, 100));
      res = await t.as('grower', { method: 'GET', url, headers });
    }
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(Buffer.compare(brotliDecompressSync(res.rawPayload), plain.rawPayload)).toBe(0);
    expect(res.rawPayload.length).toBeLessThan(gz.rawPayload.length);
    // Not offered for Arrow: that one stays gzip.
    const arrow = await t.as('grower', { method: 'GET', url, headers: { accept: ARROW, 'accept-encoding': 'gzip, br' } });
    expect(arrow.headers['content-encoding']).toBe('gzip');
  });

  it("gives the browser the server's statistics at the precision shown, on every demo survey of the grower (test-size seed)", async () => {
    let compared = 0;
    for (const p of surveys) {
      const server = (await t.as('grower', { method: 'GET', url: `/api/tree-status-statistics/${p.project_id}` })).json() as SurveyStatistics;
      const res = await t.as('grower', { method: 'GET', url: `/api/trees/${p.project_id}`, headers: { accept: APP_ACCEPT } });
      const d = decodeMapDataCompact(res.rawPayload);
      // What the map's worker computes on a load (workers/geo/zones.ts).
      const a = analyseDataset(d);
      const browser = surveyStatistics(d, a.zones, a);
      const shown = (s: { total: TreeStatistics; plots: { statistics: TreeStatistics }[]; irrigation_areas: { statistics: TreeStatistics }[] }) => [
        shownStatistics(s.total),
        ...s.plots.map((z) => shownStatistics(z.statistics)),
        ...s.irrigation_areas.map((z) => shownStatistics(z.statistics)),
      ];
      expect(shown(browser), p.name).toEqual(shown(server));
      compared += d.trees.length;
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
