// A survey's statistics as the app shows them: counts as they are, every mean, sd, min, max and range at its
// field's decimals (workers/geo/fields.ts, client.md §9). Two sources that agree on this agree on screen.
import type { TreeStatistics } from '../../workers/geo';
import { fieldSpec } from '../../workers/geo/fields';

const decimalsOf = {
  n: 'n_mean',
  p: 'p_mean',
  k: 'k_mean',
  nitrogen: 'n_mean',
  phosphorus: 'p_mean',
  potassium: 'k_mean',
  vitality: 'biomass',
  canopy: 'canopy_diameter',
};

function at(key: keyof typeof decimalsOf, v: number | null): string | null {
  if (v === null) return null;
  const s = v.toFixed(fieldSpec(decimalsOf[key])!.decimals!);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

export function shownStatistics(s: TreeStatistics) {
  const npk = (['nitrogen', 'phosphorus', 'potassium'] as const).map((k) => ({
    k,
    avg: at(k, s.npk_stats[k].avg_value),
    min: at(k, s.npk_stats[k].min_value),
    max: at(k, s.npk_stats[k].max_value),
    count: s.npk_stats[k].measurement_count,
    classes: s.npk_classes[k],
  }));
  const spread = (['n', 'p', 'k', 'vitality', 'canopy'] as const).map((m) => ({
    m,
    mean: at(m, s.spread[m].mean),
    sd: at(m, s.spread[m].sd),
    count: s.spread[m].count,
  }));
  return {
    trees: s.total_trees,
    plots: s.total_plots,
    areas: s.total_irrigation_areas,
    status: s.status_counts.map((c) => c.count),
    vitality: s.vitality_stats,
    vitalityRange: [at('vitality', s.vitality_range.lo), at('vitality', s.vitality_range.hi)],
    npk,
    combined: s.npk_combined,
    canopy: [at('canopy', s.canopy_diameter_stats.avg_buffer_size), s.canopy_diameter_stats.buffer_measurements],
    buckets: s.canopy_buckets.map((b) => b.count),
    spread,
  };
}
