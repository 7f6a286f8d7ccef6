// Prescription maps (issue 14): every file read back with an independent reader
// (shapefile + jszip for the shapefile zip; the isoxml package's parser for
// TASKDATA), the zones' classes recomputed here from SQL rows with the crop
// table, every zone inside the farm, and bad input answered 400/404.
import { area as turfArea, featureCollection, intersect, multiPolygon, polygon } from '@turf/turf';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { ExtendedTask, ISOXMLManager } from 'isoxml';
import JSZip from 'jszip';
import { read as readShapefile } from 'shapefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { majorityNClass } from '../support/nutrient-class';
import { ENGINE } from '../support/test-db';

interface TreeRow {
  plot_id: number | null;
  status: number;
  n_mean: number | null;
  crop_name: string | null;
}
interface PlotRow {
  plot_id: number;
  plot_name: string;
  geom: Polygon | MultiPolygon;
}

let t: TestApp;
let projectId = 0;
let otherClientProject = 0;
let trees: TreeRow[] = [];
let plots: PlotRow[] = [];
beforeAll(async () => {
  t = await createTestApp({ scale: 0.02 });
  const { rows: p } = await t.db.query<{ project_id: number; client_id: number }>(
    'SELECT o.project_id, max(pr.client_id)::int AS client_id FROM tree_observations o JOIN projects pr ON pr.project_id = o.project_id GROUP BY o.project_id ORDER BY count(*) DESC LIMIT 1',
  );
  projectId = p[0].project_id;
  const { rows: o } = await t.db.query<{ project_id: number }>('SELECT project_id FROM projects WHERE client_id <> $1 LIMIT 1', [p[0].client_id]);
  otherClientProject = o[0].project_id;
  // Each tree once, its first observation (the map's rule), read independently here.
  ({ rows: trees } = await t.db.query<TreeRow>(
    `SELECT DISTINCT ON (o.tree_id) t.plot_id::int AS plot_id, COALESCE(o.tree_status, 5)::int AS status, o.n_mean::float8 AS n_mean, co.crop_name
       FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id
       LEFT JOIN plots pl ON pl.plot_id = t.plot_id LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
      WHERE o.project_id = $1 ORDER BY o.tree_id, o.observation_id`,
    [projectId],
  ));
  ({ rows: plots } = await t.db.query<PlotRow>(
    `SELECT pl.plot_id, pl.plot_name, pl.geom FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
      WHERE pp.project_id = $1 ORDER BY pl.plot_id`,
    [projectId],
  ));
}, 120_000);
afterAll(async () => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  layer: 'n',
  unit: 'plot',
  product: 'Urea 46%',
  rateUnit: 'kg/ha',
  rates: [120, 80, 40],
  defaultRate: 60,
  format: 'shapefile',
  ...over,
});
const post = (payload: object, id = projectId, role: 'admin' | 'grower' | 'grower2' = 'admin') =>
  t.as(role, { method: 'POST', url: `/api/projects/${id}/prescriptions`, payload });

async function shapefileOf(buf: Buffer) {
  const zip = await JSZip.loadAsync(buf);
  const names = Object.keys(zip.files);
  const file = (ext: string) => zip.file(names.find((n) => n.endsWith(ext))!)!.async('nodebuffer');
  expect(names.map((n) => n.slice(n.lastIndexOf('.'))).sort()).toEqual(['.cpg', '.dbf', '.prj', '.shp', '.shx']);
  expect(await file('.prj').then(String)).toMatch(/GEOGCS\["GCS_WGS_1984"/);
  return readShapefile(await file('.shp'), await file('.dbf'), { encoding: 'utf-8' });
}

/** The expected class of a plot, recomputed (tests/support/nutrient-class.ts). */
const expectedClass = (plotId: number) => majorityNClass(trees, (r) => r.plot_id === plotId);

const farm = () => plots.map((p) => (p.geom.type === 'Polygon' ? polygon(p.geom.coordinates) : multiPolygon(p.geom.coordinates)));
/** Share of a zone's area inside the plots (1 = wholly inside). */
function insideShare(g: Polygon | MultiPolygon): number {
  const zone = g.type === 'Polygon' ? polygon(g.coordinates) : multiPolygon(g.coordinates);
  const inside = farm().reduce((s, f) => {
    const x = intersect(featureCollection<Polygon | MultiPolygon>([zone, f]));
    return s + (x ? turfArea(x) : 0);
  }, 0);
  return inside / turfArea(zone);
}

describe(`prescriptions on ${ENGINE}`, () => {
  it('shapefile per plot: one zone per plot, the recomputed class → rate, area and total quantity', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=.*\.zip/);
    const fc = await shapefileOf(res.rawPayload);
    expect(fc.features.length).toBe(plots.length);
    expect(Number(res.headers['x-zone-count'])).toBe(plots.length);
    const rates = [120, 80, 40];
    expect(plots.filter((p) => expectedClass(p.plot_id) >= 0).length, 'plots with measured N').toBeGreaterThan(0);
    let total = 0;
    for (const f of fc.features) {
      const props = f.properties as Record<string, string | number>;
      const plot = plots.find((p) => p.plot_name === props.ZONE);
      expect(plot, String(props.ZONE)).toBeDefined();
      const cls = expectedClass(plot!.plot_id);
      expect(props.RATE, `${props.ZONE}`).toBe(cls < 0 ? 60 : rates[cls]);
      expect(props.CLASS).toBe(cls < 0 ? 'none' : ['low', 'optimal', 'high'][cls]);
      expect(props.TREES).toBe(trees.filter((r) => r.plot_id === plot!.plot_id).length);
      const areaHa = turfArea(f) / 1e4;
      expect(Number(props.AREA_HA)).toBeCloseTo(areaHa, 2);
      expect(insideShare(f.geometry as Polygon)).toBeCloseTo(1, 6);
      total += Number(props.RATE) * areaHa;
    }
    expect(total).toBeGreaterThan(0);
  });

  it('shapefile on a 10 m grid: every cell clipped inside the farm; compact merges the zones of a rate and keeps RATE only', async () => {
    const res = await post(body({ unit: 'grid', gridSize: 10 }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const fc = await shapefileOf(res.rawPayload);
    expect(fc.features.length).toBeGreaterThan(plots.length);
    const farmArea = farm().reduce((s, f) => s + turfArea(f), 0);
    let zoneArea = 0;
    for (const f of fc.features.slice(0, 400)) expect(insideShare(f.geometry as Polygon)).toBeCloseTo(1, 4);
    for (const f of fc.features) {
      zoneArea += turfArea(f);
      expect(turfArea(f)).toBeLessThanOrEqual(100 * 1.01);
      expect([120, 80, 40, 60]).toContain((f.properties as { RATE: number }).RATE);
    }
    expect(zoneArea / farmArea).toBeCloseTo(1, 3);
    const compact = await shapefileOf((await post(body({ unit: 'grid', gridSize: 10, profile: 'compact' }))).rawPayload);
    const distinct = new Set(fc.features.map((f) => (f.properties as { RATE: number }).RATE));
    expect(compact.features.length).toBe(distinct.size);
    for (const f of compact.features) expect(Object.keys(f.properties ?? {})).toEqual(['RATE']);
    expect(compact.features.reduce((s, f) => s + turfArea(f), 0) / zoneArea).toBeCloseTo(1, 4);
  });

  it("g/tree: RATE is the kg/ha over the zone, G_TREE the grower's rate", async () => {
    const fc = await shapefileOf((await post(body({ rateUnit: 'g/tree', rates: [300, 200, 100], defaultRate: 150 }))).rawPayload);
    for (const f of fc.features) {
      const p = f.properties as Record<string, number | string>;
      const plot = plots.find((x) => x.plot_name === p.ZONE)!;
      const treated = trees.filter((r) => r.plot_id === plot.plot_id && r.status !== 3 && r.status !== 4).length;
      expect(Number(p.RATE)).toBeCloseTo((Number(p.G_TREE) * treated) / 1000 / Number(p.AREA_HA), 1);
    }
  });

  it('ISOXML TASKDATA: TASKDATA/TASKDATA.XML, a planned task with a grid of the rates (DDI 0006, mg/m²) and the product', async () => {
    const res = await post(body({ format: 'isoxml', unit: 'grid', gridSize: 20 }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files)).toContain('TASKDATA/TASKDATA.XML');
    const m = new ISOXMLManager();
    await m.parseISOXMLFile(new Uint8Array(res.rawPayload), 'application/zip');
    expect(m.getWarnings()).toEqual([]);
    const root = m.rootElement.attributes;
    expect(root.Product?.[0].attributes.ProductDesignator).toBe('Urea 46%');
    const task = root.Task![0] as ExtendedTask;
    const grid = task.getGridAsGeoJSON(['RATE']) as unknown as FeatureCollection;
    const values = grid.features.map((f) => Number(f.properties?.RATE));
    const zones = Number(res.headers['x-zone-count']);
    expect(values.filter((v) => v > 0).length).toBe(zones);
    for (const v of values) expect([0, 12_000, 8_000, 4_000, 6_000]).toContain(v);
    const tzn = task.attributes.TreatmentZone!.flatMap((z) => z.attributes.ProcessDataVariable ?? []);
    expect(new Set(tzn.map((p) => p.attributes.ProcessDataDDI))).toEqual(new Set(['0006']));
    // Every cell with a rate has its centre within a cell's reach of the farm.
    for (const f of grid.features.filter((x) => Number(x.properties?.RATE) > 0).slice(0, 300)) {
      expect(insideShare(f.geometry as Polygon)).toBeGreaterThan(0);
    }
    // Per plot: sampled at 5 m cell centres, each plot's rate is on the grid.
    const perPlot = await post(body({ format: 'isoxml', rateUnit: 'l/ha' }));
    const m2 = new ISOXMLManager();
    await m2.parseISOXMLFile(new Uint8Array(perPlot.rawPayload), 'application/zip');
    const t2 = m2.rootElement.attributes.Task![0] as ExtendedTask;
    const ddi = t2.attributes.TreatmentZone!.flatMap((z) => z.attributes.ProcessDataVariable ?? []).map((p) => p.attributes.ProcessDataDDI);
    expect(new Set(ddi)).toEqual(new Set(['0001']));
    const onGrid = new Set((t2.getGridAsGeoJSON(['RATE']) as unknown as FeatureCollection).features.map((f: Feature) => Number(f.properties?.RATE)));
    const expected = new Set(plots.map((p) => expectedClass(p.plot_id)).map((c) => (c < 0 ? 60 : [120, 80, 40][c]) * 100));
    for (const v of expected) expect(onGrid).toContain(v);
  });

  it('bad input is a 400 that says what is wrong; a survey the caller may not open is a 404', async () => {
    const cases: [object, RegExp][] = [
      [body({ rates: undefined }), /rates/],
      [body({ rates: [1, 2] }), /rates must hold 3 numbers/],
      [body({ rateUnit: 't/acre' }), /rateUnit must be one of/],
      [body({ unit: 'grid', gridSize: 0 }), /gridSize must be 5–50 m/],
      [body({ unit: 'grid' }), /unit grid needs gridSize/],
      [body({ product: ' ' }), /product must be a name/],
      [body({ rates: [1, -2, 3] }), /every rate must be 0 or more/],
      [body({ format: 'kml' }), /format must be one of/],
      [body({ extra: 1 }), /extra|Unrecognized/i],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect((await post(body(), otherClientProject, 'grower')).statusCode).toBe(404);
    expect((await post(body(), 2_000_000_000)).statusCode).toBe(404);
  });
});
