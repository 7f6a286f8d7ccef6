// Tree exports (issue 13): every format read back with an independent reader
// (JSON.parse, papaparse, shapefile + jszip, @tmcw/togeojson over xmldom), and
// counts, attributes and coordinates checked against SQL over the survey's rows.
import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { parse as parseDisposition } from 'content-disposition';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { read as readShapefile } from 'shapefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_FIELDS } from '../../src/domain/export';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

interface Tree {
  tree_id: number;
  status: number;
  lon: number;
  lat: number;
  row_num: number | null;
  tree_num: number | null;
  plot_id: number | null;
  plot_name: string | null;
  n_mean: number | null;
}

let t: TestApp;
let projectId = 0;
let trees: Tree[] = [];
const byId = new Map<number, Tree>();
beforeAll(async () => {
  t = await createTestApp({ scale: 0.02 });
  const { rows: p } = await t.db.query<{ project_id: number }>('SELECT project_id FROM tree_observations GROUP BY project_id ORDER BY count(*) DESC LIMIT 1');
  projectId = p[0].project_id;
  // Each tree once, its first observation (the rule of the map and the statistics), read independently here.
  const { rows } = await t.db.query<Tree>(
    `SELECT DISTINCT ON (o.tree_id) o.tree_id::int AS tree_id, COALESCE(o.tree_status, 5)::int AS status, t.lon, t.lat,
            t.row_num::int AS row_num, t.tree_num::int AS tree_num, t.plot_id::int AS plot_id, pl.plot_name, o.n_mean::float8 AS n_mean
       FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id LEFT JOIN plots pl ON pl.plot_id = t.plot_id
      WHERE o.project_id = $1 ORDER BY o.tree_id, o.observation_id`,
    [projectId],
  );
  trees = rows;
  for (const r of rows) byId.set(r.tree_id, r);
}, 120_000);
afterAll(async () => t?.close());

const get = (query: string, role: 'admin' | 'grower' = 'admin') => t.as(role, { method: 'GET', url: `/api/projects/${projectId}/export?${query}` });
const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

function expectSameTree(id: number, got: { lon: number; lat: number; status: unknown; row: unknown; plot: unknown; n: unknown }) {
  const want = byId.get(id);
  expect(want, `tree ${id} is not in the survey`).toBeDefined();
  expect(got.lon).toBeCloseTo(want!.lon, 6);
  expect(got.lat).toBeCloseTo(want!.lat, 6);
  expect(Number(got.status)).toBe(Math.min(want!.status, 5));
  expect(got.row === null || got.row === undefined || got.row === '' ? null : Number(got.row)).toBe(want!.row_num);
  expect(got.plot || null).toBe(want!.plot_name);
  if (want!.n_mean === null) expect(got.n === null || got.n === undefined || got.n === '').toBe(true);
  else expect(Number(got.n)).toBeCloseTo(want!.n_mean, 2);
}

describe(`tree exports on ${ENGINE}`, () => {
  it('GeoJSON: RFC 7946 (WGS84, ≤ 7 decimals, no crs), every tree once', async () => {
    expect(trees.length).toBeGreaterThan(100);
    const res = await get('format=geojson');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/geo\+json/);
    const {
      rows: [project],
    } = await t.db.query<{ name: string; observation_date: string }>(
      'SELECT name, observation_date::text AS observation_date FROM projects WHERE project_id = $1',
      [projectId],
    );
    const cd = parseDisposition(String(res.headers['content-disposition']));
    expect(cd.type).toBe('attachment');
    expect(cd.parameters.filename).toBe(`${project.name}_${project.observation_date}.geojson`);
    const doc = JSON.parse(res.body);
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.crs).toBeUndefined();
    expect(doc.features).toHaveLength(trees.length);
    for (const f of doc.features) {
      const [lon, lat] = f.geometry.coordinates;
      expect(decimals(lon)).toBeLessThanOrEqual(7);
      expect(Object.keys(f.properties)).toEqual(EXPORT_FIELDS.map(([n]) => n));
      expectSameTree(f.properties.tree_id, { lon, lat, ...f.properties });
    }
  });

  it('CSV: BOM, the same trees, status names in the language asked for', async () => {
    const res = await get('format=csv&lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<Record<string, string>>(res.body.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...EXPORT_FIELDS.map(([n]) => n), 'lon', 'lat']);
    expect(parsed.data).toHaveLength(trees.length);
    for (const r of parsed.data)
      expectSameTree(Number(r.tree_id), { lon: Number(r.lon), lat: Number(r.lat), status: r.status, row: r.row, plot: r.plot, n: r.n });
    expect(new Set(parsed.data.map((r) => r.status_nm))).toContain('Healthy');
    // Status 5 carries client.md §3's whitewash label (issue 32).
    expect(new Set(parsed.data.filter((r) => r.status === '5').map((r) => r.status_nm))).toEqual(new Set(['Unknown / whitewash']));
    const hebrew = await get('format=csv&lang=he');
    const heRows = Papa.parse<Record<string, string>>(hebrew.body.slice(1), { header: true }).data;
    expect(heRows.map((r) => r.status_nm)).toContain('בריא');
    expect(new Set(heRows.filter((r) => r.status === '5').map((r) => r.status_nm))).toEqual(new Set(['לא ידוע / מסויד']));
  });

  it('Shapefile: a zip of .shp/.shx/.dbf/.prj/.cpg that the shapefile reader opens, Hebrew intact', async () => {
    const res = await get('format=shp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names.map((n) => n.slice(n.lastIndexOf('.')))).toEqual(['.cpg', '.dbf', '.prj', '.shp', '.shx']);
    const file = (ext: string) => zip.file(names.find((n) => n.endsWith(ext))!)!;
    expect(await file('.cpg').async('string')).toBe('UTF-8');
    expect(await file('.prj').async('string')).toMatch(/WGS_1984/);
    const fc = await readShapefile(await file('.shp').async('uint8array'), await file('.dbf').async('uint8array'), { encoding: 'utf-8' });
    expect(fc.features).toHaveLength(trees.length);
    for (const f of fc.features as GeoJSON.Feature[]) {
      const [lon, lat] = (f.geometry as { coordinates: number[] }).coordinates;
      const p = f.properties as Record<string, unknown>;
      expect(Object.keys(p).every((k) => k.length <= 10)).toBe(true);
      expectSameTree(Number(p.tree_id), { lon, lat, status: p.status, row: p.row, plot: p.plot, n: p.n });
    }
    expect((fc.features as GeoJSON.Feature[]).some((f) => /[\u0590-\u05ff]/.test(String((f.properties as Record<string, unknown>).status_nm)))).toBe(true);
  });

  it('KML: placemarks with the fields as ExtendedData', async () => {
    const res = await get('format=kml');
    expect(res.statusCode).toBe(200);
    const dom = new DOMParser().parseFromString(res.body, 'text/xml');
    const fc = kmlToGeoJson(dom as unknown as Document);
    expect(fc.features).toHaveLength(trees.length);
    for (const f of fc.features) {
      const [lon, lat] = (f.geometry as { coordinates: number[] }).coordinates;
      const p = f.properties as Record<string, unknown>;
      expectSameTree(Number(p.tree_id), { lon, lat, status: p.status, row: p.row, plot: p.plot, n: p.n });
    }
  });

  it('honours the filter: hidden legend classes, a plot, the colour mode', async () => {
    const deadOrMissing = trees.filter((x) => x.status === 3 || x.status === 4).length;
    expect(deadOrMissing).toBeGreaterThan(0);
    const hidden = JSON.parse((await get('format=geojson&hide=3,4')).body);
    expect(hidden.features).toHaveLength(trees.length - deadOrMissing);
    expect(hidden.features.every((f: { properties: { status: number } }) => f.properties.status !== 3 && f.properties.status !== 4)).toBe(true);
    const plot = trees.find((x) => x.plot_id !== null)!.plot_id!;
    const inPlot = JSON.parse((await get(`format=geojson&plotId=${plot}`)).body);
    expect(inPlot.features).toHaveLength(trees.filter((x) => x.plot_id === plot).length);
    // N mode draws only trees with a mean that are not Missing: the export is what the map shows.
    const n = JSON.parse((await get('format=geojson&mode=n')).body);
    expect(n.features).toHaveLength(trees.filter((x) => x.n_mean !== null && x.status !== 4).length);
  });

  it('N vs crop range: the export holds the classes the statistics count (one rule: low / optimal / high by the crop)', async () => {
    const stats = (await t.as('admin', { method: 'GET', url: `/api/tree-status-statistics/${projectId}` })).json() as {
      total: { npk_classes: { nitrogen: { low: number; optimal: number; high: number } } };
    };
    const c = stats.total.npk_classes.nitrogen;
    expect(c.low + c.high).toBeGreaterThan(0);
    const all = JSON.parse((await get('format=geojson&mode=nRange')).body);
    expect(all.features).toHaveLength(c.low + c.optimal + c.high);
    const problems = JSON.parse((await get('format=geojson&mode=nRange&hide=1')).body);
    expect(problems.features).toHaveLength(c.low + c.high);
  });

  it("answers bad input with a 400 that says what is wrong, and another client's plot with a 404", async () => {
    const bad = await get('format=xlsx');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/format must be one of geojson, csv, shp, kml/);
    expect((await get('format=csv&hide=3;drop')).body).toMatch(/hide must be class numbers/);
    expect((await get('format=csv&mode=ndvi')).statusCode).toBe(400);
    const { rows } = await t.db.query<{ plot_id: number }>(
      'SELECT plot_id FROM plots WHERE client_id <> (SELECT client_id FROM projects WHERE project_id = $1) LIMIT 1',
      [projectId],
    );
    const foreign = await get(`format=csv&plotId=${rows[0].plot_id}`);
    expect(foreign.statusCode).toBe(404);
  });
});
