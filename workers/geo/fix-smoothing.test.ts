import { describe, expect, it } from 'vitest';
import { RESET_METRES, smoothFix, STALE_MS, type RawFix, type SmoothedFix } from './fix-smoothing';
import { distanceMeters } from './walk';

// A row of trees along a parallel at 30.9° N; `at(e, n)` is e metres east and n metres north of the origin.
const LAT = 30.9,
  LON = 34.79;
const M = (Math.PI / 180) * 6371008.8;
const at = (e: number, n: number) => ({ lon: LON + e / (M * Math.cos((LAT * Math.PI) / 180)), lat: LAT + n / M });
const fix = (e: number, n: number, accuracy: number | null, s: number): RawFix => ({ ...at(e, n), accuracy, time: s * 1000 });
const metresFrom = (f: SmoothedFix, e: number, n: number) => {
  const p = at(e, n);
  return distanceMeters([f.lon, f.lat], [p.lon, p.lat]);
};
const run = (fixes: RawFix[]) => fixes.reduce<SmoothedFix | null>((s, f) => smoothFix(s, f), null)!;

describe('smoothFix', () => {
  it('starts at the first fix, with its accuracy', () => {
    const s = smoothFix(null, fix(0, 0, 5, 0));
    expect(metresFrom(s, 0, 0)).toBeLessThan(1e-6);
    expect(s.accuracy).toBe(5);
    expect(s.variance).toBe(25);
  });

  it('keeps the dot within a row while fixes scatter ± 4 m across the rows', () => {
    // Standing at (0, 0); fixes alternate 4 m north and south (the next rows), 1 s apart, accuracy 5 m.
    const fixes = Array.from({ length: 20 }, (_, i) => fix(0, i % 2 ? 4 : -4, 5, i));
    let s: SmoothedFix | null = null,
      worst = 0;
    for (const f of fixes) {
      s = smoothFix(s, f);
      if (f.time > 3000) worst = Math.max(worst, metresFrom(s, 0, 0));
    }
    // The raw fixes are 4 m off every time; the smoothed dot stays about a metre from where the walker stands.
    expect(worst).toBeLessThan(2);
  });

  it('follows a walker: converges to where the fixes settle', () => {
    const walk = Array.from({ length: 12 }, (_, i) => fix(Math.min(i, 6) * 1.4, 0, 5, i));
    const s = run(walk);
    expect(metresFrom(s, 8.4, 0)).toBeLessThan(1);
  });

  it('drops a fix far worse than the current one while it is fresh, and takes it once the estimate is stale', () => {
    const good = run([fix(0, 0, 4, 0), fix(0, 0, 4, 1)]);
    const bad = fix(25, 0, 40, 2);
    expect(smoothFix(good, bad)).toBe(good);
    // A fix only somewhat worse (8 m, under the floor) still counts.
    expect(smoothFix(good, fix(2, 0, 8, 2))).not.toBe(good);
    // After STALE_MS without a fix taken, the bad one is all there is.
    const later = smoothFix(good, { ...bad, time: 1000 + STALE_MS + 1 });
    expect(metresFrom(later, 25, 0)).toBeLessThan(1e-6);
    expect(later.accuracy).toBe(40);
  });

  it('takes a jump far beyond both radii as it is (a drive, a restarted receiver)', () => {
    const s = run([fix(0, 0, 5, 0), fix(0, 0, 5, 1)]);
    const jumped = smoothFix(s, fix(RESET_METRES + 30, 0, 5, 2));
    expect(metresFrom(jumped, RESET_METRES + 30, 0)).toBeLessThan(1e-6);
    // A 6 m step (the next row but one) is averaged, not taken as it is.
    const step = smoothFix(s, fix(6, 0, 5, 2));
    expect(metresFrom(step, 6, 0)).toBeGreaterThan(1);
    expect(metresFrom(step, 0, 0)).toBeGreaterThan(1);
  });

  it('trusts a fix more the longer the estimate has not been updated', () => {
    const s = run([fix(0, 0, 5, 0), fix(0, 0, 5, 1), fix(0, 0, 5, 2)]);
    const soon = smoothFix(s, fix(8, 0, 5, 3)),
      late = smoothFix(s, fix(8, 0, 5, 8));
    expect(metresFrom(late, 8, 0)).toBeLessThan(metresFrom(soon, 8, 0));
  });

  it('counts an unknown accuracy as a poor one', () => {
    const s = run([fix(0, 0, 3, 0), fix(0, 0, 3, 1)]);
    expect(smoothFix(s, fix(5, 0, null, 2))).toBe(s);
  });
});
