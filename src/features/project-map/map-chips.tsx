// What a phone walk found (issue 35): with the layers panel closed, the map says that a legend filter is active
// ("2 classes hidden ×", a tap shows every class again), and while GPS tracking no longer follows (the grower
// panned), a button brings the map back to the position.
import { useTranslation } from 'react-i18next';

interface Props {
  /** Legend classes hidden (shown while the layers panel is closed). */
  hidden: number;
  onShowAll: () => void;
  /** Tracking, but the map no longer follows the position. */
  released: boolean;
  onRecentre: () => void;
}

export function MapChips({ hidden, onShowAll, released, onRecentre }: Props) {
  const { t } = useTranslation('project-map');
  if (hidden === 0 && !released) return null;
  return (
    <div className="pm-chips">
      {hidden > 0 && (
        <button type="button" className="pm-chip" onClick={onShowAll} aria-label={t('chips.showAll')} data-testid="pm-hidden-chip">
          <span>{t('chips.hidden', { count: hidden })}</span>
          <span aria-hidden="true" className="pm-chip__x">
            ×
          </span>
        </button>
      )}
      {released && (
        <button type="button" className="pm-chip pm-chip--gps" onClick={onRecentre} data-testid="pm-recentre">
          <span aria-hidden="true">◎</span> <span>{t('chips.recentre')}</span>
        </button>
      )}
    </div>
  );
}
