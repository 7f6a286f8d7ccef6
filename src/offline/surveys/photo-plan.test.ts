import { describe, expect, it } from 'vitest';
import { keptTileUrls, meanTileBytes, photoZoomThatFits, plotDetailPlan, tileCount, type PhotoStatusLike } from './photo-plan';
import type { Bounds } from '../../domain/tile-math';

// A photo of about 1 x 1 km near the demo farm, tiled z14..z19 (25 cm/px).
const bounds: Bounds = [35.5, 33.0, 35.51, 33.009];
const photo = (bytes: number): PhotoStatusLike => ({
  status: 'ready',
  version: 'abcd',
  bounds,
  minzoom: 14,
  maxzoom: 19,
  bytes,
  tiles: '/t/{z}/{x}/{y}.webp?v=abcd',
});

describe('photo plan', () => {
  it('counts the tiles of every zoom, about 4x per zoom', () => {
    const z18 = tileCount(bounds, 18, 18);
    const z19 = tileCount(bounds, 19, 19);
    expect(z19 / z18).toBeGreaterThan(3);
    expect(z19 / z18).toBeLessThan(5);
    expect(tileCount(bounds, 14, 19)).toBe(Array.from({ length: 6 }, (_, i) => tileCount(bounds, 14 + i, 14 + i)).reduce((a, b) => a + b));
  });

  it('keeps every zoom when the whole photo fits, fewer when it does not', () => {
    const s = photo(20e6);
    expect(photoZoomThatFits(s, 25e6).zoom).toBe(19);
    const z18 = photoZoomThatFits(s, 10e6);
    expect(z18.zoom).toBe(18);
    expect(z18.bytes).toBeLessThanOrEqual(10e6);
    expect(photoZoomThatFits(s, 1).zoom).toBeNull();
    expect(photoZoomThatFits({ ...s, status: 'processing' }, 1e9).zoom).toBeNull();
  });

  it('estimates the full resolution of a plot from the deeper zooms only, inside the photo', () => {
    const s = photo(20e6);
    const plot: Bounds = [35.502, 33.002, 35.504, 33.004];
    const p = plotDetailPlan(s, 17, plot);
    expect(p.tiles).toBe(tileCount(plot, 18, 19));
    expect(p.bytes).toBe(Math.round(p.tiles * meanTileBytes(s)));
    expect(plotDetailPlan(s, 19, plot).tiles).toBe(0);
    expect(plotDetailPlan(s, 17, [10, 10, 11, 11]).tiles).toBe(0);
  });

  it('lists the kept tile URLs: the photo to its kept zoom, then the plot deeper', () => {
    const s = photo(20e6);
    const plot: Bounds = [35.502, 33.002, 35.504, 33.004];
    const urls = [...keptTileUrls(s, 16, plot)];
    expect(urls.length).toBe(tileCount(bounds, 14, 16) + tileCount(plot, 17, 19));
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls[0]).toMatch(/^\/t\/14\/\d+\/\d+\.webp\?v=abcd$/);
    expect(urls.at(-1)).toMatch(/^\/t\/19\//);
  });
});
