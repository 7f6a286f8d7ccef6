// Which tiles of the native zoom cover a square crop centred on a tree, where each lands in the crop, and
// the canopy's radius in crop pixels (tree-photo-crop.tsx). Pure: tested in Node.
import { TILE, groundResolution, lonLatToMercator, mercatorToPixel } from '../../domain/tile-math';

export interface CropWindow {
  tiles: { x: number; y: number; dx: number; dy: number }[];
  radiusPx: number | null;
}

export function cropWindow(lon: number, lat: number, zoom: number, size: number, canopy: number | null): CropWindow {
  const [gx, gy] = mercatorToPixel(...lonLatToMercator(lon, lat), zoom);
  const left = Math.round(gx - size / 2);
  const top = Math.round(gy - size / 2);
  const tiles: CropWindow['tiles'] = [];
  for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + size - 1) / TILE); ty++)
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + size - 1) / TILE); tx++)
      tiles.push({ x: tx, y: ty, dx: tx * TILE - left, dy: ty * TILE - top });
  return { tiles, radiusPx: canopy && canopy > 0 ? canopy / 2 / groundResolution(zoom, lat) : null };
}
