// The orthophoto's job-thread work (server/jobs registry): reading an upload's header, and tiling
// it. A striped source that is compressed or wide is first rewritten as an uncompressed tiled TIFF
// (one sequential decode), so every chunk reads only the source blocks it needs (README "Aerial
// photo", disk per flight). Decoder errors become 422s with a code; a full disk a 507.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../http-error';
import { inspectOrthophoto, orthoError, type SourceInfo } from './inspect';
import { photoGeometry, tileOrthophoto, type TilingResult } from './tiler';

// The job thread holds no decoded images between calls: libvips' operation cache would keep them.
sharp.cache(false);

/** The upload's header, and where it lies (coordinates not on Earth are refused here, before the 202). */
export async function orthoInspectJob(input: { file: string; maxPixels: number }): Promise<SourceInfo> {
  try {
    const info = await inspectOrthophoto(input.file, input.maxPixels);
    photoGeometry(info);
    return info;
  } catch (e) {
    throw asHttpError(e);
  }
}

/** Striped sources whose strips are compressed or whose rows are long are read through a tiled copy. */
export const needsTiledCopy = (info: SourceInfo) => !info.tiled && (info.compressed || info.width > 8192);

export interface OrthoTileInput {
  source: string;
  outDir: string;
  maxPixels: number;
}

export async function orthoTileJob(input: OrthoTileInput, progress: (done: number, total: number) => unknown): Promise<TilingResult> {
  let tiledCopy: string | null = null;
  try {
    let info = await inspectOrthophoto(input.source, input.maxPixels);
    await rm(input.outDir, { recursive: true, force: true }); // a run after a crash starts again
    let source = input.source;
    if (needsTiledCopy(info)) {
      tiledCopy = path.join(path.dirname(input.outDir), 'tiled.tif');
      await sharp(input.source, { limitInputPixels: input.maxPixels, sequentialRead: true })
        .tiff({ tile: true, tileWidth: 512, tileHeight: 512, compression: 'none', bigtiff: true })
        .toFile(tiledCopy);
      source = tiledCopy;
      info = { ...info, tiled: true, compressed: false };
    }
    return await tileOrthophoto({ source, info, outDir: input.outDir, maxPixels: input.maxPixels, onProgress: progress });
  } catch (e) {
    throw asHttpError(e);
  } finally {
    if (tiledCopy) await rm(tiledCopy, { force: true });
  }
}

/** A decoder's or the disk's failure as the answer the uploader gets. */
export function asHttpError(e: unknown): Error {
  if (e instanceof HttpError) return e;
  const err = e as { code?: string; message?: string };
  if (err?.code === 'ENOSPC') return orthoError(507, 'orthophoto_disk_full', 'The server’s disk is full: the photo cannot be stored');
  const text = String(err?.message ?? '');
  // libvips' and libtiff's own words for data they cannot decode; anything else stays an error of ours.
  if (/tiff|vips|jpeg|webp|input file|premature|truncat|corrupt/i.test(text))
    return orthoError(422, 'orthophoto_unreadable', 'The image data cannot be decoded: the file is damaged or incomplete');
  return e instanceof Error ? e : new Error('The photo could not be processed');
}
