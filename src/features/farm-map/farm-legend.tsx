import { useTranslation } from 'react-i18next';
import { HEALTH_CLASSES, NO_DATA_COLOR } from '../../domain/farm-overview';

const rgb = (c: readonly number[]) => `rgb(${c[0]} ${c[1]} ${c[2]})`;

/** What the plot colours mean: the latest survey's share of healthy trees. */
export function FarmLegend() {
  const { t } = useTranslation('farm-map');
  const rows = [
    ...HEALTH_CLASSES.map((c, i) => ({ key: c.key, color: c.color, range: `${c.min * 100}–${i === 0 ? 100 : HEALTH_CLASSES[i - 1].min * 100}%` })),
    { key: 'noData', color: NO_DATA_COLOR, range: '' },
  ];
  return (
    <details className="farm-legend" data-testid="farm-legend" open={window.matchMedia?.('(min-width: 801px)').matches ?? true}>
      <summary>{t('legend.title')}</summary>
      <ul>
        {rows.map((r) => (
          <li key={r.key}>
            <span className="farm-legend__swatch" style={{ background: rgb(r.color) }} aria-hidden="true" />
            <span>{t(`legend.${r.key}`)}</span>
            {r.range && (
              <span className="farm-legend__range" dir="ltr">
                {r.range}
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
