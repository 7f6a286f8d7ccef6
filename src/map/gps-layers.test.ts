import { describe, expect, it } from 'vitest';
import { bearingDegrees, distanceMeters } from '../../workers/geo/walk';
import { CONE, gpsLayers, headingCone, metresPerPixel } from './gps-layers';

const at: [number, number] = [34.79, 30.9];
/** Signed difference of two bearings, −180…180. */
const turn = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

describe('the position on the map', () => {
  it('draws the accuracy circle in metres and the heading cone only when known, the dot on top', () => {
    expect(gpsLayers({ position: at, accuracy: null, heading: null }, 18).map((l) => l.id)).toEqual(['gps']);
    const all = gpsLayers({ position: at, accuracy: 6, heading: 90 }, 18);
    expect(all.map((l) => l.id)).toEqual(['gps-accuracy', 'gps-heading', 'gps']);
    const circle = all[0].props as unknown as { radiusUnits: string; getRadius: (d: { accuracy: number }) => number };
    expect(circle.radiusUnits).toBe('meters');
    expect(circle.getRadius({ accuracy: 6 })).toBe(6);
  });

  it('points the cone along the heading, its tip a fixed number of screen pixels ahead at any zoom', () => {
    for (const zoom of [15, 18, 21])
      for (const heading of [0, 45, 90, 200, 315]) {
        const [left, tip, right, closed] = headingCone(at, heading, zoom);
        expect(closed).toEqual(left);
        expect(turn(bearingDegrees(at, tip), heading)).toBeCloseTo(0, 3);
        expect(distanceMeters(at, tip) / metresPerPixel(at[1], zoom)).toBeCloseTo(CONE.tipPx, 2);
        // The base corners sit either side of the heading.
        expect(turn(bearingDegrees(at, left), heading)).toBeCloseTo(-CONE.halfAngle, 2);
        expect(turn(bearingDegrees(at, right), heading)).toBeCloseTo(CONE.halfAngle, 2);
      }
  });

  it('measures metres per pixel as MapLibre does (512 px tiles): about 0.51 m at zoom 18 at 30.9° N', () => {
    expect(metresPerPixel(30.9, 18)).toBeCloseTo((40_075_016.7 * Math.cos((30.9 * Math.PI) / 180)) / (512 * 2 ** 18), 3);
  });
});
