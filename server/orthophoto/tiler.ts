// GeoTIFF → Web Mercator WebP tiles (README "Aerial photo"): the native zoom is warped from the
// source a chunk of up to 8 × 8 tiles at a time (warp.ts), and every lower zoom is made by
// halving what was just made, walking the pyramid depth first, so the source is read once and
// memory holds one chunk and four tiles per level. Tiles with no pixel are not written (the
// API answers 204 for them). Runs in the job thread; sharp does its work on libuv's threads.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { SourceInfo } from './inspect';
import { crsOf } from './crs';
import { orthoError } from './inspect';
import { sourcePixelMap, warpWindow } from './warp';
import { TILE, fitZoom, lonLatToMercator, nativeZoom, tileRange, type Bounds } from '../../src/domain/tile-math';

export interface TilingResult {
  bounds: Bounds;
  minzoom: number;
  maxzoom: number;
  resolutionCm: number;
  tiles: number;
  bytes: number;
  perZoom: { z: number; tiles: number; bytes: number }[];
}

export interface TilingInput {
  source: string;
  info: SourceInfo;
  /** Folder the z/x/y.webp tiles go to (empty or missing). */
  outDir: string;
  maxPixels: number;
  onProgress?: (done: number, total: number) => unknown;
}

const WEBP = { quality: 80, alphaQuality: 90, effort: 2 } as const;
/** Sharp calls of one tiling job at once (libuv has 4 threads; the rest stay free for serving tiles). */
const PARALLEL = 2;

/** Where the photo lies and at what resolution (without reading a pixel). */
export function photoGeometry(info: SourceInfo): { bounds: Bounds; resolutionM: number; lat: number } {
  const crs = crsOf(info.epsg)!;
  const [a, b, c, d, e, f] = info.transform;
  const toLonLat = (col: number, row: number) => crs.toLonLat(a * col + b * row + c, d * col + e * row + f);
  const pts: [number, number][] = [];
  const N = 16;
  for (let i = 0; i <= N; i++) {
    const s = (i / N) * info.width;
    const t = (i / N) * info.height;
    pts.push(toLonLat(s, 0), toLonLat(s, info.height), toLonLat(0, t), toLonLat(info.width, t));
  }
  const lons = pts.map((p) => p[0]);
  const lats = pts.map((p) => p[1]);
  const bounds: Bounds = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  if (!bounds.every(Number.isFinite) || bounds[0] < -180 || bounds[2] > 180 || bounds[1] < -85 || bounds[3] > 85)
    throw orthoError(422, 'orthophoto_outside_world', 'The image’s coordinates are not on Earth in its coordinate system: check its projection');
  const cx = info.width / 2;
  const cy = info.height / 2;
  const [lon0, lat0] = toLonLat(cx, cy);
  const [lon1, lat1] = toLonLat(cx + 1, cy);
  const [lon2, lat2] = toLonLat(cx, cy + 1);
  const [mx0, my0] = lonLatToMercator(lon0, lat0);
  const k = Math.cos((lat0 * Math.PI) / 180);
  const sizeOf = (lon: number, lat: number) => {
    const [mx, my] = lonLatToMercator(lon, lat);
    return Math.hypot(mx - mx0, my - my0) * k;
  };
  const resolutionM = Math.sqrt(sizeOf(lon1, lat1) * sizeOf(lon2, lat2));
  if (!(resolutionM > 0.001 && resolutionM < 10_000))
    throw orthoError(422, 'orthophoto_outside_world', 'The image’s pixel size is not plausible: check its georeferencing');
  return { bounds, resolutionM, lat: lat0 };
}

export async function tileOrthophoto(input: TilingInput): Promise<TilingResult> {
  const { info, outDir } = input;
  const { bounds, resolutionM, lat } = photoGeometry(info);
  const maxzoom = nativeZoom(resolutionM, lat);
  const minzoom = fitZoom(bounds, maxzoom);
  const levels = Math.min(3, maxzoom - minzoom);
  const chunkZoom = maxzoom - levels;
  const chunk = TILE * 2 ** levels;
  const map = sourcePixelMap(info, maxzoom);
  const perZoom = new Map<number, { tiles: number; bytes: number }>();
  const made = new Set<string>();
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= PARALLEL) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };

  const emit = async (z: number, x: number, y: number, rgba: Uint8Array) => {
    const alpha = alphaOf(rgba);
    if (alpha === 'empty') return;
    const img = sharp(rgba, { raw: { width: TILE, height: TILE, channels: 4 } });
    const webp = await slot(() => (alpha === 'opaque' ? img.removeAlpha() : img).webp(WEBP).toBuffer());
    const dir = path.join(outDir, String(z), String(x));
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await writeFile(path.join(dir, `${y}.webp`), webp);
    const s = perZoom.get(z) ?? { tiles: 0, bytes: 0 };
    s.tiles++;
    s.bytes += webp.length;
    perZoom.set(z, s);
  };

  const [cx0, cy0, cx1, cy1] = tileRange(bounds, chunkZoom);
  const total = (cx1 - cx0 + 1) * (cy1 - cy0 + 1);
  let done = 0;
  const progress = async () => {
    done++;
    await input.onProgress?.(done, total);
  };
  await input.onProgress?.(0, total);

  /** A chunk of the native zoom and its halvings down to one tile at chunkZoom. */
  const chunkAt = async (x: number, y: number): Promise<Uint8Array | null> => {
    const data = new Uint8Array(chunk * chunk * 4);
    const win = { x: x * chunk, y: y * chunk, size: chunk };
    const any = await slot(() => warpWindow(input.source, info, map, win, { data, stride: chunk, ox: 0, oy: 0 }, input.maxPixels));
    await progress();
    if (!any) return null;
    let level: Uint8Array = data;
    let size = chunk;
    for (let z = maxzoom; ; z--) {
      const n = size / TILE;
      const tiles: Promise<void>[] = [];
      for (let ty = 0; ty < n; ty++) for (let tx = 0; tx < n; tx++) tiles.push(emit(z, x * n + tx, y * n + ty, cut(level, size, tx, ty)));
      await Promise.all(tiles);
      if (z === chunkZoom) return level;
      level = await halve(level, size, slot);
      size /= 2;
    }
  };

  /** Tile (z, x, y) above the chunks: its four children, halved. */
  const build = async (z: number, x: number, y: number): Promise<Uint8Array | null> => {
    const [a0, b0, a1, b1] = tileRange(bounds, z);
    if (x < a0 || x > a1 || y < b0 || y > b1) return null;
    if (z === chunkZoom) return chunkAt(x, y);
    const kids: (Uint8Array | null)[] = [];
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ])
      kids.push(await build(z + 1, 2 * x + dx, 2 * y + dy));
    if (kids.every((k) => !k)) return null;
    const joined = new Uint8Array(4 * TILE * TILE * 4);
    kids.forEach((k, i) => k && paste(joined, 2 * TILE, k, (i % 2) * TILE, (i >> 1) * TILE));
    const tile = await halve(joined, 2 * TILE, slot);
    await emit(z, x, y, tile);
    return tile;
  };

  const [tx0, ty0, tx1, ty1] = tileRange(bounds, minzoom);
  for (let y = ty0; y <= ty1; y++) for (let x = tx0; x <= tx1; x++) await build(minzoom, x, y);

  const zs = [...perZoom.entries()].sort((p, q) => p[0] - q[0]).map(([z, s]) => ({ z, ...s }));
  if (!zs.length) throw orthoError(422, 'orthophoto_empty', 'The image has no visible pixels (it is fully transparent)');
  return {
    bounds,
    minzoom: zs[0].z,
    maxzoom,
    resolutionCm: Math.round(resolutionM * 1000) / 10,
    tiles: zs.reduce((s, p) => s + p.tiles, 0),
    bytes: zs.reduce((s, p) => s + p.bytes, 0),
    perZoom: zs,
  };
}

/** 'empty' when every pixel is transparent, 'opaque' when none is. */
function alphaOf(rgba: Uint8Array): 'empty' | 'opaque' | 'mixed' {
  let min = 255;
  let max = 0;
  for (let i = 3; i < rgba.length; i += 4) {
    const a = rgba[i];
    if (a < min) min = a;
    if (a > max) max = a;
    if (min < 255 && max > 0) return 'mixed';
  }
  return max === 0 ? 'empty' : 'opaque';
}

/** The 256-px tile (tx, ty) of a square RGBA image `size` wide. */
function cut(img: Uint8Array, size: number, tx: number, ty: number): Uint8Array {
  if (size === TILE) return img;
  const out = new Uint8Array(TILE * TILE * 4);
  for (let r = 0; r < TILE; r++) {
    const from = ((ty * TILE + r) * size + tx * TILE) * 4;
    out.set(img.subarray(from, from + TILE * 4), r * TILE * 4);
  }
  return out;
}

function paste(dst: Uint8Array, dstSize: number, src: Uint8Array, x: number, y: number) {
  for (let r = 0; r < TILE; r++) dst.set(src.subarray(r * TILE * 4, (r + 1) * TILE * 4), ((y + r) * dstSize + x) * 4);
}

/** Half the size, by libvips (alpha premultiplied, so transparent edges do not darken). */
async function halve(img: Uint8Array, size: number, slot: <T>(fn: () => Promise<T>) => Promise<T>): Promise<Uint8Array> {
  const h = size / 2;
  const buf = await slot(() =>
    sharp(img, { raw: { width: size, height: size, channels: 4, premultiplied: false } })
      .resize(h, h, { kernel: 'linear' })
      .raw()
      .toBuffer(),
  );
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}
