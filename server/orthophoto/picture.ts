// The report's map picture on the aerial photo (issue 37): the tiles under the picture's window, composed and
// cut to it by sharp, as a JPEG the report's SVG draws under the status colours. Reads the tile files in the
// job thread; a zoom with more than 64 tiles in the window is avoided by taking a lower one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { TILE } from '../../src/domain/tile-math';

export interface PhotoForPicture {
  tilesDir: string;
  minzoom: number;
  maxzoom: number;
}

const MAX_TILES = 64;

/**
 * The photo under an SVG window [x, y, w, h] given in world units of `worldSize` (mercator [0, 1) × worldSize),
 * at `side` pixels on its longest side; null when the photo has no tile there.
 */
export async function photoPicture(photo: PhotoForPicture, viewBox: [number, number, number, number], worldSize: number, side: number): Promise<string | null> {
  const [x, y, w, h] = viewBox;
  // The zoom whose tiles give about `side` pixels over the window, then lower while the window needs too many.
  let z = Math.ceil(Math.log2(((side / Math.max(w, h)) * worldSize) / TILE));
  z = Math.max(photo.minzoom, Math.min(photo.maxzoom, z));
  const range = (zoom: number) => {
    const k = (TILE * 2 ** zoom) / worldSize;
    return {
      k,
      tx0: Math.floor((x * k) / TILE),
      ty0: Math.floor((y * k) / TILE),
      tx1: Math.floor(((x + w) * k) / TILE),
      ty1: Math.floor(((y + h) * k) / TILE),
    };
  };
  let r = range(z);
  while (z > photo.minzoom && (r.tx1 - r.tx0 + 1) * (r.ty1 - r.ty0 + 1) > MAX_TILES) r = range(--z);
  const parts: OverlayOptions[] = [];
  for (let ty = r.ty0; ty <= r.ty1; ty++)
    for (let tx = r.tx0; tx <= r.tx1; tx++) {
      const file = path.join(photo.tilesDir, String(z), String(tx), `${ty}.webp`);
      if (existsSync(file)) parts.push({ input: file, left: (tx - r.tx0) * TILE, top: (ty - r.ty0) * TILE });
    }
  if (!parts.length) return null;
  const width = (r.tx1 - r.tx0 + 1) * TILE;
  const height = (r.ty1 - r.ty0 + 1) * TILE;
  const mosaic = await sharp({ create: { width, height, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .composite(parts)
    .png()
    .toBuffer();
  const left = Math.max(0, Math.round(x * r.k - r.tx0 * TILE));
  const top = Math.max(0, Math.round(y * r.k - r.ty0 * TILE));
  const cw = Math.min(width - left, Math.round(w * r.k));
  const ch = Math.min(height - top, Math.round(h * r.k));
  const scale = Math.min(1, side / Math.max(cw, ch));
  const jpeg = await sharp(mosaic)
    .extract({ left, top, width: cw, height: ch })
    .resize(Math.max(1, Math.round(cw * scale)), Math.max(1, Math.round(ch * scale)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78 })
    .toBuffer();
  return jpeg.toString('base64');
}
