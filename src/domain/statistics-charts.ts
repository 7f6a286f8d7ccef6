// The charts of a statistics block (client.md §2): which charts, their classes,
// counts and colours. One definition for the map's info panel (HTML bar rows) and
// the printable report (server-rendered HTML). N/P/K charts show the REAL class
// counts (trees below, inside and above their crop's range).
import { cssColour, STATUS_COLOURS } from '../../workers/geo/colours';
import type { TreeStatistics } from '../../workers/geo/statistics';

/** One bar: a class, its tree count and its CSS colour. */
export interface ClassCount {
  label: string;
  count: number;
  colour: string;
}

const CLASS_COLOURS = { low: '#d73027', optimal: '#1a9850', high: '#4575b4' };
const VITALITY_COLOURS = ['#1a9850', '#fee08b', '#d73027', '#b2babb'];
const CANOPY_COLOURS = ['#c7e9c0', '#a1d99b', '#74c476', '#41ab5d', '#238b45', '#006d2c', '#00441b', '#002910'];

export interface ChartSeries {
  /** Chart id; its title is the text `charts.{key}` of the project-map namespace. */
  key: 'status' | 'n' | 'p' | 'k' | 'npk' | 'vitality' | 'canopy';
  data: ClassCount[];
}

/** `t` translates keys of the project-map namespace. */
export function statisticsCharts(stats: TreeStatistics, t: (key: string) => string): ChartSeries[] {
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
    out.push({
      key: 'npk',
      data: classes({
        low: n.nitrogen.low + n.phosphorus.low + n.potassium.low,
        optimal: n.nitrogen.optimal + n.phosphorus.optimal + n.potassium.optimal,
        high: n.nitrogen.high + n.phosphorus.high + n.potassium.high,
      }),
    });
  }
  out.push({
    key: 'vitality',
    data: [
      { label: t('widgets.high'), count: v.high_vitality, colour: VITALITY_COLOURS[0] },
      { label: t('widgets.medium'), count: v.medium_vitality, colour: VITALITY_COLOURS[1] },
      { label: t('widgets.low'), count: v.low_vitality, colour: VITALITY_COLOURS[2] },
      { label: t('widgets.none'), count: v.no_vitality, colour: VITALITY_COLOURS[3] },
    ],
  });
  if (stats.canopy_buckets)
    out.push({ key: 'canopy', data: stats.canopy_buckets.map((b, i) => ({ label: b.label, count: b.count, colour: CANOPY_COLOURS[i] })) });
  return out;
}

/** A bar's length in a chart: its count as a share of the chart's largest (0–1; all 0 when every count is 0). */
export function barShares(data: ClassCount[]): number[] {
  const max = Math.max(0, ...data.map((d) => d.count));
  return data.map((d) => (max > 0 ? d.count / max : 0));
}
