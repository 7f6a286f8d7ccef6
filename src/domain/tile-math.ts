// Web Mercator tile arithmetic of the aerial photo (README "Aerial photo"), shared by the server's tiler and the map's tree crop: 256 px tiles, the
// XYZ scheme MapLibre asks for (y down from the north), global pixel coordinates at a zoom.
export const TILE = 256;
/** Web Mercator's half world, metres (EPSG:3857). */
export const HALF_WORLD = 20037508.342789244;
const R = 6378137;

export const lonLatToMercator = (lon: number, lat: number): [number, number] => [
  (lon * Math.PI * R) / 180,
  R * Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 360)),
];
export const mercatorToLonLat = (x: number, y: number): [number, number] => [
  (x / R) * (180 / Math.PI),
  (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI),
];

/** Metres per pixel of Web Mercator at zoom z (on the projection plane; on the ground multiply by cos(lat)). */
export const mercatorResolution = (z: number) => (2 * HALF_WORLD) / (TILE * 2 ** z);

/** Global pixel position at zoom z of a Web Mercator point (x right, y down). */
export const mercatorToPixel = (x: number, y: number, z: number): [number, number] => {
  const res = mercatorResolution(z);
  return [(x + HALF_WORLD) / res, (HALF_WORLD - y) / res];
};
export const pixelToMercator = (px: number, py: number, z: number): [number, number] => {
  const res = mercatorResolution(z);
  return [px * res - HALF_WORLD, HALF_WORLD - py * res];
};

/** Ground metres per pixel at zoom z and latitude lat. */
export const groundResolution = (z: number, lat: number) => mercatorResolution(z) * Math.cos((lat * Math.PI) / 180);

/**
 * The native zoom of a photo: the zoom whose ground resolution is nearest to the photo's (in doubling steps),
 * so 3 cm/px in Israel is z22 (3.2 cm) and no zoom is made up far beyond what was flown.
 */
export function nativeZoom(resolutionM: number, lat: number, maxZoom = 24): number {
  const z = Math.round(Math.log2(groundResolution(0, lat) / resolutionM));
  return Math.max(0, Math.min(maxZoom, z));
}

/** The zoom that fits the farm: the deepest zoom at which the bounds span at most one tile's width and height. */
export function fitZoom(bounds: Bounds, native: number): number {
  const [x0, y1] = lonLatToMercator(bounds[0], bounds[1]);
  const [x1, y0] = lonLatToMercator(bounds[2], bounds[3]);
  const span = Math.max(x1 - x0, y1 - y0);
  for (let z = native; z > 0; z--) if (span <= mercatorResolution(z) * TILE) return z;
  return 0;
}

/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number];

/** Tile range [x0, y0, x1, y1] (inclusive) that bounds touch at zoom z. */
export function tileRange(bounds: Bounds, z: number): [number, number, number, number] {
  const [x0, y1] = lonLatToMercator(bounds[0], bounds[1]);
  const [x1, y0] = lonLatToMercator(bounds[2], bounds[3]);
  const [px0, py0] = mercatorToPixel(x0, y0, z);
  const [px1, py1] = mercatorToPixel(x1, y1, z);
  const n = 2 ** z - 1;
  const c = (v: number) => Math.max(0, Math.min(n, Math.floor(v / TILE)));
  return [c(px0), c(py0), c(px1 - 1e-9), c(py1 - 1e-9)];
}

/** Whether tile (z, x, y) is a tile of the world at all. */
export const validTile = (z: number, x: number, y: number) =>
  Number.isInteger(z) && Number.isInteger(x) && Number.isInteger(y) && z >= 0 && z <= 30 && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
