import { useTranslation } from 'react-i18next';
import type { OverviewPlot } from '../../api/farm-overview';
import { healthColor, healthyShare } from '../../domain/farm-overview';
import { Data } from '../../components/bidi';

/** The plots as buttons: the keyboard and screen-reader way to pick a plot (the map canvas is mouse/touch only). */
export function PlotChips({ plots, selected, onSelect }: { plots: OverviewPlot[]; selected: number | null; onSelect(id: number | null): void }) {
  const { t } = useTranslation('farm-map');
  return (
    <div className="plot-chips" role="group" aria-label={t('plots')} data-testid="farm-plots">
      {plots.map((p) => {
        const share = healthyShare(p.properties.latest_survey?.status_counts);
        const [r, g, b] = healthColor(share);
        const id = p.properties.plot_id;
        return (
          <button key={id} type="button" className="plot-chip" aria-pressed={selected === id} onClick={() => onSelect(selected === id ? null : id)}>
            <span className="plot-chip__swatch" style={{ background: `rgb(${r} ${g} ${b})` }} aria-hidden="true" />
            <Data className="plot-chip__name">{p.properties.plot_name}</Data>
            {share !== null && (
              <span className="plot-chip__share" dir="ltr">
                {Math.round(share * 100)}%
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
