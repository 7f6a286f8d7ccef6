// Tree widgets of client.md §2/§5/§9: NPK range bar (thirds low/optimal/high,
// placeholder when value or bounds are missing or lower ≥ upper), vitality
// widget (needs min < max) and canopy bar (0–7 m, 8 bands of 12.5%).
import { useTranslation } from 'react-i18next';
import { CANOPY_BUCKET_COUNT, canopyBucket, isValidMeasure, parseLooseNumber } from '../../../workers/geo/values';
import { npkWidgetPosition } from '../../../workers/geo/npk-ranges';

export function NpkRangeBar({ label, value, lower, upper, locale }: { label: string; value: unknown; lower: number; upper: number; locale: string }) {
  const { t } = useTranslation('project-map');
  const v = parseLooseNumber(value);
  const w = npkWidgetPosition(v, { lower, upper });
  const pos = w.placeholder ? null : w.percent / 100;
  const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className="pm-widget" data-testid={`npk-bar-${label}`}>
      <div className="pm-widget__head">
        <span>{label}</span>
        {pos !== null && <span>{nf.format(v)}</span>}
      </div>
      {pos === null ? (
        <div className="pm-widget__placeholder" data-testid="npk-placeholder">
          {t('widgets.placeholder')}
        </div>
      ) : (
        <>
          <div className="pm-bar pm-bar--npk">
            <span className="pm-bar__seg pm-bar__seg--low">{t('widgets.low')}</span>
            <span className="pm-bar__seg pm-bar__seg--opt">{t('widgets.optimal')}</span>
            <span className="pm-bar__seg pm-bar__seg--high">{t('widgets.high')}</span>
            <span className="pm-bar__marker" style={{ insetInlineStart: `${pos * 100}%` }} />
          </div>
          <div className="pm-bar__scale">
            <span />
            <span>{nf.format(lower)}</span>
            <span>{nf.format(upper)}</span>
            <span />
          </div>
        </>
      )}
    </div>
  );
}

/** `status`: the tree's status code; a measure counts by client.md §5 (isValidMeasure). */
export function VitalityWidget({ value, status, min, max, locale }: { value: unknown; status: number; min: number; max: number; locale: string }) {
  const { t } = useTranslation('project-map');
  const v = parseLooseNumber(value);
  const ok = isValidMeasure(v, status) && Number.isFinite(min) && Number.isFinite(max) && min < max;
  const pos = ok ? Math.min(1, Math.max(0, (v - min) / (max - min))) : 0;
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (
    <div className="pm-widget" data-testid="vitality-widget">
      <div className="pm-widget__head">
        <span>{t('widgets.vitality')}</span>
        {ok && <span>{nf.format(v)}</span>}
      </div>
      {ok ? (
        <>
          <div className="pm-bar pm-bar--vitality">
            <span className="pm-bar__marker" style={{ insetInlineStart: `${pos * 100}%` }} />
          </div>
          <div className="pm-bar__scale">
            <span>{nf.format(min)}</span>
            <span>{nf.format(max)}</span>
          </div>
        </>
      ) : (
        <div className="pm-widget__placeholder">{t('widgets.placeholder')}</div>
      )}
    </div>
  );
}

export function CanopyBar({ value, status, locale }: { value: unknown; status: number; locale: string }) {
  const { t } = useTranslation('project-map');
  const v = parseLooseNumber(value);
  const ok = isValidMeasure(v, status);
  const band = ok ? canopyBucket(v) : -1;
  const pos = ok ? (v < 7 ? v / 8 : 7.5 / 8) : 0;
  const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div className="pm-widget" data-testid="canopy-bar">
      <div className="pm-widget__head">
        <span>{t('widgets.canopy')}</span>
        {ok && <span>{t('units.metres', { value: nf.format(v) })}</span>}
      </div>
      <div className="pm-bar pm-bar--canopy">
        {Array.from({ length: CANOPY_BUCKET_COUNT }, (_, i) => (
          <span key={i} className={`pm-bar__band${i === band ? ' pm-bar__band--on' : ''}`} style={{ inlineSize: '12.5%' }}>
            <bdi dir="ltr">{i < CANOPY_BUCKET_COUNT - 1 ? `${i}-${i + 1}` : `${i}+`}</bdi>
          </span>
        ))}
        {ok && <span className="pm-bar__marker" style={{ insetInlineStart: `${pos * 100}%` }} />}
      </div>
    </div>
  );
}
