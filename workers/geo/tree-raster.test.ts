import { describe, expect, it } from 'vitest';
import { mercX, mercY, nearestTree, rasterizeTrees, worldSize, type TreeRaster } from './tree-raster';

const GREEN = [46, 203, 64, 255],
  RED = [231, 76, 60, 255];

function input(points: [number, number][], colours: number[][], zoom = 16) {
  return {
    count: points.length,
    positions: Float64Array.from(points.flat()),
    rgba: Uint8Array.from(colours.flat()),
    zoom,
    pixelRatio: 1,
    radius: 2,
  };
}

/** Where a lon/lat lands in the raster, by the raster's own bounds. */
function pixelOf(r: TreeRaster, lon: number, lat: number) {
  const ws = worldSize(r.zoom, r.pixelRatio);
  const x0 = mercX(r.bounds[0]) * ws,
    y0 = mercY(r.bounds[3]) * ws;
  return [Math.floor(mercX(lon) * ws - x0 + 1e-6), Math.floor(mercY(lat) * ws - y0 + 1e-6)] as const;
}
const at = (r: TreeRaster, x: number, y: number) => Array.from(r.data.slice(4 * (y * r.width + x), 4 * (y * r.width + x) + 4));

describe('rasterizeTrees', () => {
  it('paints each tree as a disc of its colour at its Mercator pixel, transparent elsewhere', () => {
    const pts: [number, number][] = [
      [35.2, 32.6],
      [35.2005, 32.6004],
    ];
    const r = rasterizeTrees(input(pts, [GREEN, RED]))!;
    const ws = worldSize(16);
    // The bounds span exactly width × height pixels.
    expect((mercX(r.bounds[2]) - mercX(r.bounds[0])) * ws).toBeCloseTo(r.width, 6);
    expect((mercY(r.bounds[1]) - mercY(r.bounds[3])) * ws).toBeCloseTo(r.height, 6);
    const [ax, ay] = pixelOf(r, ...pts[0]);
    const [bx, by] = pixelOf(r, ...pts[1]);
    expect(at(r, ax, ay)).toEqual(GREEN);
    expect(at(r, ax + 2, ay)).toEqual(GREEN); // radius 2
    expect(at(r, ax + 2, ay + 2)).toEqual([0, 0, 0, 0]); // outside the disc
    expect(at(r, bx, by)).toEqual(RED);
    let painted = 0;
    for (let i = 3; i < r.data.length; i += 4) if (r.data[i]) painted++;
    expect(painted).toBe(2 * 13); // two discs of radius 2, apart
  });

  it('lets a later tree paint over an earlier one and skips transparent trees', () => {
    const r = rasterizeTrees(
      input(
        [
          [35.2, 32.6],
          [35.2, 32.6],
          [35.3, 32.7],
        ],
        [GREEN, RED, [1, 2, 3, 0]],
        12,
      ),
    )!;
    expect(at(r, ...pixelOf(r, 35.2, 32.6))).toEqual(RED);
    expect(at(r, ...pixelOf(r, 35.3, 32.7))).toEqual([0, 0, 0, 0]);
  });

  it("edges every dot in Sun mode's outline colour, painted under all dots so a neighbour's edge never covers a dot", () => {
    const DARK = [17, 17, 17];
    // Two trees 3 px apart at zoom 16: their 1 px edges reach into each other's disc.
    const lon2 = 35.2 + (3 / worldSize(16)) * 360;
    const pts: [number, number][] = [
      [35.2, 32.6],
      [lon2, 32.6],
    ];
    const r = rasterizeTrees({ ...input(pts, [GREEN, RED]), outline: { rgb: DARK as [number, number, number], width: 1 } })!;
    const [ax, ay] = pixelOf(r, ...pts[0]);
    const [bx] = pixelOf(r, ...pts[1]);
    expect(bx - ax).toBe(3);
    expect(at(r, ax, ay)).toEqual(GREEN);
    expect(at(r, ax - 2, ay)).toEqual(GREEN); // radius 2
    expect(at(r, ax - 3, ay)).toEqual([...DARK, 255]); // the edge, 1 px beyond it
    expect(at(r, ax - 4, ay)).toEqual([0, 0, 0, 0]);
    expect(at(r, ax + 1, ay)).toEqual(RED); // the later tree's disc paints over the earlier one's, never its edge
    expect(at(r, ax, ay - 3)).toEqual([...DARK, 255]);
    const plain = rasterizeTrees(input(pts, [GREEN, RED]))!;
    let dark = 0;
    for (let i = 0; i < r.data.length; i += 4) if (r.data[i] === 17 && r.data[i + 3] === 255) dark++;
    expect(dark).toBeGreaterThan(20);
    for (let i = 0; i < plain.data.length; i += 4) expect(plain.data[i] === 17 && plain.data[i + 3] === 255).toBe(false);
  });

  it('scales with the device pixel ratio and refuses images beyond the limits', () => {
    const pts: [number, number][] = [
      [35.2, 32.6],
      [35.21, 32.61],
    ];
    const one = rasterizeTrees(input(pts, [GREEN, RED], 14))!;
    const two = rasterizeTrees({ ...input(pts, [GREEN, RED], 14), pixelRatio: 2 })!;
    expect(Math.abs(two.width - 2 * one.width)).toBeLessThanOrEqual(4);
    expect(rasterizeTrees(input(pts, [GREEN, RED], 20))).toBeNull(); // ~7,500 px wide
    expect(rasterizeTrees({ ...input(pts, [GREEN, RED], 14), maxPixels: 100 })).toBeNull();
    expect(rasterizeTrees(input([], []))).toBeNull();
  });
});

describe('nearestTree', () => {
  const pts = Float64Array.from([35.2, 32.6, 35.2001, 32.6, 35.3, 32.7]);
  it('finds the tree nearest to a point within the pixel tolerance', () => {
    // At zoom 18 (512-px tiles) 0.0001° of longitude ≈ 37 px.
    expect(nearestTree(pts, 3, 35.20002, 32.6, 18, 10)).toBe(0);
    expect(nearestTree(pts, 3, 35.20008, 32.6, 18, 10)).toBe(1);
    expect(nearestTree(pts, 3, 35.20002, 32.6, 18, 6)).toBe(-1); // 7.5 px away
    expect(nearestTree(pts, 3, 35.20005, 32.6003, 18, 10)).toBe(-1);
    // Two trees at one spot: the later (drawn on top) wins.
    expect(nearestTree(Float64Array.from([35.2, 32.6, 35.2, 32.6]), 2, 35.2, 32.6, 12, 6)).toBe(1);
    // A tree drawn with alpha 0 (hidden class) is skipped: the next nearest drawn one is picked.
    const alpha = (a: number[]) => Uint8Array.from(a.flatMap((x) => [1, 1, 1, x]));
    expect(nearestTree(pts, 3, 35.20002, 32.6, 18, 40, alpha([255, 255, 255]))).toBe(0);
    expect(nearestTree(pts, 3, 35.20002, 32.6, 18, 40, alpha([0, 255, 255]))).toBe(1);
    expect(nearestTree(pts, 3, 35.20002, 32.6, 18, 40, alpha([0, 0, 0]))).toBe(-1);
  });
});
