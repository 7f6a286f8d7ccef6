// Boundary files from the real world (issue 32): what GDAL reads as polygons, the
// preview reads as exactly that many polygon features; anything else is a 4xx whose
// message says what the file holds; never a 5xx, never a 200 with nothing to import.
// Part 1 builds its own small files for each case, so `npm test` stands alone. Part 2
// feeds every file of ../shared/fixtures/external/boundaries (other projects' test
// files, manifest.json) to the preview and compares with GDAL's counts: recorded
// below with GDAL 3.6.2 (ogr2ogr to GeoJSON, features with a Polygon or MultiPolygon),
// and re-read with ogr2ogr when it is installed (it is not needed to run this test).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Position } from 'geojson';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polygonShp } from '../../server/export/shp-polygons';
import { createTestApp, type TestApp } from '../support/api-app';
import { EXTERNAL_FIXTURES, hasProgram } from '../support/programs';

const EXTERNAL = EXTERNAL_FIXTURES;
const MANIFEST = path.join(EXTERNAL, 'manifest.json');

let t: TestApp;
let clientId = 0;
beforeAll(async () => {
  t = await createTestApp({ scale: 0.01 });
  clientId = (await t.db.query<{ client_id: number }>('SELECT min(client_id)::int AS client_id FROM clients')).rows[0].client_id;
}, 120_000);
afterAll(async () => t?.close());

interface Preview {
  features: { geometry: { type: string } | null; problems: { plot: string | null } }[];
}
const preview = (body: Buffer | string) =>
  t.as('admin', {
    method: 'POST',
    url: `/api/admin/data/clients/${clientId}/boundaries/preview`,
    payload: body,
    headers: { 'content-type': 'application/octet-stream' },
  });
const polygonCount = (p: Preview) => p.features.filter((f) => f.geometry?.type === 'Polygon' || f.geometry?.type === 'MultiPolygon').length;

const square = (x: number, y: number, d = 0.001): Position[][] => [
  [
    [x, y],
    [x, y + d],
    [x + d, y + d],
    [x + d, y],
    [x, y],
  ],
];
const WGS84 = 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.0174532925199433]]';
function shapefileZip(shp: Uint8Array, shx: Uint8Array | null): Buffer {
  const files: Record<string, Uint8Array> = { 'field.shp': shp, 'field.prj': strToU8(WGS84) };
  if (shx) files['field.shx'] = shx;
  return Buffer.from(zipSync(files));
}
const kml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
const placemarkPolygon = (name: string, x: number, y: number) =>
  `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${square(x, y)[0]
    .map((p) => p.join(','))
    .join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;

describe('boundary files the project builds itself', () => {
  it('reads a shapefile with padding after its declared length; refuses one shorter than it says', async () => {
    const { shp, shx } = polygonShp([square(35, 32), square(35.01, 32)]);
    const padded = new Uint8Array(shp.length + 4);
    padded.set(shp);
    const ok = await preview(shapefileZip(padded, shx));
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect(polygonCount(ok.json<Preview>())).toBe(2);
    const cut = await preview(shapefileZip(shp.subarray(0, shp.length - 10), shx));
    expect(cut.statusCode).toBe(422);
    expect(cut.json()).toMatchObject({ code: 'shp_truncated', params: { declared: shp.length, actual: shp.length - 10 } });
    expect(cut.json().message).toBe(`The .shp says it is ${shp.length} bytes long but holds ${shp.length - 10}`);
  });

  it('refuses a shapefile without its .shx, as GDAL does', async () => {
    const { shp } = polygonShp([square(35, 32)]);
    const res = await preview(shapefileZip(shp, null));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'shp_no_shx', message: expect.stringMatching(/no \.shx/) });
  });

  it('answers a KML cut off inside a coordinate list with a 422 that says so', async () => {
    const whole = kml(placemarkPolygon('North', 35, 32));
    const res = await preview(whole.slice(0, whole.indexOf('<coordinates>') + 30));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
    expect(res.json()).toMatchObject({ code: 'kml_malformed', message: expect.stringMatching(/^The KML file is cut off or not well-formed: /) });
  });

  it('answers a file without polygons with 422 and what it holds; a mixed file keeps its per-feature verdicts', async () => {
    const points = Array.from({ length: 12 }, (_, i) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [35 + i / 1000, 32] } }));
    const lines = Array.from({ length: 3 }, (_, i) => ({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [35, 32 + i / 1000],
          [35.01, 32 + i / 1000],
        ],
      },
    }));
    const res = await preview(JSON.stringify({ type: 'FeatureCollection', features: [...points, ...lines] }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'no_polygons',
      message: 'The file holds no polygons: 12 points and 3 lines',
      params: { holds: { point: 12, line: 3 } },
    });
    const empty = await preview(JSON.stringify({ type: 'FeatureCollection', features: [] }));
    expect(empty.json()).toMatchObject({ code: 'no_polygons', message: 'The file holds no polygons: no features at all' });
    const mixed = await preview(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [points[0], { type: 'Feature', properties: { name: 'North' }, geometry: { type: 'Polygon', coordinates: square(35, 32) } }],
      }),
    );
    expect(mixed.statusCode).toBe(200);
    const p = mixed.json<Preview>();
    expect(p.features).toHaveLength(2);
    expect(polygonCount(p)).toBe(1);
    expect(p.features[0].problems.plot).toMatch(/needs a POLYGON or MULTIPOLYGON geometry, not POINT/);
  });

  it('never offers a NetworkLink region or a GroundOverlay as a plot', async () => {
    const link = `<NetworkLink><name>Tiles</name><Region><LatLonAltBox><north>32.01</north><south>32</south><east>35.01</east><west>35</west></LatLonAltBox></Region><Link><href>http://example.com/x.kml</href></Link></NetworkLink>`;
    const overlay = `<GroundOverlay><name>Photo</name><Icon><href>photo.png</href></Icon><LatLonBox><north>32.01</north><south>32</south><east>35.01</east><west>35</west></LatLonBox></GroundOverlay>`;
    const only = await preview(kml(link + overlay));
    expect(only.statusCode).toBe(422);
    expect(only.json()).toMatchObject({ code: 'no_polygons', params: { holds: { network_link: 1, ground_overlay: 1 } } });
    const withPlot = await preview(kml(link + placemarkPolygon('North', 35, 32) + overlay));
    expect(withPlot.statusCode).toBe(200);
    expect(withPlot.json<Preview>().features).toHaveLength(1);
  });
});

/** Polygon features GDAL 3.6.2 reads from each file (ogr2ogr → GeoJSON); files not listed hold none, or GDAL cannot open them. */
const GDAL_POLYGONS: Record<string, number> = {
  'cm-LGA_2013_AUST.zip': 1, // 13 records, 12 of them null shapes
  'cm-SHP_Exclude.zip': 1,
  'cm-counties.zip': 14,
  'cm-ipra_dresden_polygon.zip': 1,
  'cm-mixedcase.zip': 40,
  'cm-qgis.zip': 2,
  'cm-senate.zip': 40,
  'gdal-non_conformant_multi.kml': 1,
  'gdal-polygon.geojson': 1,
  'mb-polygons.zip': 3,
  'tg-bad.kml': 1,
  'tg-ground_overlay.kml': 1,
  'tg-ground_overlay_quad.kml': 1,
  'tg-polygon.kml': 1,
  'tg-polygon.kmz': 1,
  'tg-schema.kml': 1,
  'tg-style_url.kml': 1,
  'tg-styles.kml': 1,
  'tg-styles.kmz': 1,
  'tg-timespan.kml': 1,
};
/** The files as they were when GDAL_POLYGONS was recorded (sha256 of manifest.json's entries). */
const RECORDED_FILES = 74;

interface ManifestEntry {
  file: string;
  sha256: string;
  tolerant?: string;
}
const manifest: ManifestEntry[] = existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { files: ManifestEntry[] }).files : [];
const hasOgr = hasProgram('ogr2ogr');

describe.skipIf(!manifest.length)(
  manifest.length ? 'the shared corpus of real boundary files' : `the shared corpus of real boundary files: SKIPPED, ${MANIFEST} is missing`,
  () => {
    it('is the corpus the GDAL counts were recorded for', () => {
      expect(manifest.filter((f) => f.file.startsWith('boundaries/'))).toHaveLength(RECORDED_FILES);
      for (const f of manifest)
        expect(
          createHash('sha256')
            .update(readFileSync(path.join(EXTERNAL, f.file)))
            .digest('hex'),
          f.file,
        ).toBe(f.sha256);
    });

    it('gives every file what GDAL reads: that many polygon features, or a 4xx that says what it holds; never a 5xx', async () => {
      const figures = { files: 0, previews: 0, refused: {} as Record<string, number>, wrong: [] as string[] };
      for (const entry of manifest.filter((f) => f.file.startsWith('boundaries/'))) {
        const name = path.basename(entry.file);
        const res = await preview(readFileSync(path.join(EXTERNAL, entry.file)));
        figures.files++;
        const where = `${name} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        const gdal = GDAL_POLYGONS[name] ?? 0;
        if (res.statusCode === 200) {
          figures.previews++;
          const got = polygonCount(res.json<Preview>());
          expect(got, `${where}: a preview with nothing to import`).toBeGreaterThan(0);
          if (!entry.tolerant && got !== gdal) figures.wrong.push(`${name}: ${got} polygons, GDAL ${gdal}`);
        } else {
          const body = res.json<{ code?: string; message: string }>();
          expect(body.code, where).toMatch(/^[a-z][a-z0-9_]+$/);
          expect(body.message, where).toMatch(/\S{3}/);
          figures.refused[`${res.statusCode} ${body.code}`] = (figures.refused[`${res.statusCode} ${body.code}`] ?? 0) + 1;
          if (!entry.tolerant && gdal > 0) figures.wrong.push(`${name}: refused, GDAL reads ${gdal} polygons`);
        }
      }
      console.log(`[boundary-corpus] ${JSON.stringify(figures)}`);
      expect(figures.wrong).toEqual([]);
      expect(figures.files).toBe(RECORDED_FILES);
    }, 180_000);

    it.skipIf(!hasOgr)(
      hasOgr ? 'GDAL_POLYGONS still says what ogr2ogr reads' : 'GDAL_POLYGONS against ogr2ogr: SKIPPED, gdal-bin (ogr2ogr) is not installed',
      () => {
        for (const entry of manifest.filter((f) => f.file.startsWith('boundaries/'))) {
          const name = path.basename(entry.file);
          const file = path.join(EXTERNAL, entry.file);
          let out = '';
          try {
            out = execFileSync('ogr2ogr', ['-f', 'GeoJSONSeq', '/vsistdout/', name.endsWith('.zip') ? `/vsizip/${file}` : file], {
              encoding: 'utf8',
              stdio: ['ignore', 'pipe', 'ignore'],
              maxBuffer: 64 * 1024 * 1024,
            });
          } catch {
            out = ''; // GDAL cannot open it: no polygons
          }
          const polygons = out
            .split('\n')
            .map((l) => l.split(String.fromCharCode(0x1e)).join('').trim())
            .filter(Boolean)
            .filter((l) => /^(Multi)?Polygon$/.test((JSON.parse(l) as { geometry: { type: string } | null }).geometry?.type ?? '')).length;
          expect(polygons, name).toBe(GDAL_POLYGONS[name] ?? 0);
        }
      },
      120_000,
    );
  },
);
