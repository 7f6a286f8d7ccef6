import { describe, expect, it } from 'vitest';
import { snapPoint } from './snap';

// Identity "projection": lon/lat are pixels.
const project = (p: [number, number]) => ({ x: p[0], y: p[1] });
const unproject = (p: { x: number; y: number }): [number, number] => [p.x, p.y];
const square: [number, number][] = [
  [0, 0],
  [100, 0],
  [100, 100],
  [0, 100],
  [0, 0],
];

describe('snapPoint', () => {
  it('prefers a vertex within tolerance, then an edge, else nothing', () => {
    expect(snapPoint({ x: 8, y: 5 }, [square], project, unproject, 12)).toEqual({ lngLat: [0, 0], kind: 'vertex' });
    expect(snapPoint({ x: 50, y: 7 }, [square], project, unproject, 12)).toEqual({ lngLat: [50, 0], kind: 'edge' });
    expect(snapPoint({ x: 50, y: 13 }, [square], project, unproject, 12)).toBeNull();
    expect(snapPoint({ x: 50, y: 50 }, [], project, unproject, 12)).toBeNull();
  });
});
