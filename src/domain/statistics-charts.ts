// The charts of a statistics block (client.md §2): which charts, their classes,
// counts and colours. One definition for the map's info panel (HTML bar rows) and
// the printable report (server-rendered HTML). N/P/K charts show the REAL class
// counts (trees below, inside and above their crop's range).
import { cssColour, NO_VALUE_GREY, NUTRIENT_CLASS_COLOURS, STATUS_COLOURS, vitalityClassColour } from '../../workers/geo/colours';
import type { TreeStatistics } from '../../workers/geo/statistics';
import { CANOPY_BUCKET_COUNT } from '../../workers/geo/values';

/** One bar: a class, its tree count and its CSS colour. */
export interface ClassCount {
  label: string;
  count: number;
  colour: string;
}

// The map's colours (workers/geo/colours.ts): a class looks the same on the map, in its legend and here.
const CLASS_COLOURS = { low: cssColour(NUTRIENT_CLASS_COLOURS[0]), optimal: cssColour(NUTRIENT_CLASS_COLOURS[1]), high: cssColour(NUTRIENT_CLASS_COLOURS[2]) };
const VITALITY_COLOURS = [...(['high', 'medium', 'low'] as const).map((c) => cssColour(vitalityClassColour(c))), cssColour(NO_VALUE_GREY)];
const CANOPY_COLOURS = ['#c7e9c0', '#a1d99b', '#74c476', '#41ab5d', '#238b45', '#006d2c', '#00441b', '#002910'];

export interface ChartSeries {
  /** Chart id; its title is the text `charts.{key}` of the project-map namespace. */
  key: 'status' | 'n' | 'p' | 'k' | 'npk' | 'vitality' | 'canopy';
  data: ClassCount[];
}

/** `t` translates keys of the project-map namespace. */
export function statisticsCharts(stats: TreeStatistics, t: (key: string, o?: Record<string, unknown>) => string): ChartSeries[] {
  const classes = (c: { low: number; optimal: number; high: number }): ClassCount[] => [
    { label: t('widgets.low'), count: c.low, colour: CLASS_COLOURS.low },
    { label: t('widgets.optimal'), count: c.optimal, colour: CLASS_COLOURS.optimal },
    { label: t('widgets.high'), count: c.high, colour: CLASS_COLOURS.high },
  ];
  const n = stats.npk_classes;
  const v = stats.vitality_stats;
  const out: ChartSeries[] = [
    {
      key: 'status',
      data: stats.status_counts.map((c) => ({ label: t(`status.${c.code}`), count: c.count, colour: cssColour(STATUS_COLOURS[c.code] ?? STATUS_COLOURS[6]) })),
    },
  ];
  if (n) {
    out.push({ key: 'n', data: classes(n.nitrogen) }, { key: 'p', data: classes(n.phosphorus) }, { key: 'k', data: classes(n.potassium) });
    // Trees, not readings: a tree is optimal only when all three nutrients are (README "NPK combined").
    out.push({ key: 'npk', data: classes(stats.npk_combined) });
  }
  out.push({
    key: 'vitality',
    data: [
      { label: t('widgets.vigour.high'), count: v.high_vitality, colour: VITALITY_COLOURS[0] },
      { label: t('widgets.vigour.medium'), count: v.medium_vitality, colour: VITALITY_COLOURS[1] },
      { label: t('widgets.vigour.low'), count: v.low_vitality, colour: VITALITY_COLOURS[2] },
      { label: t('widgets.none'), count: v.no_vitality, colour: VITALITY_COLOURS[3] },
    ],
  });
  if (stats.canopy_buckets)
    out.push({ key: 'canopy', data: stats.canopy_buckets.map((b, i) => ({ label: canopyBucketText(i, t), count: b.count, colour: CANOPY_COLOURS[i] })) });
  return out;
}

/** A canopy bucket (values.ts canopyBucket) in the UI's words: "0-1 m" … "6-7 m", "7m+" (client.md §9). */
export function canopyBucketText(bucket: number, t: (key: string, o?: Record<string, unknown>) => string): string {
  return bucket < CANOPY_BUCKET_COUNT - 1 ? t('widgets.bucket', { lo: bucket, hi: bucket + 1 }) : t('widgets.bucketOver', { lo: bucket });
}

/** A bar's length in a chart: its count as a share of the chart's largest (0–1; all 0 when every count is 0). */
export function barShares(data: ClassCount[]): number[] {
  const max = Math.max(0, ...data.map((d) => d.count));
  return data.map((d) => (max > 0 ? d.count / max : 0));
}
