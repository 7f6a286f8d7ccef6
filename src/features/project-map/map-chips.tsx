// What a phone walk found (issue 35): with the layers panel closed, the map says that a legend filter is active
// ("2 classes hidden ×", a tap shows every class again), and while GPS tracking no longer follows (the grower
// panned), a button brings the map back to the position; with a tree selected, "Walk to this tree"; with a
// position, "Which tree am I at?" (map-walk.tsx).
import { useTranslation } from 'react-i18next';

interface Props {
  /** Legend classes hidden (shown while the layers panel is closed). */
  hidden: number;
  onShowAll: () => void;
  /** Tracking, but the map no longer follows the position. */
  released: boolean;
  onRecentre: () => void;
  /** "Walk to this tree" for the selected tree (null: no tree selected, or already walking). */
  onWalk: (() => void) | null;
  /** "Which tree am I at?" (null: no position yet, or walking). */
  onHere: (() => void) | null;
}

export function MapChips({ hidden, onShowAll, released, onRecentre, onWalk, onHere }: Props) {
  const { t } = useTranslation('project-map');
  if (hidden === 0 && !released && !onWalk && !onHere) return null;
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
      {onWalk && (
        <button type="button" className="pm-chip" onClick={onWalk} data-testid="pm-walk-start">
          <span aria-hidden="true">➜</span> <span>{t('walk.start')}</span>
        </button>
      )}
      {onHere && (
        <button type="button" className="pm-chip pm-chip--gps" onClick={onHere} data-testid="pm-here-find">
          <span aria-hidden="true">●</span> <span>{t('walk.here')}</span>
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
