// What an uploaded orthophoto is, read from its header only (README "Aerial photo", limits): the
// magic bytes, then geotiff.js for the TIFF tags and GeoKeys, then sharp's own header read under
// limitInputPixels. Every refusal is an HttpError with a stable code (common:errors.codes), made
// before a single pixel is decoded: a header claiming 200,000 × 200,000 px is refused here.
import { open, stat } from 'node:fs/promises';
import { fromFile } from 'geotiff';
import sharp from 'sharp';
import { HttpError } from '../http-error';
import { crsOf } from './crs';
import type { ErrorCode } from '../../src/domain/error-codes';

export type PixelKind = 'rgb' | 'rgba' | 'palette';

export interface SourceInfo {
  width: number;
  height: number;
  epsg: number;
  crsName: string;
  /** Pixel corner (col, row) → model coordinates: x = a·col + b·row + c, y = d·col + e·row + f. */
  transform: [number, number, number, number, number, number];
  kind: PixelKind;
  tiled: boolean;
  /** Blocks compressed (any TIFF compression). */
  compressed: boolean;
  bytes: number;
}

export const orthoError = (status: number, code: ErrorCode, message: string) => new HttpError(status, message, undefined, undefined, code);

/** What the first bytes say: a TIFF (classic or BigTIFF), a zip, or something else. */
export function sniff(head: Uint8Array): 'tiff' | 'zip' | 'other' {
  const h = Buffer.from(head.buffer, head.byteOffset, Math.min(4, head.byteLength)).toString('latin1');
  if (h === 'II*\0' || h === 'MM\0*' || h === 'II+\0' || h === 'MM\0+') return 'tiff';
  if (h.startsWith('PK')) return 'zip';
  return 'other';
}

export function notTiff(kind: 'zip' | 'other'): HttpError {
  return kind === 'zip'
    ? orthoError(415, 'orthophoto_zip', 'This is a zip archive, not a GeoTIFF: upload the .tif file itself')
    : orthoError(415, 'orthophoto_not_tiff', 'This file is not a TIFF image: upload the orthomosaic as a GeoTIFF');
}

const GEO = { tiepoint: 33922, scale: 33550, transformation: 34264 } as const;

export async function inspectOrthophoto(file: string, maxPixels: number): Promise<SourceInfo> {
  const bytes = (await stat(file)).size;
  const head = Buffer.alloc(4);
  const fh = await open(file, 'r');
  try {
    await fh.read(head, 0, 4, 0);
  } finally {
    await fh.close();
  }
  const kind0 = sniff(head);
  if (kind0 !== 'tiff') throw notTiff(kind0);

  let image;
  try {
    image = await (await fromFile(file)).getImage(0);
  } catch {
    throw orthoError(422, 'orthophoto_truncated', 'The TIFF header cannot be read: the file is damaged or incomplete');
  }
  const fd = image.getFileDirectory();
  const width = image.getWidth();
  const height = image.getHeight();
  if (!(width > 0 && height > 0)) throw orthoError(422, 'orthophoto_truncated', 'The TIFF header has no image size: the file is damaged');
  if (width * height > maxPixels)
    throw orthoError(
      422,
      'orthophoto_too_many_pixels',
      `The image is ${width} × ${height} pixels, more than the ${(maxPixels / 1e9).toFixed(1)} gigapixels this server takes (ORTHO_MAX_PIXELS)`,
    );

  const spp = image.getSamplesPerPixel();
  const bits = [...Array(spp).keys()].map((i) => image.getBitsPerSample(i));
  const photometric = Number(fd.getValue('PhotometricInterpretation'));
  const format = image.getSampleFormat(0);
  let kind: PixelKind | null = null;
  if (bits.every((b) => b === 8) && format === 1) {
    if (spp === 1 && photometric === 3 && fd.hasTag('ColorMap')) kind = 'palette';
    else if (spp === 3 && (photometric === 2 || photometric === 6)) kind = 'rgb';
    else if (spp === 4 && photometric === 2) kind = 'rgba';
  }
  if (!kind)
    throw orthoError(
      422,
      'orthophoto_pixel_format',
      `Unsupported pixels (${spp} band(s) of ${bits.join('/')} bits): export 8-bit RGB or RGBA, or one band with a colour table`,
    );

  // Georeferencing: a tie point with a pixel scale, or a full transformation matrix.
  const transform = await georeference(image, fd);
  const keys = image.getGeoKeys() ?? {};
  const model = Number(keys.GTModelTypeGeoKey);
  const code = Number(model === 2 ? keys.GeographicTypeGeoKey : (keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey));
  if (!transform || !Number.isFinite(code) || code <= 0)
    throw orthoError(422, 'orthophoto_no_georef', 'This image has no position: export it as a GeoTIFF (with its coordinate system)');
  const crs = crsOf(code);
  if (!crs)
    throw orthoError(
      422,
      'orthophoto_unknown_crs',
      `Unknown coordinate system (EPSG:${code === 32767 ? 'user-defined' : code}): export in WGS 84 (EPSG:4326), Web Mercator (EPSG:3857), UTM or the Israeli grid (EPSG:2039)`,
    );
  // PixelIsPoint: the tie point names a pixel's centre, not its corner.
  if (Number(keys.GTRasterTypeGeoKey) === 2) {
    transform[2] -= (transform[0] + transform[1]) / 2;
    transform[5] -= (transform[3] + transform[4]) / 2;
  }

  // Truncated: a block that ends past the end of the file.
  const tiled = fd.hasTag('TileWidth');
  const offs = (await fd.loadValue(tiled ? 'TileOffsets' : 'StripOffsets')) as ArrayLike<number> | undefined;
  const counts = (await fd.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts')) as ArrayLike<number> | undefined;
  if (!offs || !counts || offs.length !== counts.length || offs.length === 0) throw orthoError(422, 'orthophoto_truncated', 'The TIFF has no image data');
  let end = 0;
  for (let i = 0; i < offs.length; i++) end = Math.max(end, Number(offs[i]) + Number(counts[i]));
  if (end > bytes) throw orthoError(422, 'orthophoto_truncated', `The file is truncated: it ends at ${bytes} bytes, its image data at ${end}`);

  // sharp's own header read, under the same pixel limit (the decoder's guard against bombs).
  try {
    const m = await sharp(file, { limitInputPixels: maxPixels, unlimited: false }).metadata();
    if (m.width !== width || m.height !== height) throw new Error('size mismatch');
  } catch {
    throw orthoError(422, 'orthophoto_truncated', 'The image decoder cannot read this TIFF: the file is damaged or incomplete');
  }
  const compressed = Number(fd.getValue('Compression') ?? 1) !== 1;
  return { width, height, epsg: code, crsName: crs.name, transform, kind, tiled, compressed, bytes };
}

async function georeference(
  image: Awaited<ReturnType<Awaited<ReturnType<typeof fromFile>>['getImage']>>,
  fd: ReturnType<typeof image.getFileDirectory>,
): Promise<SourceInfo['transform'] | null> {
  const m = (await fd.loadValue(GEO.transformation)) as number[] | undefined;
  if (m && m.length >= 8 && m.slice(0, 8).every(Number.isFinite)) return [m[0], m[1], m[3], m[4], m[5], m[7]];
  const tie = (await fd.loadValue(GEO.tiepoint)) as number[] | undefined;
  const scale = (await fd.loadValue(GEO.scale)) as number[] | undefined;
  if (!tie || tie.length < 6 || !scale || scale.length < 2) return null;
  const [i, j, , x, y] = tie;
  const [sx, sy] = scale;
  if (![i, j, x, y, sx, sy].every(Number.isFinite) || sx <= 0 || sy <= 0) return null;
  return [sx, 0, x - i * sx, 0, -sy, y + j * sy];
}
