// Small GeoTIFFs made by the tests themselves (issue 37), and an upload that waits until the photo is ready.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeGeoTiff, type GeoTiffSpec } from '../../server/orthophoto/geotiff-write';
import { crsOf } from '../../server/orthophoto/crs';
import type { TestApp } from './api-app';

export const QUADRANTS: [number, number, number][] = [
  [200, 30, 30],
  [30, 200, 30],
  [30, 30, 200],
  [220, 220, 40],
];

/** A photo of four coloured quadrants (red, green / blue, yellow) with its top-left corner at lon/lat. */
export function quadrantSpec(opts: {
  epsg: number;
  lon: number;
  lat: number;
  width?: number;
  height?: number;
  pixel: number;
  tile?: number;
  deflate?: boolean;
  channels?: 1 | 3 | 4;
  bigTiff?: boolean;
  shade?: number;
}): GeoTiffSpec & { colourAt: (px: number, py: number) => [number, number, number] } {
  const width = opts.width ?? 600;
  const height = opts.height ?? 400;
  const [originX, originY] = crsOf(opts.epsg)!.fromLonLat(opts.lon, opts.lat);
  const shade = opts.shade ?? 0;
  const colourAt = (px: number, py: number) =>
    QUADRANTS[(py < height / 2 ? 0 : 2) + (px < width / 2 ? 0 : 1)].map((c) => Math.max(0, c - shade)) as [number, number, number];
  const c = opts.channels ?? 3;
  const palette = QUADRANTS.map((q) => q.map((v) => Math.max(0, v - shade)) as [number, number, number]);
  return {
    width,
    height,
    channels: c,
    palette: c === 1 ? palette : undefined,
    geo: { epsg: opts.epsg, originX, originY, pixelX: opts.pixel, pixelY: opts.pixel },
    tile: opts.tile,
    deflate: opts.deflate,
    bigTiff: opts.bigTiff,
    colourAt,
    rows: (y, n) => {
      const b = new Uint8Array(width * n * c);
      for (let r = 0; r < n; r++)
        for (let x = 0; x < width; x++) {
          const o = (r * width + x) * c;
          const q = (y + r < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1);
          if (c === 1) b[o] = q;
          else {
            const col = colourAt(x, y + r);
            b.set(col, o);
            if (c === 4) b[o + 3] = 255;
          }
        }
      return b;
    },
  };
}

/** Writes the spec to a temporary file and returns its bytes. */
export async function geoTiffBytes(spec: GeoTiffSpec): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ortho-test-'));
  try {
    const file = path.join(dir, 'photo.tif');
    await writeGeoTiff(file, spec);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads as admin and waits for the NDJSON stream's last line; returns it. */
export async function uploadAndWait(t: TestApp, projectId: number, body: Buffer): Promise<{ status: number; body: Record<string, unknown>; lines: unknown[] }> {
  const res = await t.as('admin', {
    method: 'PUT',
    url: `/api/admin/projects/${projectId}/orthophoto`,
    headers: { 'content-type': 'image/tiff', accept: 'application/x-ndjson' },
    payload: body,
  });
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json(), lines: [] };
  const lines = res.body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const last = lines.at(-1) as { status: number; body: Record<string, unknown> };
  return { status: last.status, body: last.body, lines };
}
