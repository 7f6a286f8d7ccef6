// Percentiles, relative ranges, colours and statistics against plain reference
// implementations (full sort, per-tree objects) on random inputs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { colourTrees, NUTRIENT_SCALES, relativeBand, relativeRange } from '../../workers/geo/colours';
import { resolveNpkRanges, rangeFor } from '../../workers/geo/npk-ranges';
import { percentileInPlace, percentilePair } from '../../workers/geo/select';
import { computeStatistics } from '../../workers/geo/statistics';
import { rowsToTreeColumns, type TreeRow } from '../../workers/geo/tree-columns';

function refPercentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p,
    lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

const valueArb = fc.oneof(
  fc.double({ min: 0, max: 10, noNaN: true }),
  fc.constantFrom(0, 1, 1, 2.5),
  fc.double({ min: -2, max: -0.001, noNaN: true }),
  fc.constantFrom(null, 'N/A', 'null', 'undefined', ''),
);
const rowArb = fc.record({
  tree_status: fc.constantFrom(0, 1, 2, 3, 4, 5, null, 7, '2'),
  biomass: valueArb,
  canopy_diameter: valueArb,
  n_mean: valueArb,
  p_mean: valueArb,
  k_mean: valueArb,
  crop_name: fc.constantFrom(null, 'avocado', 'Mango', 'olive', 'kiwi'),
});
const rowsArb = fc.oneof(
  fc.array(rowArb, { maxLength: 200 }),
  fc.array(rowArb, { maxLength: 1 }),
  fc
    .integer({ min: 0, max: 40 })
    .map((n) => Array.from({ length: n }, () => ({ tree_status: 0, biomass: 3, canopy_diameter: 3, n_mean: 2, p_mean: 0.1, k_mean: 1, crop_name: null }))),
  fc
    .integer({ min: 0, max: 40 })
    .map((n) =>
      Array.from({ length: n }, () => ({ tree_status: 4, biomass: null, canopy_diameter: 'N/A', n_mean: null, p_mean: null, k_mean: null, crop_name: null })),
    ),
);
const build = (rows: object[]) => rowsToTreeColumns(rows.map((r, i) => ({ lon: 0, lat: 0, tree_id: i, ...r }) as TreeRow)).columns;
const f32 = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : NaN;
  return Math.fround(n);
};
const statusRef = (s: unknown) => {
  const n = typeof s === 'number' ? s : typeof s === 'string' && s !== '' ? Number(s) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : 5;
};

describe('percentiles by selection vs Array.prototype.sort', () => {
  it('matches for any p, any data (duplicates, one value, all equal)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 3000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (xs, p) => {
          expect(percentileInPlace(Float64Array.from(xs), p)).toBeCloseTo(refPercentile(xs, p), 6);
          const [lo, hi] = percentilePair(Float64Array.from(xs), 0.05, 0.95);
          expect(lo).toBeCloseTo(refPercentile(xs, 0.05), 6);
          expect(hi).toBeCloseTo(refPercentile(xs, 0.95), 6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('relative range and colours vs per-tree reference', () => {
  it('range: >10 valid values → 5th/95th percentile, else min/max, none → default', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const t = build(rows);
        const valid = rows.filter((r) => f32(r.canopy_diameter) >= 0 && statusRef(r.tree_status) !== 4).map((r) => f32(r.canopy_diameter));
        const r = relativeRange(t.numeric.canopy_diameter, t.status, 7);
        const [lo, hi] =
          valid.length > 10 ? [refPercentile(valid, 0.05), refPercentile(valid, 0.95)] : valid.length ? [Math.min(...valid), Math.max(...valid)] : [0, 7];
        expect(r.lo).toBeCloseTo(lo, 6);
        expect(r.hi).toBeCloseTo(hi, 6);
        const rgba = colourTrees(t, 'canopy').rgba;
        const bandColours = new Map<number, string>();
        rows.forEach((row, i) => {
          const v = f32(row.canopy_diameter),
            px = Array.from(rgba.subarray(4 * i, 4 * i + 4)).join();
          if (!(v >= 0 && statusRef(row.tree_status) !== 4)) {
            expect(px).toBe('178,186,187,255');
            return;
          }
          const b = relativeBand(v, r);
          if (bandColours.has(b)) expect(px).toBe(bandColours.get(b));
          else bandColours.set(b, px);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('nutrient layer: hidden exactly for Missing or no-mean trees', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const t = build(rows);
        const out = colourTrees(t, 'p');
        rows.forEach((row, i) => {
          const hidden = Number.isNaN(f32(row.p_mean)) || statusRef(row.tree_status) === 4;
          expect(out.rgba[4 * i + 3]).toBe(hidden ? 0 : 255);
        });
        expect(NUTRIENT_SCALES.p.step).toBe(0.01);
      }),
      { numRuns: 200 },
    );
  });
});

describe('statistics vs per-tree reference', () => {
  it('status counts, nutrient aggregates and classes, canopy buckets, on all trees and on a random selection', () => {
    const ranges = resolveNpkRanges({ kiwi: { n: { lower: 1, upper: 3 } } });
    fc.assert(
      fc.property(rowsArb, fc.array(fc.nat()), (rows, picks) => {
        const t = build(rows);
        const sel = rows.length ? Uint32Array.from(new Set(picks.map((p) => p % rows.length))) : new Uint32Array(0);
        for (const selection of [null, sel]) {
          const chosen = selection ? Array.from(selection, (i) => rows[i]) : rows;
          const s = computeStatistics(t, { npkRanges: ranges, totalPlots: 0, totalIrrigationAreas: 0, vitalityRange: { lo: 0, hi: 6 } }, selection);
          expect(s.total_trees).toBe(chosen.length);
          expect(s.status_counts.map((c) => c.count)).toEqual([0, 1, 2, 3, 4, 5].map((c) => chosen.filter((r) => statusRef(r.tree_status) === c).length));
          const live = chosen.filter((r) => statusRef(r.tree_status) !== 4);
          const nVals = live.filter((r) => !Number.isNaN(f32(r.n_mean)));
          expect(s.npk_stats.nitrogen.measurement_count).toBe(nVals.length);
          if (nVals.length) expect(s.npk_stats.nitrogen.max_value).toBe(Math.max(...nVals.map((r) => f32(r.n_mean))));
          const cls = (r: (typeof rows)[number]) => {
            const rg = rangeFor(ranges, r.crop_name, 'n'),
              v = f32(r.n_mean);
            return !rg || !(rg.lower < rg.upper) ? 'unclassified' : v < rg.lower ? 'low' : v > rg.upper ? 'high' : 'optimal';
          };
          for (const k of ['low', 'optimal', 'high', 'unclassified'] as const) {
            expect(s.npk_classes.nitrogen[k]).toBe(nVals.filter((r) => cls(r) === k).length);
          }
          const canopy = live.map((r) => f32(r.canopy_diameter)).filter((v) => v >= 0);
          expect(s.canopy_buckets.map((b) => b.count)).toEqual(
            [0, 1, 2, 3, 4, 5, 6, 7].map((b) => canopy.filter((v) => (b === 7 ? v >= 7 : Math.floor(v) === b)).length),
          );
          const bio = live.map((r) => f32(r.biomass)).filter((v) => v >= 0);
          expect(s.vitality_stats.no_vitality).toBe(chosen.length - bio.length);
          expect(s.vitality_stats.high_vitality).toBe(bio.filter((v) => v / 6 >= 2 / 3).length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
