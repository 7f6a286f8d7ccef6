import { describe, expect, it } from 'vitest';
import {
  bearingDegrees,
  compassPoint,
  distanceMeters,
  hasArrived,
  nearestTreeWithin,
  nearestUnvisitedMeters,
  nextTarget,
  nextTrees,
  visitOrder,
  type WalkTree,
} from './walk';

// Rows of trees 4 m apart along a parallel at 30.9° N (one degree of longitude there ≈ 95.45 km).
const LAT = 30.9;
const mPerDegLon = (Math.PI / 180) * 6371008.8 * Math.cos((LAT * Math.PI) / 180);
const east = (m: number) => 34.79 + m / mPerDegLon;
const row = (n: number, y = 0): WalkTree[] => Array.from({ length: n }, (_, i) => ({ id: 100 * (y + 1) + i, lon: east(4 * i), lat: LAT + y / 111_195 }));

describe('walk to a tree', () => {
  it('measures distance and bearing', () => {
    expect(distanceMeters([east(0), LAT], [east(40), LAT])).toBeCloseTo(40, 1);
    expect(distanceMeters([34.79, LAT], [34.79, LAT + 0.001])).toBeCloseTo(111.195, 1);
    expect(bearingDegrees([34.79, LAT], [34.79, LAT + 0.001])).toBeCloseTo(0, 5);
    expect(bearingDegrees([34.79, LAT], [east(10), LAT])).toBeCloseTo(90, 1);
    expect(bearingDegrees([34.79, LAT], [34.79, LAT - 0.001])).toBeCloseTo(180, 5);
    expect(bearingDegrees([east(10), LAT], [34.79, LAT])).toBeCloseTo(270, 1);
    expect(compassPoint(0)).toBe('n');
    expect(compassPoint(359)).toBe('n');
    expect(compassPoint(44)).toBe('ne');
    expect(compassPoint(225)).toBe('sw');
  });

  it('arrives within 4 m, or within a fix’s accuracy up to 15 m, never on a worse fix', () => {
    expect(hasArrived(3.9, 3)).toBe(true);
    expect(hasArrived(4.1, 3)).toBe(false);
    expect(hasArrived(9, 10)).toBe(true);
    expect(hasArrived(14, 30)).toBe(false);
    expect(hasArrived(2, null)).toBe(true);
  });

  it('orders the unvisited trees nearest first, walking along the row', () => {
    const trees = [...row(5), ...row(5, 10)];
    const visited = new Set([trees[1].id]);
    const order = visitOrder(trees, visited, [east(-3), LAT]);
    expect(order.map((i) => trees[i].id)).toEqual([100, 102, 103, 104, 1104, 1103, 1102, 1101, 1100]);
    expect(nextTrees(trees, visited, [east(-3), LAT], 3)).toEqual(order.slice(0, 3));
    expect(visitOrder(trees, visited, null)).toEqual([0, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(nearestUnvisitedMeters(trees, visited, [east(4), LAT])).toBeCloseTo(4, 1);
    expect(nearestUnvisitedMeters(trees, new Set(trees.map((t) => t.id)), [east(4), LAT])).toBe(Infinity);
  });
});

describe('which tree am I at', () => {
  // Two rows of 10 trees, 4 m apart along the row and 5 m between rows.
  const trees = [...row(10), ...row(10, 5)];
  const positions = Float64Array.from(trees.flatMap((t) => [t.lon, t.lat]));
  const brute = (at: [number, number]) => {
    let best = -1,
      bestD = Infinity;
    trees.forEach((t, i) => {
      const d = distanceMeters(at, [t.lon, t.lat]);
      if (d < bestD) [best, bestD] = [i, d];
    });
    return { index: best, distance: bestD };
  };
  it('finds the nearest tree as a scan over all of them does, with its distance', () => {
    for (const [e, n] of [
      [1, 0.5],
      [7.9, 2.4],
      [8.1, 2.6],
      [29.5, 4],
      [-3, -2],
      [45, 7],
    ]) {
      const at: [number, number] = [east(e), LAT + n / 111_195];
      const got = nearestTreeWithin(positions, trees.length, at);
      const want = brute(at);
      expect(got?.index).toBe(want.index);
      expect(got!.distance).toBeCloseTo(want.distance, 6);
    }
  });
  it('answers null farther than the limit from every tree', () => {
    expect(nearestTreeWithin(positions, trees.length, [east(-60), LAT])).toBeNull();
    expect(nearestTreeWithin(positions, trees.length, [east(-10), LAT], 8)).toBeNull();
    expect(nearestTreeWithin(positions, trees.length, [east(-10), LAT], 12)?.index).toBe(0);
    expect(nearestTreeWithin(new Float64Array(0), 0, [east(0), LAT])).toBeNull();
  });
});

describe('next tree', () => {
  // One row of 6 trees 4 m apart, listed out of place order: 3, 0, 5, 1, 4, 2 (a list sorted by status, say).
  const placed = row(6);
  const trees = [3, 0, 5, 1, 4, 2].map((k) => placed[k]);
  const none = new Set<number>();
  it('in the list order: the next one after the current not visited yet, wrapping round', () => {
    expect(nextTarget(trees, none, -1, 'list', null)).toBe(0);
    expect(nextTarget(trees, none, 2, 'list', null)).toBe(3);
    expect(nextTarget(trees, new Set([trees[3].id, trees[4].id]), 2, 'list', null)).toBe(5);
    expect(nextTarget(trees, new Set([trees[3].id, trees[4].id, trees[5].id]), 2, 'list', null)).toBe(0);
    expect(nextTarget(trees, new Set(trees.map((t) => t.id)), 2, 'list', null)).toBe(-1);
    expect(nextTarget(trees, new Set(trees.filter((_, i) => i !== 2).map((t) => t.id)), 2, 'list', null)).toBe(-1);
  });
  it('by distance: the nearest not visited from the walker, else from the current tree', () => {
    // Standing at 9 m along the row: the trees at 8 m (placed 2, listed 5) and then 12 m (placed 3, listed 0).
    expect(nextTarget(trees, none, -1, 'distance', [east(9), LAT])).toBe(5);
    expect(nextTarget(trees, none, 5, 'distance', [east(9), LAT])).toBe(0);
    // No fix: from the current tree (placed 5 at 20 m): the tree at 16 m (placed 4, listed 4).
    expect(nextTarget(trees, none, 2, 'distance', null)).toBe(4);
    expect(nextTarget(trees, new Set(trees.map((t) => t.id)), -1, 'distance', [east(9), LAT])).toBe(-1);
  });
});
