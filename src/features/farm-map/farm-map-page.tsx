import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { farmOverviewQuery } from '../../api/farm-overview';
import { healthyShare, surveysForPlot } from '../../domain/farm-overview';
import { localToday } from '../../domain/projects-dates';
import { PageLoading } from '../../components/page-loading';
import { withData } from '../../components/bidi';
import { FarmMapCanvas } from './farm-map-canvas';
import { FarmLegend } from './farm-legend';
import { SurveyList } from './survey-list';
import { PlotChips } from './plot-chips';
import { buildFarmModel } from './farm-model';
import './farm-map.css';

/** /map — the grower's farm overview: every plot and survey on one map, the way into a project. */
export default function FarmMapPage() {
  const { t } = useTranslation('farm-map');
  const overview = useQuery(farmOverviewQuery());
  const data = overview.data ?? null;
  // The error screen until Retry (then loading again); a map already shown stays when a later refetch fails.
  const error = !data && overview.error && !overview.isFetching ? errorText(overview.error, t) : null;
  const [selectedPlot, setSelectedPlot] = useState<number | null>(null);
  const [selectedSurvey, setSelectedSurvey] = useState<number | null>(null);
  const [hoveredSurvey, setHoveredSurvey] = useState<number | null>(null);
  const [globalView, setGlobalView] = useState(0);

  const model = useMemo(() => (data ? buildFarmModel(data) : null), [data]);
  const surveyById = useMemo(() => new Map((data?.surveys ?? []).map((s) => [s.project_id, s])), [data]);
  const highlighted = useMemo(() => {
    const id = hoveredSurvey ?? selectedSurvey;
    return new Set(id === null ? [] : (surveyById.get(id)?.plot_ids ?? []));
  }, [hoveredSurvey, selectedSurvey, surveyById]);

  if (error)
    return (
      <section className="page farm-map__error" role="alert">
        <h1>{t('error.title')}</h1>
        <p>{error}</p>
        <button type="button" className="btn btn--primary" onClick={() => void overview.refetch()}>
          {t('error.retry')}
        </button>
      </section>
    );
  if (!data || !model) return <PageLoading label={t('loading')} />;

  const plot = selectedPlot === null ? null : (data.plots.features.find((f) => f.properties.plot_id === selectedPlot) ?? null);
  const surveys = plot ? surveysForPlot(data.surveys, plot.properties.plot_id) : data.surveys;
  const share = plot ? healthyShare(plot.properties.latest_survey?.status_counts) : null;

  return (
    <div className="farm-map" data-testid="farm-map-page">
      <div className="farm-map__map">
        <FarmMapCanvas
          items={model.items}
          bbox={model.bbox}
          highlighted={highlighted}
          selected={selectedPlot}
          globalViewSignal={globalView}
          onPlotClick={(id) => {
            setSelectedPlot(id);
            setSelectedSurvey(null);
          }}
        />
        <div className="farm-map__tools">
          <button type="button" className="btn" onClick={() => setGlobalView((n) => n + 1)}>
            {t('globalView')}
          </button>
        </div>
        <FarmLegend />
      </div>
      <aside className="farm-map__side">
        {plot ? (
          <header className="farm-map__side-head" data-testid="farm-plot-head">
            <h1>{withData(t('plot.surveysOf', { name: plot.properties.plot_name }), plot.properties.plot_name)}</h1>
            <p>{share === null ? t('plot.noResults') : t('plot.healthy', { share: Math.round(share * 1000) / 10 })}</p>
            <button type="button" className="btn" onClick={() => setSelectedPlot(null)}>
              {t('plot.all')}
            </button>
          </header>
        ) : (
          <header className="farm-map__side-head">
            <h1>{t('title')}</h1>
            <p>{t('subtitle', { plots: data.plots.features.length, surveys: data.surveys.length })}</p>
          </header>
        )}
        <PlotChips plots={data.plots.features} selected={selectedPlot} onSelect={setSelectedPlot} />
        <SurveyList
          surveys={surveys}
          today={localToday()}
          plotNames={model.names}
          selectedSurvey={selectedSurvey}
          onHover={setHoveredSurvey}
          onSelect={(id) => setSelectedSurvey((cur) => (cur === id ? null : id))}
        />
      </aside>
    </div>
  );
}
