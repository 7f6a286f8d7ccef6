// Statistics of the project, a plot or an irrigation area, with the charts of
// §2. N/P/K charts show the REAL class counts (trees below, inside and above
// their crop's range), not the legacy fixed split ratios.
import { useTranslation } from 'react-i18next';
import { ClassBarChart, type ClassCount } from '../../components/charts/class-bar-chart';
import type { TreeStatistics } from '../../api/statistics';
import { STATUS_COLOURS } from '../../../workers/geo/colours';
import { cssColour } from './legend';

const CLASS_COLOURS = { low: '#d73027', optimal: '#1a9850', high: '#4575b4' };
const VITALITY_COLOURS = ['#1a9850', '#fee08b', '#d73027', '#b2babb'];
const CANOPY_COLOURS = ['#c7e9c0', '#a1d99b', '#74c476', '#41ab5d', '#238b45', '#006d2c', '#00441b', '#002910'];

export function StatisticsView({ stats, title, locale }: { stats: TreeStatistics; title: string; locale: string }) {
  const { t } = useTranslation('project-map');
  const nf = new Intl.NumberFormat(locale);
  const df = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const classes = (c: { low: number; optimal: number; high: number }): ClassCount[] => [
    { label: t('widgets.low'), count: c.low, colour: CLASS_COLOURS.low },
    { label: t('widgets.optimal'), count: c.optimal, colour: CLASS_COLOURS.optimal },
    { label: t('widgets.high'), count: c.high, colour: CLASS_COLOURS.high },
  ];
  const n = stats.npk_classes;
  const combined = n && {
    low: n.nitrogen.low + n.phosphorus.low + n.potassium.low,
    optimal: n.nitrogen.optimal + n.phosphorus.optimal + n.potassium.optimal,
    high: n.nitrogen.high + n.phosphorus.high + n.potassium.high,
  };
  const v = stats.vitality_stats;
  const chart = (key: string, data: ClassCount[]) => (
    <ClassBarChart key={key} title={t(`charts.${key}`)} data={data} locale={locale} countLabel={t('charts.count')} testId={`chart-${key}`} />
  );
  const avgCanopy = stats.canopy_diameter_stats.avg_buffer_size;
  return (
    <div className="pm-stats" data-testid="pm-stats">
      <h3 className="pm-stats__title" dir="auto">{title}</h3>
      <dl className="pm-stats__summary">
        <div><dt>{t('info.totalTrees')}</dt><dd data-testid="stat-total-trees">{nf.format(stats.total_trees)}</dd></div>
        <div><dt>{t('info.totalPlots')}</dt><dd>{nf.format(stats.total_plots)}</dd></div>
        <div><dt>{t('info.totalAreas')}</dt><dd>{nf.format(stats.total_irrigation_areas)}</dd></div>
        <div><dt>{t('info.avgCanopy')}</dt><dd><bdi dir="ltr">{avgCanopy === null ? '—' : `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(avgCanopy)} m`}</bdi></dd></div>
        {(['nitrogen', 'phosphorus', 'potassium'] as const).map((k) => {
          const s = stats.npk_stats[k];
          return (
            <div key={k}><dt>{({ nitrogen: 'N', phosphorus: 'P', potassium: 'K' } as const)[k]}</dt><dd><bdi dir="ltr">{s.avg_value === null ? '—' : `${df.format(s.avg_value)} (${df.format(s.min_value ?? 0)}–${df.format(s.max_value ?? 0)})`}</bdi></dd></div>
          );
        })}
      </dl>
      <div className="pm-stats__charts">
        {chart('status', stats.status_counts.map((c) => ({ label: t(`status.${c.code}`), count: c.count, colour: cssColour(STATUS_COLOURS[c.code] ?? STATUS_COLOURS[6]) })))}
        {n && chart('n', classes(n.nitrogen))}
        {n && chart('p', classes(n.phosphorus))}
        {n && chart('k', classes(n.potassium))}
        {combined && chart('npk', classes(combined))}
        {chart('vitality', [
          { label: t('widgets.high'), count: v.high_vitality, colour: VITALITY_COLOURS[0] },
          { label: t('widgets.medium'), count: v.medium_vitality, colour: VITALITY_COLOURS[1] },
          { label: t('widgets.low'), count: v.low_vitality, colour: VITALITY_COLOURS[2] },
          { label: t('widgets.none'), count: v.no_vitality, colour: VITALITY_COLOURS[3] },
        ])}
        {stats.canopy_buckets && chart('canopy', stats.canopy_buckets.map((b, i) => ({ label: b.label, count: b.count, colour: CANOPY_COLOURS[i] })))}
      </div>
    </div>
  );
}
