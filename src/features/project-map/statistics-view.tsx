// Statistics of the project, a plot or an irrigation area, with the charts of
// §2. N/P/K charts show the REAL class counts (trees below, inside and above
// their crop's range), not the legacy fixed split ratios.
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassBarChart } from '../../components/charts/class-bar-chart';
import type { TreeStatistics } from '../../api/statistics';
import { statisticsCharts, type ChartSeries } from '../../domain/statistics-charts';

/** Memoised: the map page re-renders on every move and the statistics do not change with it. */
export const StatisticsView = memo(function StatisticsView({ stats, title, locale }: { stats: TreeStatistics; title: string; locale: string }) {
  const { t } = useTranslation('project-map');
  const charts = useMemo(() => statisticsCharts(stats, t), [stats, t]);
  const nf = new Intl.NumberFormat(locale);
  const df = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const chart = ({ key, data }: ChartSeries) => (
    <ClassBarChart key={key} title={t(`charts.${key}`)} data={data} locale={locale} countLabel={t('charts.count')} testId={`chart-${key}`} />
  );
  const avgCanopy = stats.canopy_diameter_stats.avg_buffer_size;
  return (
    <div className="pm-stats" data-testid="pm-stats">
      <h3 className="pm-stats__title" dir="auto">
        {title}
      </h3>
      <dl className="pm-stats__summary">
        <div>
          <dt>{t('info.totalTrees')}</dt>
          <dd data-testid="stat-total-trees">{nf.format(stats.total_trees)}</dd>
        </div>
        <div>
          <dt>{t('info.totalPlots')}</dt>
          <dd>{nf.format(stats.total_plots)}</dd>
        </div>
        <div>
          <dt>{t('info.totalAreas')}</dt>
          <dd>{nf.format(stats.total_irrigation_areas)}</dd>
        </div>
        <div>
          <dt>{t('info.avgCanopy')}</dt>
          <dd>
            <bdi>
              {avgCanopy === null
                ? '—'
                : t('units.metres', { value: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(avgCanopy) })}
            </bdi>
          </dd>
        </div>
        {(['nitrogen', 'phosphorus', 'potassium'] as const).map((k) => {
          const s = stats.npk_stats[k];
          return (
            <div key={k}>
              <dt>{({ nitrogen: 'N', phosphorus: 'P', potassium: 'K' } as const)[k]}</dt>
              <dd>
                <bdi dir="ltr">{s.avg_value === null ? '—' : `${df.format(s.avg_value)} (${df.format(s.min_value ?? 0)}–${df.format(s.max_value ?? 0)})`}</bdi>
              </dd>
            </div>
          );
        })}
      </dl>
      <div className="pm-stats__charts">{charts.map(chart)}</div>
    </div>
  );
});
