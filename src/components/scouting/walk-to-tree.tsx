// "Walk to this tree" (issue 35) and the walk of a scouting task (issue 36): ONE component for the map and for
// "My tasks". The distance in metres, an arrow towards the tree (turned by the phone's heading where the browser
// gives one, else on a north-up compass) and the compass point in words, "You have arrived" by walk.ts's arrival
// rule, and "Next tree" in the list's order or nearest first. Draws nothing of a map; the caller places it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bearingDegrees, compassPoint, distanceMeters, hasArrived, turnDegrees, type WalkOrder } from '../../../workers/geo/walk';
import type { Fix } from './use-position';
import './walk.css';

export interface WalkTarget {
  lon: number;
  lat: number;
  row: number | null;
  tree: number | null;
}

interface Props {
  /** null: nothing left to walk to (`doneText` is said). */
  target: WalkTarget | null;
  doneText: string;
  /** The smoothed position (usePosition), null before the first fix. */
  fix: Fix | null;
  /** The compass heading (use-heading.ts), else the direction the phone moves in (fix.heading), else north-up. */
  heading: number | null;
  /** Location refused or failing: said instead of waiting for a fix. */
  gpsOff: boolean;
  /** "Next tree" by … (the toggle); absent: no toggle. */
  order?: { value: WalkOrder; onChange: (o: WalkOrder) => void };
  /** "Next tree"; absent: the caller's own actions (children) move on. */
  onNext?: () => void;
  onStop?: () => void;
  className?: string;
  children?: ReactNode;
}

export function WalkToTree({ target, doneText, fix, heading, gpsOff, order, onNext, onStop, className, children }: Props) {
  const { t, i18n } = useTranslation('scouting');
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const at = fix && target ? ([fix.lon, fix.lat] as const) : null;
  const d = at && target ? distanceMeters(at, [target.lon, target.lat]) : null;
  const bearing = at && target ? bearingDegrees(at, [target.lon, target.lat]) : null;
  const arrived = d !== null && hasArrived(d, fix?.accuracy ?? null);
  const facing = heading ?? fix?.heading ?? null;
  const turn = bearing === null ? null : turnDegrees(bearing, facing);
  return (
    <div
      className={`walk${arrived ? ' walk--arrived' : ''}${className ? ` ${className}` : ''}`}
      role="status"
      aria-live="polite"
      data-testid="walk"
      data-distance={d === null ? '' : d.toFixed(1)}
      data-bearing={bearing === null ? '' : bearing.toFixed(1)}
      data-turn={turn === null ? '' : turn.toFixed(1)}
      data-arrived={arrived}
      data-position={at ? `${at[0]},${at[1]}` : ''}
    >
      {!target ? (
        <strong data-testid="walk-done">{doneText}</strong>
      ) : (
        <>
          <strong dir="auto" data-testid="walk-target">
            {t('walk.tree', { row: target.row ?? '—', tree: target.tree ?? '—' })}
          </strong>
          {d === null || bearing === null ? (
            <span>{gpsOff ? t('walk.noGps') : t('walk.waiting')}</span>
          ) : arrived ? (
            <span className="walk__arrived" data-testid="walk-arrived">
              {t('walk.arrived')}
            </span>
          ) : (
            <span className="walk__guide">
              <span className="walk__arrow" aria-hidden="true" style={{ transform: `rotate(${Math.round(turn ?? 0)}deg)` }}>
                ↑
              </span>
              <bdi className="walk__distance" data-testid="walk-distance">
                {t('walk.distance', { distance: nf.format(d) })}
              </bdi>{' '}
              <span>{t('walk.towards', { direction: t(`compass.${compassPoint(bearing)}`) })}</span>
            </span>
          )}
          {fix?.accuracy != null && <small>{t('walk.accuracy', { metres: nf.format(fix.accuracy) })}</small>}
        </>
      )}
      {(order || onNext || children) && (
        <div className="walk__actions">
          {children}
          {onNext && target && (
            <button type="button" className={`btn${arrived ? ' btn--primary' : ''}`} onClick={onNext} data-testid="walk-next">
              {t('walk.next')}
            </button>
          )}
          {order && (
            <span className="walk__order" role="group" aria-label={t('walk.order.label')}>
              {(['list', 'distance'] as const).map((o) => (
                <button
                  key={o}
                  type="button"
                  className="btn"
                  aria-pressed={order.value === o}
                  onClick={() => order.onChange(o)}
                  data-testid={`walk-order-${o}`}
                >
                  {t(`walk.order.${o}`)}
                </button>
              ))}
            </span>
          )}
        </div>
      )}
      {onStop && (
        <button type="button" className="walk__stop" onClick={onStop} aria-label={t('walk.stop')} data-testid="walk-stop">
          ×
        </button>
      )}
    </div>
  );
}
