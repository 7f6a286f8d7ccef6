import { describe, expect, it } from 'vitest';
import { resolveNpkRanges } from './npk-ranges';
import { computeStatistics } from './statistics';
import { rowsToTreeColumns, type TreeRow } from './tree-columns';

const cols = (rows: Partial<TreeRow>[]) => rowsToTreeColumns(rows.map((r, i) => ({ lon: 0, lat: 0, tree_id: i, ...r }))).columns;
const ctx = { npkRanges: resolveNpkRanges({}), totalPlots: 2, totalIrrigationAreas: 5, vitalityRange: { lo: 0, hi: 3 } };

describe('tree statistics (client.md §3 shape)', () => {
  const t = cols([
    { tree_status: 0, biomass: 2.5, canopy_diameter: 0.5, n_mean: 1.0, p_mean: 0.1, k_mean: 1, crop_name: null },
    { tree_status: 1, biomass: 1.5, canopy_diameter: 6.9, n_mean: 1.8, crop_name: 'Avocado' },
    { tree_status: 4, biomass: 3, canopy_diameter: 3, n_mean: 5 },
    { tree_status: null, biomass: 0.2, canopy_diameter: 7.0, n_mean: 3, crop_name: 'mango' },
    { tree_status: 2, biomass: 'N/A', canopy_diameter: -2, n_mean: 2, crop_name: 'kiwi' },
  ]);
  const s = computeStatistics(t, ctx);

  it('counts statuses 0..5 with unknown as 5', () => {
    expect(s.total_trees).toBe(5);
    expect(s.total_plots).toBe(2);
    expect(s.total_irrigation_areas).toBe(5);
    expect(s.status_counts.map((c) => c.count)).toEqual([1, 1, 1, 0, 1, 1]);
    expect(s.status_counts[4]).toEqual({ code: 4, label: 'Missing', count: 1 });
  });
  it('vitality thirds of the range; Missing/invalid → none', () => {
    expect(s.vitality_stats).toEqual({ high_vitality: 1, medium_vitality: 1, low_vitality: 1, no_vitality: 2 });
  });
  it('N/P/K aggregates exclude Missing trees, classes by crop range (no crop → avocado)', () => {
    expect(s.npk_stats.nitrogen.measurement_count).toBe(4);
    expect(s.npk_stats.nitrogen.min_value).toBeCloseTo(1.0, 6);
    expect(s.npk_stats.nitrogen.max_value).toBe(3);
    expect(s.npk_stats.nitrogen.avg_value).toBeCloseTo(7.8 / 4, 6);
    // avocado N 1.6–2.0: 1.0 low, 1.8 optimal; mango N 1.0–1.5: 3 high; kiwi: unclassified
    expect(s.npk_classes.nitrogen).toEqual({ low: 1, optimal: 1, high: 1, unclassified: 1 });
    expect(s.npk_stats.phosphorus).toMatchObject({ measurement_count: 1 });
    expect(s.npk_stats.potassium.avg_value).toBe(1);
  });
  it('canopy average and buckets 0-1 … 6-7, 7m+', () => {
    expect(s.canopy_diameter_stats.buffer_measurements).toBe(3);
    expect(s.canopy_diameter_stats.avg_buffer_size).toBeCloseTo((0.5 + 6.9 + 7) / 3, 5);
    expect(s.canopy_buckets.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 1, 1]);
    expect(s.canopy_buckets[7].label).toBe('7m+');
  });
  it('works on a selection and on nothing', () => {
    const one = computeStatistics(t, ctx, Uint32Array.from([1]));
    expect(one.total_trees).toBe(1);
    expect(one.npk_classes.nitrogen.optimal).toBe(1);
    const empty = computeStatistics(t, ctx, new Uint32Array(0));
    expect(empty.npk_stats.nitrogen).toEqual({ avg_value: null, min_value: null, max_value: null, measurement_count: 0 });
    expect(empty.canopy_diameter_stats.avg_buffer_size).toBeNull();
  });
});

describe('N/P/K combined counts trees, not readings (README "NPK combined")', () => {
  // avocado: N 1.6–2.0, P 0.08–0.25, K 0.75–2.0
  const t = cols([
    { tree_status: 0, n_mean: 1.8, p_mean: 0.1, k_mean: 1 }, // all optimal
    { tree_status: 0, n_mean: 1.0, p_mean: 0.3, k_mean: 1 }, // low N and high P: low (the deficient side)
    { tree_status: 0, n_mean: 1.8, p_mean: 0.3, k_mean: 1 }, // high P only: high
    { tree_status: 0, n_mean: 1.8, p_mean: 0.1 }, // no K: unclassified
    { tree_status: 4, n_mean: 1.8, p_mean: 0.1, k_mean: 1 }, // Missing: not counted
  ]);
  const s = computeStatistics(t, ctx);
  it('optimal only when all three are, low when any is low, else high when any is high', () => {
    expect(s.npk_combined).toEqual({ low: 1, optimal: 1, high: 1, unclassified: 1 });
  });
  it('never counts more trees than the survey has', () => {
    const c = s.npk_combined;
    expect(c.low + c.optimal + c.high + c.unclassified).toBeLessThanOrEqual(s.total_trees);
    // Per nutrient the readings are counted: three charts of trees each, never the sum of the three.
    for (const n of Object.values(s.npk_classes)) expect(n.low + n.optimal + n.high + n.unclassified).toBeLessThanOrEqual(s.total_trees);
  });
});
