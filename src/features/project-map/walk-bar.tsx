// "Walk to this tree" (issue 35): from the selected tree, the distance in metres and an arrow towards it, updated
// with every GPS fix (and turned with the phone's heading where the browser gives one), then "You have arrived"
// within the fix's accuracy. The rules are workers/geo/walk.ts's (shared with issue 36's scouting walk; its
// WalkToTree component may replace this bar once both are merged).
import { useTranslation } from 'react-i18next';
import { bearingDegrees, distanceMeters, hasArrived, type LonLat } from '../../../workers/geo/walk';

interface Props {
  target: { lonLat: LonLat; row: number | null; tree: number | null };
  position: LonLat | null;
  accuracy: number | null;
  heading: number | null;
  locationOff: boolean;
  onStop: () => void;
}

export function WalkBar({ target, position, accuracy, heading, locationOff, onStop }: Props) {
  const { t, i18n } = useTranslation('project-map');
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const label = t('walk.tree', { row: target.row ?? '—', tree: target.tree ?? '—' });
  const d = position ? distanceMeters(position, target.lonLat) : null;
  const bearing = position ? bearingDegrees(position, target.lonLat) : null;
  const arrived = d !== null && hasArrived(d, accuracy);
  // With a heading the arrow turns with the walker; without one it points on a north-up compass.
  const turn = bearing === null ? null : (((bearing - (heading ?? 0)) % 360) + 360) % 360;
  return (
    <div
      className={`pm-walk${arrived ? ' pm-walk--arrived' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="pm-walk"
      data-distance={d === null ? '' : d.toFixed(1)}
      data-bearing={bearing === null ? '' : bearing.toFixed(1)}
      data-turn={turn === null ? '' : turn.toFixed(1)}
      data-arrived={arrived}
    >
      <strong dir="auto">{label}</strong>
      {d === null ? (
        <span>{locationOff ? t('buttons.locationOff') : t('walk.waiting')}</span>
      ) : arrived ? (
        <span className="pm-walk__arrived" data-testid="pm-walk-arrived">
          {t('walk.arrived')}
        </span>
      ) : (
        <span className="pm-walk__guide">
          <span className="pm-walk__arrow" aria-hidden="true" style={{ transform: `rotate(${Math.round(turn ?? 0)}deg)` }}>
            ↑
          </span>
          <bdi data-testid="pm-walk-distance">{t('walk.distance', { distance: nf.format(d) })}</bdi>
        </span>
      )}
      {accuracy !== null && <small>{t('walk.accuracy', { metres: nf.format(accuracy) })}</small>}
      <button type="button" className="pm-walk__stop" onClick={onStop} aria-label={t('walk.stop')} data-testid="pm-walk-stop">
        ×
      </button>
    </div>
  );
}
