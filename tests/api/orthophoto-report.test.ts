// The PDF report's map picture on the aerial photo (issue 37): a survey with a photo prints the photo under
// the status colours (a JPEG image in the PDF, read back with poppler's pdfimages and its pixels with
// pdfimages -j); a survey without one prints the picture as before.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import { geoTiffBytes, uploadAndWait } from '../support/orthophoto';
import { crsOf } from '../../server/orthophoto/crs';

const t = await createTestApp({ scale: 0.01 });
afterAll(async () => t.close());
const projectId = (await t.db.query<{ project_id: number }>(`SELECT project_id FROM projects WHERE name = 'Olive East – autumn'`)).rows[0].project_id;
const box = (
  await t.db.query<{ w: number; s: number; e: number; n: number }>(
    `SELECT min(p.min_lon) AS w, min(p.min_lat) AS s, max(p.max_lon) AS e, max(p.max_lat) AS n
       FROM project_plots pp JOIN plots p ON p.plot_id = pp.plot_id WHERE pp.project_id = $1`,
    [projectId],
  )
).rows[0];

const dir = mkdtempSync(path.join(tmpdir(), 'ortho-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const asFile = (pdf: Buffer) => {
  const f = path.join(dir, 'report.pdf');
  writeFileSync(f, pdf);
  return f;
};

/** The PDF's images as pdfimages lists them: [encoding, type (image, smask), width, height]. */
function images(pdf: Buffer): string[][] {
  return execFileSync('pdfimages', ['-list', asFile(pdf)])
    .toString('utf8')
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/))
    .map((c) => [c[8], c[2], c[3], c[4]]);
}

const report = async () => {
  const res = await t.as('grower3', { method: 'GET', url: `/api/projects/${projectId}/report.pdf?lang=en` });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.rawPayload;
};

describe(`report map picture on the aerial photo (${ENGINE})`, () => {
  it('prints the photo under the trees when the survey has one', async () => {
    const before = images(await report());
    expect(before.some((i) => i[0] === 'jpeg')).toBe(false);
    // The trees' raster is in the PDF too (at world coordinates Chromium had dropped it from the page).
    expect(before.filter((i) => i[1] === 'image').length, JSON.stringify(before)).toBe(1);
    // A magenta photo over the plots (10 cm pixels in UTM 36N).
    const utm = crsOf(32636)!;
    const [x0, y1] = utm.fromLonLat(Number(box.w) - 0.0005, Number(box.n) + 0.0005);
    const [x1, y0] = utm.fromLonLat(Number(box.e) + 0.0005, Number(box.s) - 0.0005);
    const width = Math.ceil((x1 - x0) / 0.5);
    const height = Math.ceil((y1 - y0) / 0.5);
    const magenta = await geoTiffBytes({
      width,
      height,
      channels: 3,
      geo: { epsg: 32636, originX: x0, originY: y1, pixelX: 0.5, pixelY: 0.5 },
      rows: (_y, k) => Uint8Array.from({ length: width * k * 3 }, (_, i) => [200, 0, 200][i % 3]),
    });
    expect((await uploadAndWait(t, projectId, magenta)).status).toBe(200);
    const pdf = await report();
    const after = images(pdf);
    expect(after.filter((i) => i[0] === 'jpeg').length).toBe(1);
    expect(after.filter((i) => i[1] === 'image').length, JSON.stringify(after)).toBe(2);
    // The picture's pixels are the photo's magenta, seen through poppler's renderer.
    execFileSync('pdfimages', ['-j', '-f', '1', '-l', '1', asFile(pdf), path.join(dir, 'img')]);
    const jpg = readdirSync(dir).find((f) => f.endsWith('.jpg'))!;
    const { data, info } = await sharp(readFileSync(path.join(dir, jpg)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const o = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    expect([data[o], data[o + 1], data[o + 2]].every((v, i) => Math.abs(v - [200, 0, 200][i]) < 30)).toBe(true);
  });
});
