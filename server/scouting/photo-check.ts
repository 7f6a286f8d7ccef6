// A scouting photo is hostile until checked (README "Scouting", OWASP ASVS 5.0 V5): its kind by magic bytes
// (JPEG, WebP or PNG; never by name or content type: an SVG or anything with script is not an image here),
// its dimensions from the header before any decoding (≤ 40 megapixels), then one full decode under
// limitInputPixels that fails on a truncated file, which also makes the thumbnail.
import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_PIXELS, THUMB_EDGE, type PhotoType } from '../../src/domain/scouting-rules';
import { scoutingError } from './common';

/** The image kind by its first bytes, or null. */
export function photoType(head: Uint8Array): PhotoType | null {
  const b = (i: number) => head[i];
  if (head.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface CheckedPhoto {
  type: PhotoType;
  width: number;
  height: number;
  thumb: Buffer;
}

/** Checks the whole photo's bytes; throws a 4xx with its code when they are not a photo we keep. */
export async function checkPhoto(bytes: Buffer): Promise<CheckedPhoto> {
  const type = photoType(bytes.subarray(0, 16));
  if (!type) throw scoutingError(415, 'photo_not_image', 'This file is not a JPEG, WebP or PNG photo');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw scoutingError(422, 'photo_unreadable', 'This photo cannot be read: it is damaged or cut short');
  }
  const width = meta.width ?? 0,
    height = meta.height ?? 0;
  if (!width || !height) throw scoutingError(422, 'photo_unreadable', 'This photo cannot be read: it has no size');
  if (width * height > PHOTO_MAX_PIXELS)
    throw scoutingError(422, 'photo_too_many_pixels', `This photo has ${width} × ${height} pixels; at most ${PHOTO_MAX_PIXELS / 1e6} megapixels are kept`);
  try {
    // failOn 'truncated': a photo cut off mid-upload (or on purpose) is refused, not stored half grey.
    const thumb = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { type, width, height, thumb };
  } catch {
    throw scoutingError(422, 'photo_unreadable', 'This photo cannot be read: it is damaged or cut short');
  }
}
