// Level of detail for trees below the detail zoom: the dots are drawn once into
// an RGBA image in Web Mercator pixels at the current zoom, and the map shows
// that image (one textured quad) instead of one instance per tree. Panning then
// costs one quad per frame instead of 100k–1M instances; the image is redrawn
// only when the zoom or the colours change. Pure: no DOM, tests run in Node.
import { latToMercatorY, lonToMercatorX, mercatorXToLon, mercatorYToLat } from './projection';

const WORLD = 2 * Math.PI * 6378137; // EPSG:3857 metres across the world
/** Web Mercator x in [0, 1) of a longitude (the tile-pixel convention: 0 at the antimeridian). */
export const mercX = (lon: number): number => 0.5 + lonToMercatorX(lon) / WORLD;
/** Web Mercator y in [0, 1) of a latitude (0 at the north edge). */
export const mercY = (lat: number): number => 0.5 - latToMercatorY(lat) / WORLD;
const lonOf = (x: number) => mercatorXToLon((x - 0.5) * WORLD);
const latOf = (y: number) => mercatorYToLat((0.5 - y) * WORLD);

/** Pixels across the world at a zoom (MapLibre's 512-pixel tiles) times the device pixel ratio. */
export const worldSize = (zoom: number, pixelRatio = 1): number => 512 * 2 ** zoom * pixelRatio;

export interface TreeRaster {
  width: number;
  height: number;
  /** RGBA, row 0 at the top (north). */
  data: Uint8ClampedArray<ArrayBuffer>;
  /** [left, bottom, right, top] in lon/lat: exactly the image's pixel grid. */
  bounds: [number, number, number, number];
  zoom: number;
  pixelRatio: number;
}

export interface RasterInput {
  count: number;
  /** Absolute lon/lat pairs. */
  positions: Float64Array;
  rgba: Uint8Array;
  zoom: number;
  pixelRatio: number;
  /** Dot radius in CSS pixels. */
  radius: number;
  /** An outline around each dot (Sun mode, issue 35): its colour and width in CSS pixels, painted under every dot. */
  outline?: { rgb: [number, number, number]; width: number };
  /** Largest side and pixel count of the image (texture limits, memory on phones). */
  maxSide?: number;
  maxPixels?: number;
}

export const RASTER_MAX_SIDE = 4096;
export const RASTER_MAX_PIXELS = 4096 * 2048;

/** Pixel offsets of a filled disc of radius r (in device pixels). */
function disc(r: number): Int32Array {
  const out: number[] = [];
  const R = Math.ceil(r);
  for (let dy = -R; dy <= R; dy++) for (let dx = -R; dx <= R; dx++) if (dx * dx + dy * dy <= r * r) out.push(dx, dy);
  return Int32Array.from(out);
}

// Mercator x/y of every tree and their extent, once per positions array (log/tan
// per tree would otherwise be most of each redraw: 1M trees ~300 ms → ~80 ms).
const mercatorCache = new WeakMap<Float64Array, { xy: Float64Array; minX: number; minY: number; maxX: number; maxY: number }>();
function mercator(positions: Float64Array, count: number) {
  const hit = mercatorCache.get(positions);
  if (hit && hit.xy.length === 2 * count) return hit;
  const xy = new Float64Array(2 * count);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    const x = mercX(positions[2 * i]),
      y = mercY(positions[2 * i + 1]);
    xy[2 * i] = x;
    xy[2 * i + 1] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const out = { xy, minX, minY, maxX, maxY };
  mercatorCache.set(positions, out);
  return out;
}

/**
 * The trees as dots in an image, or null when the image would exceed the
 * limits at this zoom (then the trees are drawn as instances). Later trees
 * paint over earlier ones, as instances do. Transparent where no tree is.
 */
export function rasterizeTrees(input: RasterInput): TreeRaster | null {
  const { count, positions, rgba, zoom, pixelRatio } = input;
  if (count === 0) return null;
  const ws = worldSize(zoom, pixelRatio);
  const { xy, minX, minY, maxX, maxY } = mercator(positions, count);
  const r = input.radius * pixelRatio;
  const ring = input.outline ? r + input.outline.width * pixelRatio : r;
  const pad = Math.ceil(ring) + 1;
  const x0 = Math.floor(minX * ws) - pad,
    y0 = Math.floor(minY * ws) - pad;
  const width = Math.ceil(maxX * ws) - x0 + pad + 1,
    height = Math.ceil(maxY * ws) - y0 + pad + 1;
  if (width > (input.maxSide ?? RASTER_MAX_SIDE) || height > (input.maxSide ?? RASTER_MAX_SIDE) || width * height > (input.maxPixels ?? RASTER_MAX_PIXELS))
    return null;

  const data = new Uint8ClampedArray(width * height * 4);
  const bytes = new Uint8Array(data.buffer); // plain byte writes: no clamping on the hot loop
  // Pixel i covers [i, i + 1): a tree at 3.7 is centred in pixel 3. The outlines first, all of them, so a
  // neighbour's outline never covers a dot (dense rows stay coloured, each dot edged where it meets the ground).
  /** Paints every shown tree's disc: in its own colour, or in `fixed` (opaque) for the outlines. */
  const paint = (offsets: Int32Array, fixed: [number, number, number] | null) => {
    for (let i = 0; i < count; i++) {
      const a = rgba[4 * i + 3];
      if (a === 0) continue;
      const px = Math.floor(xy[2 * i] * ws) - x0,
        py = Math.floor(xy[2 * i + 1] * ws) - y0;
      const cr = fixed ? fixed[0] : rgba[4 * i],
        cg = fixed ? fixed[1] : rgba[4 * i + 1],
        cb = fixed ? fixed[2] : rgba[4 * i + 2],
        ca = fixed ? 255 : a;
      for (let k = 0; k < offsets.length; k += 2) {
        const o = 4 * ((py + offsets[k + 1]) * width + px + offsets[k]);
        bytes[o] = cr;
        bytes[o + 1] = cg;
        bytes[o + 2] = cb;
        bytes[o + 3] = ca;
      }
    }
  };
  if (input.outline) paint(disc(ring), input.outline.rgb);
  paint(disc(r), null);
  return {
    width,
    height,
    data,
    zoom,
    pixelRatio,
    bounds: [lonOf(x0 / ws), latOf((y0 + height) / ws), lonOf((x0 + width) / ws), latOf(y0 / ws)],
  };
}

/**
 * The tree nearest to a lon/lat within `maxPixels` screen pixels at `zoom`, or
 * -1. A linear scan (≈1 ms per 100k trees) on click: no index to build or keep.
 * On ties the later tree wins, the one drawn on top.
 */
export function nearestTree(
  positions: Float64Array,
  count: number,
  lon: number,
  lat: number,
  zoom: number,
  maxPixels: number,
  rgba?: Uint8Array | null,
): number {
  const ws = worldSize(zoom);
  // Mercator y is not linear in latitude, but over a click radius it is: one scale per click.
  const ky = ((mercY(lat + 1e-4) - mercY(lat)) / 1e-4) * ws,
    kx = ws / 360;
  let best = -1,
    bestD = maxPixels * maxPixels;
  for (let i = 0; i < count; i++) {
    const dx = (positions[2 * i] - lon) * kx;
    if (dx > maxPixels || dx < -maxPixels) continue;
    const dy = (positions[2 * i + 1] - lat) * ky;
    const d = dx * dx + dy * dy;
    // A tree not drawn (alpha 0: hidden legend class, no N/P/K value) cannot be clicked either.
    if (d <= bestD && !(rgba && rgba[4 * i + 3] === 0)) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
