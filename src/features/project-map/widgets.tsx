// Tree widgets of client.md §2/§5/§9: NPK range bar (thirds low/optimal/high,
// placeholder when value or bounds are missing or lower ≥ upper), vitality
// widget (needs min < max) and canopy bar (0–7 m, 8 bands of 12.5%).
import { useTranslation } from 'react-i18next';

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** Marker position 0..1 on a bar whose thirds are < lower, lower..upper, > upper. */
export function npkPosition(v: number, lower: number, upper: number): number | null {
  if (!Number.isFinite(v) || !Number.isFinite(lower) || !Number.isFinite(upper) || !(lower < upper)) return null;
  const span = upper - lower;
  if (v < lower) return Math.max(0, (1 - (lower - v) / span) / 3);
  if (v <= upper) return 1 / 3 + (v - lower) / span / 3;
  return 2 / 3 + Math.min(1, (v - upper) / span) / 3;
}

export function NpkRangeBar({ label, value, lower, upper, locale }: { label: string; value: unknown; lower: number; upper: number; locale: string }) {
  const { t } = useTranslation('project-map');
  const v = num(value);
  const pos = npkPosition(v, lower, upper);
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

export function VitalityWidget({ value, min, max, locale }: { value: unknown; min: number; max: number; locale: string }) {
  const { t } = useTranslation('project-map');
  const v = num(value);
  const ok = Number.isFinite(v) && v >= 0 && Number.isFinite(min) && Number.isFinite(max) && min < max;
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

const CANOPY_BANDS = ['0-1', '1-2', '2-3', '3-4', '4-5', '5-6', '6-7', '7+'];

export function CanopyBar({ value, locale }: { value: unknown; locale: string }) {
  const { t } = useTranslation('project-map');
  const v = num(value);
  const ok = Number.isFinite(v) && v >= 0;
  const band = ok ? Math.min(7, Math.floor(v)) : -1;
  const pos = ok ? (v < 7 ? v / 8 : 7.5 / 8) : 0;
  const nf = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div className="pm-widget" data-testid="canopy-bar">
      <div className="pm-widget__head">
        <span>{t('widgets.canopy')}</span>
        {ok && <span>{nf.format(v)} m</span>}
      </div>
      <div className="pm-bar pm-bar--canopy">
        {CANOPY_BANDS.map((b, i) => (
          <span key={b} className={`pm-bar__band${i === band ? ' pm-bar__band--on' : ''}`} style={{ inlineSize: '12.5%' }}>
            {b}
          </span>
        ))}
        {ok && <span className="pm-bar__marker" style={{ insetInlineStart: `${pos * 100}%` }} />}
      </div>
    </div>
  );
}
