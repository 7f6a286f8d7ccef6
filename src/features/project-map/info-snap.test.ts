import { describe, expect, it } from 'vitest';
import { clampInfoHeight, INFO_INITIAL, nearestSnap, nextSnap, snapHeights, snapNameOf } from './info-snap';

describe('the info panel bottom sheet (client.md §2 limits, issue 35 snap points)', () => {
  it('puts peek at 100 px, full at 80% of the window and half between, all within the limits', () => {
    expect(snapHeights(844)).toEqual({ peek: 100, half: 422, full: 675 });
    for (const wh of [200, 500, 844, 1400]) {
      for (const h of Object.values(snapHeights(wh))) expect(h).toBe(clampInfoHeight(h, wh));
    }
    expect(clampInfoHeight(INFO_INITIAL, 844)).toBe(150);
    expect(clampInfoHeight(50, 844)).toBe(100);
    expect(clampInfoHeight(2000, 844)).toBe(675);
  });

  it('settles a drag on the nearest snap point', () => {
    expect(nearestSnap(150, 844)).toBe('peek');
    expect(nearestSnap(400, 844)).toBe('half');
    expect(nearestSnap(560, 844)).toBe('full');
  });

  it('steps up and down between snap points, stopping at the ends unless a tap cycles', () => {
    expect(nextSnap(150, 844, 1)).toBe('half');
    expect(nextSnap(422, 844, 1)).toBe('full');
    expect(nextSnap(675, 844, 1)).toBe('full');
    expect(nextSnap(675, 844, 1, true)).toBe('peek');
    expect(nextSnap(422, 844, -1)).toBe('peek');
    expect(nextSnap(100, 844, -1)).toBe('peek');
    expect(nextSnap(150, 844, -1)).toBe('peek');
  });

  it('names the snap point a height sits on', () => {
    expect(snapNameOf(422, 844)).toBe('half');
    expect(snapNameOf(150, 844)).toBeNull();
  });
});
