// Boundary import and export in the data editor (issue 14). The round trip:
// a client's plots and irrigation areas exported as shapefiles (read back with
// the independent `shapefile` reader) import into a new client unchanged, the
// areas land in their plots and a tree already there is re-assigned. KML, KMZ
// and GeoJSON, reprojection from a .prj and from a GeoJSON crs (checked
// against the grids' own origins, not against proj4), and a corpus of broken
// and hostile files: each a 4xx with a message, never a 5xx, nothing written.
import { existsSync } from 'node:fs';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { strToU8, zipSync } from 'fflate';
import { read as readShapefile } from 'shapefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polygonShp } from '../../server/export/shp-polygons';
import { createTestApp, type TestApp } from '../support/api-app';

interface PlotRow {
  plot_id: number;
  plot_name: string;
  crop_name: string | null;
  plot_area: number | null;
  geom: Polygon | MultiPolygon;
}
interface Preview {
  format: string;
  crs: string;
  fields: string[];
  features: {
    index: number;
    geometry: Polygon | MultiPolygon;
    properties: Record<string, unknown>;
    problems: { plot: string | null; irrigation: string | null };
  }[];
}

let t: TestApp;
let source = 0;
let target = 0;
beforeAll(async () => {
  t = await createTestApp({ scale: 0.02 });
  const { rows } = await t.db.query<{ client_id: number }>('SELECT client_id FROM plots GROUP BY client_id ORDER BY count(*) DESC LIMIT 1');
  source = rows[0].client_id;
  const res = await t.as('admin', { method: 'POST', url: '/api/admin/clients', payload: { name: 'Boundary import farm' } });
  expect(res.statusCode, res.body).toBe(201);
  ({
    rows: [{ client_id: target }],
  } = await t.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE name = 'Boundary import farm'`));
}, 120_000);
afterAll(async () => t?.close());

const upload = (clientId: number, payload: Buffer | string, type = 'application/octet-stream') =>
  t.as('admin', { method: 'POST', url: `/api/admin/data/clients/${clientId}/boundaries/preview`, payload, headers: { 'content-type': type } });
const importFeatures = (clientId: number, features: unknown[]) =>
  t.as('admin', { method: 'POST', url: `/api/admin/data/clients/${clientId}/boundaries`, payload: { features } });
const counts = async (clientId: number) =>
  (
    await t.db.query<{ p: number; a: number }>(
      'SELECT (SELECT count(*)::int FROM plots WHERE client_id = $1) AS p, (SELECT count(*)::int FROM irrigation_areas WHERE client_id = $1) AS a',
      [clientId],
    )
  ).rows[0];
const plotsOf = async (clientId: number) =>
  (
    await t.db.query<PlotRow>(
      `SELECT p.plot_id, p.plot_name, co.crop_name, p.plot_area::float8 AS plot_area, p.geom FROM plots p
     LEFT JOIN crop_options co ON co.crop_id = p.crop_id WHERE p.client_id = $1 ORDER BY p.plot_id`,
      [clientId],
    )
  ).rows;

/** Rings as sets of exact positions per polygon (orientation and start vertex do not matter). */
const shape = (g: Polygon | MultiPolygon) =>
  (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).map((rings) =>
    rings.map((r) =>
      r
        .slice(0, -1)
        .map((p) => `${p[0]},${p[1]}`)
        .sort()
        .join(' '),
    ),
  );

function shapefileZip(rings: Position[][][], prj: string | null, names: Record<string, string> = {}): Buffer {
  const { shp, shx } = polygonShp(rings);
  const files: Record<string, Uint8Array> = { [names.shp ?? 'x.shp']: shp, 'x.shx': shx };
  if (prj !== null) files['x.prj'] = strToU8(prj);
  return Buffer.from(zipSync(files));
}

describe('boundary export and import round trip', () => {
  it('exports the plots as a WGS 84 shapefile that imports back unchanged into another client, trees re-assigned', async () => {
    const res = await t.as('admin', { method: 'GET', url: `/api/admin/data/clients/${source}/boundaries.zip?kind=plot` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const original = await plotsOf(source);
    // The independent reader sees every plot with its name and crop.
    const { unzipSync } = await import('fflate');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const fc = await readShapefile(Buffer.from(files['plots.shp']), Buffer.from(files['plots.dbf']), { encoding: 'utf-8' });
    expect(fc.features.map((f) => f.properties!.NAME)).toEqual(original.map((p) => p.plot_name));
    expect(new TextDecoder().decode(files['plots.prj'])).toMatch(/^GEOGCS\["GCS_WGS_1984"/);

    // A tree of the new client already standing inside the first plot, before the plots exist.
    const inner = original[0].geom.type === 'Polygon' ? original[0].geom.coordinates[0] : original[0].geom.coordinates[0][0];
    const [cx, cy] = [
      inner.slice(0, -1).reduce((s, p) => s + p[0], 0) / (inner.length - 1),
      inner.slice(0, -1).reduce((s, p) => s + p[1], 0) / (inner.length - 1),
    ];
    const {
      rows: [tree],
    } = await t.db.query<{ tree_id: number }>('INSERT INTO trees (client_id, row_num, tree_num, lon, lat) VALUES ($1, 1, 1, $2, $3) RETURNING tree_id', [
      target,
      cx,
      cy,
    ]);

    const preview = await upload(target, res.rawPayload);
    expect(preview.statusCode, preview.body.slice(0, 300)).toBe(200);
    const p = preview.json<Preview>();
    expect(p.format).toBe('shapefile');
    expect(p.crs).toBe('GCS_WGS_1984');
    expect(p.fields).toEqual(['ID', 'NAME', 'CROP', 'AREA_HA']);
    expect(p.features.every((f) => f.problems.plot === null)).toBe(true);
    const imported = await importFeatures(
      target,
      p.features.map((f) => ({ kind: 'plot', name: f.properties.NAME, crop_name: f.properties.CROP, area_ha: f.properties.AREA_HA, geometry: f.geometry })),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().assigned.trees).toBe(1);

    const copy = await plotsOf(target);
    expect(copy.map((r) => [r.plot_name, r.crop_name])).toEqual(original.map((r) => [r.plot_name, r.crop_name]));
    copy.forEach((r, i) => {
      expect(shape(r.geom)).toEqual(shape(original[i].geom));
      expect(r.plot_area).toBeCloseTo(original[i].plot_area ?? 0, 3);
    });
    const {
      rows: [moved],
    } = await t.db.query<{ plot_id: number }>('SELECT plot_id FROM trees WHERE tree_id = $1', [tree.tree_id]);
    expect(moved.plot_id).toBe(copy[0].plot_id);
  }, 120_000);

  it('imports irrigation areas into the plots that hold them', async () => {
    const res = await t.as('admin', { method: 'GET', url: `/api/admin/data/clients/${source}/boundaries.zip?kind=irrigation` });
    expect(res.statusCode).toBe(200);
    const p = (await upload(target, res.rawPayload)).json<Preview>();
    expect(p.fields).toEqual(['ID', 'NAME', 'PLOT']);
    const imported = await importFeatures(
      target,
      p.features.map((f) => ({ kind: 'irrigation', name: f.properties.NAME, geometry: f.geometry })),
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const { rows } = await t.db.query<{ area: string; plot: string | null }>(
      `SELECT ia.irrigation_area_name AS area, p.plot_name AS plot FROM irrigation_areas ia LEFT JOIN plots p ON p.plot_id = ia.plot_id WHERE ia.client_id = $1 ORDER BY 1`,
      [target],
    );
    const { rows: before } = await t.db.query<{ area: string; plot: string | null }>(
      `SELECT ia.irrigation_area_name AS area, p.plot_name AS plot FROM irrigation_areas ia LEFT JOIN plots p ON p.plot_id = ia.plot_id WHERE ia.client_id = $1 ORDER BY 1`,
      [source],
    );
    expect(rows).toEqual(before);
  }, 60_000);
});

describe('boundary formats and coordinate systems', () => {
  const ring = [
    [35.1, 32.1, 12],
    [35.101, 32.1, 12],
    [35.101, 32.101, 12],
    [35.1, 32.101, 12],
    [35.1, 32.1, 12],
  ];
  const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>חלקה צפון</name>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.map((p) => p.join(',')).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;

  it('reads KML and KMZ (altitudes dropped, names kept)', async () => {
    for (const [body, format] of [
      [Buffer.from(kml), 'kml'],
      [Buffer.from(zipSync({ 'doc.kml': strToU8(kml), 'files/x.png': new Uint8Array(8) })), 'kmz'],
    ] as const) {
      const res = await upload(target, body);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json<Preview>();
      expect(p.format).toBe(format);
      expect(p.features).toHaveLength(1);
      expect(p.features[0].properties.name).toBe('חלקה צפון');
      expect((p.features[0].geometry as Polygon).coordinates[0][0]).toEqual([35.1, 32.1]);
      expect(p.features[0].problems).toEqual({ plot: null, irrigation: null });
    }
  });

  it('reprojects a shapefile from its .prj (UTM 36N) and GeoJSON from its crs (Israeli TM Grid)', async () => {
    // UTM zone 36N: easting 500,000 is the central meridian, 33°E, exactly.
    const utm =
      'PROJCS["WGS_1984_UTM_Zone_36N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",33.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
    const sq = (x: number, y: number, d: number) => [
      [
        [x, y],
        [x, y + d],
        [x + d, y + d],
        [x + d, y],
        [x, y],
      ],
    ];
    const res = await upload(target, shapefileZip([sq(500000, 3550000, 100)], utm));
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Preview>();
    expect(p.crs).toBe('WGS_1984_UTM_Zone_36N');
    const [lon, lat] = (p.features[0].geometry as Polygon).coordinates[0][0];
    expect(lon).toBeCloseTo(33, 9);
    expect(lat).toBeGreaterThan(32.07);
    expect(lat).toBeLessThan(32.09);
    // ITM's false origin (219529.584, 626907.39) is 31°44′03.8″N 35°12′16.3″E on the Israel 1993 datum; the
    // shift to WGS 84 (EPSG:2039's 7 parameters) moves it by tens of metres: within 0.001° (~100 m) is the origin.
    const itm = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2039' } },
      features: [{ type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Polygon', coordinates: sq(219529.584, 626907.39, 50) } }],
    };
    const g = await upload(target, JSON.stringify(itm), 'application/json');
    expect(g.statusCode, g.body).toBe(200);
    const [ilon, ilat] = (g.json<Preview>().features[0].geometry as Polygon).coordinates[0][0];
    expect(Math.abs(ilon - 35.2045169)).toBeLessThan(0.001);
    expect(Math.abs(ilat - 31.7343936)).toBeLessThan(0.001);
  });
});

describe('hostile and broken files: 4xx with a message, never a 5xx, nothing written', () => {
  const bowtie = {
    type: 'Polygon',
    coordinates: [
      [
        [35, 32],
        [35.01, 32.01],
        [35.01, 32],
        [35, 32.01],
        [35, 32],
      ],
    ],
  };
  const square = {
    type: 'Polygon',
    coordinates: [
      [
        [35, 32],
        [35.001, 32],
        [35.001, 32.001],
        [35, 32.001],
        [35, 32],
      ],
    ],
  };

  it('answers each file of the corpus with the status and message it deserves', async () => {
    const bigRing = Array.from({ length: 1_000_000 }, (_, i) => [35 + 0.01 * Math.cos((2 * Math.PI * i) / 1e6), 32 + 0.01 * Math.sin((2 * Math.PI * i) / 1e6)]);
    bigRing.push(bigRing[0]);
    const manyEntries = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}.txt`, strToU8('x')]));
    const bomb = zipSync({ 'x.shp': new Uint8Array(300 * 1024 * 1024) }, { level: 9 });
    // Declared sizes that lie: the directory says 1,000 bytes, the data inflates to 50 MB.
    const liar = zipSync({ 'x.shp': new Uint8Array(50_000_000) }, { level: 9 });
    const dv = new DataView(liar.buffer);
    for (let i = 0; i < liar.length - 4; i++) {
      if (dv.getUint32(i, true) === 0x02014b50) dv.setUint32(i + 24, 1000, true);
      if (dv.getUint32(i, true) === 0x04034b50) dv.setUint32(i + 22, 1000, true);
    }
    const sq = (x: number, y: number, d: number) => [
      [
        [x, y],
        [x, y + d],
        [x + d, y + d],
        [x + d, y],
        [x, y],
      ],
    ];
    const corpus: [string, Buffer | string, number, RegExp][] = [
      ['empty body', Buffer.alloc(0), 400, /empty/],
      ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 400, /Unknown file type/],
      ['zip bomb (300 MB of zeros)', Buffer.from(bomb), 413, /unpacks to more than 200 MB/],
      ['zip that lies about its sizes', Buffer.from(liar), 422, /\.shp/],
      ['zip with 150 entries', Buffer.from(zipSync(manyEntries)), 422, /more than 100 entries/],
      ['truncated zip', Buffer.from(zipSync({ 'a.kml': strToU8('<kml/>'.repeat(1000)) })).subarray(0, 40), 400, /cannot be read/],
      ['zip without a shapefile or KML', Buffer.from(zipSync({ 'readme.txt': strToU8('hi') })), 422, /neither a shapefile/],
      [
        'two shapefiles',
        Buffer.from(zipSync({ 'a.shp': polygonShp([sq(35, 32, 0.001)]).shp, 'b.shp': polygonShp([sq(35, 32, 0.001)]).shp })),
        422,
        /2 shapefiles/,
      ],
      [
        'unreadable projection',
        shapefileZip([sq(1000, 1000, 10)], 'PROJCS["Mars_Grid",GEOGCS["Mars_2000",DATUM["D_Mars",SPHEROID["Mars",1,0]]],PROJECTION["Nowhere_Projection"]]'),
        422,
        /Cannot reproject from "Mars_Grid"/,
      ],
      ['projected coordinates without a .prj', shapefileZip([sq(219000, 626000, 10)], null), 422, /not longitude\/latitude.*include the \.prj/],
      [
        'GeoJSON in an unknown crs',
        JSON.stringify({ type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:99999' } }, features: [] }),
        422,
        /Cannot reproject from "EPSG:99999"/,
      ],
      ['not JSON', '{"type": "FeatureCollection", ', 422, /not valid JSON/],
      [
        'KML with entities (billion laughs)',
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><kml>&lol2;</kml>',
        422,
        /DOCTYPE/,
      ],
      ['XML that is not KML', '<svg xmlns="http://www.w3.org/2000/svg"/>', 422, /must be KML/],
      ['1M-vertex polygon', JSON.stringify({ type: 'Polygon', coordinates: [bigRing] }), 422, /1000001 vertices; at most 500000/],
      ['over the size limit (51 MB)', Buffer.alloc(51 * 1024 * 1024, 0x20), 413, /too large/i],
    ];
    // Building the corpus (a 1M-vertex ring and its JSON) blocks this process's event loop, which is also the
    // server's: on a loaded machine for seconds, and the overload guard (event-loop delay over 5 s, sampled each
    // second) would answer the next requests 503. A free loop for two samples first: the server is measured, not
    // the test's own preparation.
    await new Promise((r) => setTimeout(r, 2_500));
    const before = await counts(target);
    for (const [name, body, status, message] of corpus) {
      const res = await upload(target, body);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    // Names with path traversal are only names: the part is read by extension, nothing lands on disk.
    const evil = Buffer.from(
      zipSync({
        '../../../../tmp/evil-boundary.shp': polygonShp([sq(35, 32, 0.001)]).shp,
        '../../../../tmp/evil-boundary.shx': polygonShp([sq(35, 32, 0.001)]).shx,
        '/etc/evil-boundary.prj': strToU8(
          'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.0174532925199433]]',
        ),
      }),
    );
    const ok = await upload(target, evil);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Preview>().features).toHaveLength(1);
    expect(existsSync('/tmp/evil-boundary.shp')).toBe(false);
    expect(existsSync('/tmp/evil-boundary.shx')).toBe(false);
    expect(await counts(target)).toEqual(before);
  }, 180_000);

  it('previews a self-intersecting polygon with its problem and refuses to import it; one bad feature writes nothing', async () => {
    const res = await upload(
      target,
      JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { n: 'X' }, geometry: bowtie }] }),
      'application/geo+json',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Preview>().features[0].problems.plot).toMatch(/cross/i);
    const before = await counts(target);
    const bad = await importFeatures(target, [
      { kind: 'plot', name: 'Good', geometry: square },
      { kind: 'plot', name: 'Bowtie', geometry: bowtie },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toMatch(/1 of 2 features cannot be imported; nothing was written/);
    expect(bad.json().errors[0].message).toMatch(/^Bowtie: .*cross/i);
    const crop = await importFeatures(target, [{ kind: 'plot', name: 'Good', crop_name: 'Bananas on Mars', geometry: square }]);
    expect(crop.statusCode).toBe(422);
    expect(crop.json().errors[0].message).toMatch(/crop "Bananas on Mars" is not in the crop list/);
    expect((await importFeatures(target, [{ kind: 'forest', name: 'X', geometry: square }])).statusCode).toBe(400);
    expect((await importFeatures(target, [])).json().message).toMatch(/at least one feature/);
    expect(await counts(target)).toEqual(before);
    expect((await upload(987_654, Buffer.from(JSON.stringify(square)))).statusCode).toBe(404);
    expect(
      (
        await t.as('grower', {
          method: 'POST',
          url: `/api/admin/data/clients/${target}/boundaries/preview`,
          payload: JSON.stringify(square),
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(403);
  }, 60_000);
});
