// One window of the native zoom, warped from the source photo with libvips (sharp): the exact
// source-pixel position of the window's corners (proj4), an affine fitted to them, and vips_affine
// over just the source region the window needs (README "Aerial photo", tiling). A window whose
// projection is not affine to 0.2 px (a coarse photo over a wide area) is split into four.
import sharp from 'sharp';
import type { SourceInfo } from './inspect';
import { crsOf } from './crs';
import { mercatorToLonLat, pixelToMercator } from '../../src/domain/tile-math';

/** Output global pixel (continuous, corner convention) at the native zoom → source pixel (continuous). */
export type PixelMap = (u: number, v: number) => [number, number];

export function sourcePixelMap(info: SourceInfo, zoom: number): PixelMap {
  const crs = crsOf(info.epsg)!;
  const [a, b, c, d, e, f] = info.transform;
  const det = a * e - b * d;
  return (u, v) => {
    const [mx, my] = pixelToMercator(u, v, zoom);
    const [lon, lat] = mercatorToLonLat(mx, my);
    const [x, y] = crs.fromLonLat(lon, lat);
    // Inverse of x = a·col + b·row + c, y = d·col + e·row + f.
    const dx = x - c;
    const dy = y - f;
    return [(e * dx - b * dy) / det, (a * dy - d * dx) / det];
  };
}

const MAX_ERROR_PX = 0.2;
const MARGIN = 3;

export interface Window {
  x: number;
  y: number;
  size: number;
}

/**
 * Warps the window into `out` (RGBA, `stride` pixels wide, the window at (ox, oy) of it).
 * Returns false when no source pixel falls inside.
 */
export async function warpWindow(
  source: string,
  info: SourceInfo,
  map: PixelMap,
  win: Window,
  out: { data: Uint8Array; stride: number; ox: number; oy: number },
  maxPixels: number,
): Promise<boolean> {
  const { x, y, size } = win;
  const p00 = map(x, y);
  const p10 = map(x + size, y);
  const p01 = map(x, y + size);
  const p11 = map(x + size, y + size);
  const pc = map(x + size / 2, y + size / 2);
  // Affine from the three corners: s = p00 + (u - x)·ax + (v - y)·ay.
  const ax = [(p10[0] - p00[0]) / size, (p10[1] - p00[1]) / size];
  const ay = [(p01[0] - p00[0]) / size, (p01[1] - p00[1]) / size];
  const at = (du: number, dv: number) => [p00[0] + du * ax[0] + dv * ay[0], p00[1] + du * ax[1] + dv * ay[1]];
  const err = Math.max(dist(at(size, size), p11), dist(at(size / 2, size / 2), pc));
  if (err > MAX_ERROR_PX && size > 256) {
    const h = size / 2;
    const parts = await Promise.all(
      [
        [0, 0],
        [h, 0],
        [0, h],
        [h, h],
      ].map(([dx, dy]) => warpWindow(source, info, map, { x: x + dx, y: y + dy, size: h }, { ...out, ox: out.ox + dx, oy: out.oy + dy }, maxPixels)),
    );
    return parts.some(Boolean);
  }

  // The source region the window needs.
  const xs = [p00[0], p10[0], p01[0], p11[0]];
  const ys = [p00[1], p10[1], p01[1], p11[1]];
  const left = Math.max(0, Math.floor(Math.min(...xs)) - MARGIN);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - MARGIN);
  const right = Math.min(info.width, Math.ceil(Math.max(...xs)) + MARGIN);
  const bottom = Math.min(info.height, Math.ceil(Math.max(...ys)) + MARGIN);
  if (right - left < 1 || bottom - top < 1) return false;
  const rw = right - left;
  const rh = bottom - top;

  // Index space (pixel centres at integers): in = A·X + t, X the window's pixel index, in the region's.
  const A = [ax[0], ay[0], ax[1], ay[1]];
  const s0 = at(0.5, 0.5);
  const t = [s0[0] - left - 0.5, s0[1] - top - 0.5];
  const det = A[0] * A[3] - A[1] * A[2];
  const M: [number, number, number, number] = [A[3] / det, -A[1] / det, -A[2] / det, A[0] / det];
  const mt = [M[0] * t[0] + M[1] * t[1], M[2] * t[0] + M[3] * t[1]];
  // vips_affine's output frame (libvips transform_rect): the transformed region's corners, rounded.
  const corners = [
    [0, 0],
    [rw, 0],
    [0, rh],
    [rw, rh],
  ].map(([cx, cy]) => [M[0] * cx + M[1] * cy, M[2] * cx + M[3] * cy]);
  const round = (v: number) => Math.floor(v + 0.5);
  const lo = [Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1]))];
  const hi = [Math.max(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[1]))];
  const L = [round(lo[0]), round(lo[1])];
  const W = round(hi[0] - lo[0]);
  const H = round(hi[1] - lo[1]);
  // Output index = M·in + od − L; with od the fractional part of −M·t, window pixel X sits at X + shift.
  const shift = [Math.round(mt[0]) - L[0], Math.round(mt[1]) - L[1]];
  const od = [Math.round(mt[0]) - mt[0], Math.round(mt[1]) - mt[1]];

  const { data, info: got } = await sharp(source, { limitInputPixels: maxPixels })
    .extract({ left, top, width: rw, height: rh })
    .ensureAlpha()
    .affine(M, { odx: od[0], ody: od[1], interpolator: 'bilinear', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (got.width !== W || got.height !== H) throw new Error(`vips_affine made ${got.width}×${got.height}, expected ${W}×${H}`);
  const ch = got.channels;

  // Copy the part of the frame that lies in the window.
  const x0 = Math.max(0, -shift[0]);
  const y0 = Math.max(0, -shift[1]);
  const x1 = Math.min(size, W - shift[0]);
  const y1 = Math.min(size, H - shift[1]);
  let any = false;
  for (let yy = y0; yy < y1; yy++) {
    const src = ((yy + shift[1]) * W + x0 + shift[0]) * ch;
    const dst = ((out.oy + yy) * out.stride + out.ox + x0) * 4;
    const n = x1 - x0;
    if (ch === 4) out.data.set(data.subarray(src, src + n * 4), dst);
    else
      for (let i = 0; i < n; i++) {
        const g = data[src + i * ch];
        out.data[dst + i * 4] = g;
        out.data[dst + i * 4 + 1] = ch === 2 ? g : data[src + i * ch + 1];
        out.data[dst + i * 4 + 2] = ch === 2 ? g : data[src + i * ch + 2];
        out.data[dst + i * 4 + 3] = data[src + i * ch + ch - 1];
      }
    any ||= n > 0;
  }
  return any;
}

const dist = (p: number[], q: number[]) => Math.hypot(p[0] - q[0], p[1] - q[1]);
