import { describe, expect, it } from 'vitest';
import { cropWindow } from './photo-crop';
import { groundResolution, lonLatToMercator, mercatorToPixel } from '../../domain/tile-math';

describe('cropWindow', () => {
  it('covers the crop with the tiles under it, placed where the server tiles them', () => {
    const [lon, lat, z] = [34.7951, 30.9137, 21];
    const w = cropWindow(lon, lat, z, 64, 4);
    const [gx, gy] = mercatorToPixel(...lonLatToMercator(lon, lat), z);
    // The tile holding the tree is drawn so that the tree lands in the crop's centre.
    const holding = w.tiles.find((t) => t.x === Math.floor(gx / 256) && t.y === Math.floor(gy / 256))!;
    expect(holding).toBeDefined();
    expect(Math.abs(holding.dx + (gx % 256) - 32)).toBeLessThanOrEqual(1);
    expect(Math.abs(holding.dy + (gy % 256) - 32)).toBeLessThanOrEqual(1);
    expect(w.tiles.length).toBeGreaterThanOrEqual(1);
    expect(w.tiles.length).toBeLessThanOrEqual(4);
    expect(w.radiusPx).toBeCloseTo(2 / groundResolution(z, lat), 1);
  });

  it('draws no circle without a canopy', () => {
    expect(cropWindow(34.8, 30.9, 19, 64, null).radiusPx).toBeNull();
  });
});
