// "Walk to the tree" (issue 36; self-contained so the phone issue can place it anywhere): distance, an arrow
// towards the tree and the compass point in words, and "you are at the tree" by the arrival rule of
// workers/geo/walk.ts. Takes the position (usePosition) and the target; draws nothing of a map.
import { useTranslation } from 'react-i18next';
import { bearingDegrees, compassPoint, distanceMeters, hasArrived } from '../../../workers/geo/walk';
import type { Fix } from './use-position';

export interface WalkTarget {
  lon: number;
  lat: number;
  row: number | null;
  tree: number | null;
}

export function WalkToTree({ target, fix, gpsError }: { target: WalkTarget | null; fix: Fix | null; gpsError?: string | null }) {
  const { t, i18n } = useTranslation('scouting');
  if (!target) return <p data-testid="walk-done">{t('walk.allVisited')}</p>;
  const label = t('walk.tree', { row: target.row ?? '—', tree: target.tree ?? '—' });
  if (!fix)
    return (
      <div className="walk" data-testid="walk">
        <strong dir="auto">{label}</strong>
        <p>{gpsError ? t('walk.noGps') : t('record.noPosition')}</p>
      </div>
    );
  const d = distanceMeters([fix.lon, fix.lat], [target.lon, target.lat]);
  const bearing = bearingDegrees([fix.lon, fix.lat], [target.lon, target.lat]);
  const arrived = hasArrived(d, fix.accuracy);
  // With a heading the arrow turns with the walker; without one it points on a north-up compass.
  const turn = fix.heading === null ? bearing : bearing - fix.heading;
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <div className={`walk${arrived ? ' walk--arrived' : ''}`} data-testid="walk" data-distance={Math.round(d)} data-arrived={arrived}>
      <strong dir="auto">{label}</strong>
      {arrived ? (
        <p className="walk__arrived">{t('walk.arrived')}</p>
      ) : (
        <p className="walk__guide">
          <span className="walk__arrow" aria-hidden="true" style={{ transform: `rotate(${Math.round(turn)}deg)` }}>
            ↑
          </span>
          <bdi className="walk__distance">{t('walk.distance', { distance: nf.format(d) })}</bdi>{' '}
          {t('walk.towards', { direction: t(`compass.${compassPoint(bearing)}`) })}
        </p>
      )}
      {fix.accuracy !== null && <small>{t('walk.accuracy', { metres: nf.format(fix.accuracy) })}</small>}
    </div>
  );
}
