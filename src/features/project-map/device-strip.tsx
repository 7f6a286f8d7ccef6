// The open survey and this device (issue 35, issue 37 "Offline"), at the top of the info panel: opened from the
// device without a connection, "Keep offline" (a pin against eviction), and with a plot selected on a survey with
// an aerial photo, "Keep this plot's photo at full resolution". And the panel of a server action (export,
// prescription) without a connection: "needs a connection" instead of failing.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeptSurveys, useOnline } from '../../offline/surveys/use-device';
import { keepOffline, keepPlotPhoto } from '../../offline/surveys/actions';
import type { SurveyOrigin } from '../../offline/surveys/survey-source';
import type { PlotChoice } from '../../offline/surveys/photo-tiles';
import { PanelHeader } from './panel-header';

interface Props {
  projectId: number;
  origin: SurveyOrigin | null;
  hasPhoto: boolean;
  /** The selected plot (all its parts), for its full-resolution photo. */
  plot: PlotChoice | null;
}

export function DeviceStrip({ projectId, origin, hasPhoto, plot }: Props) {
  const { t } = useTranslation('project-map');
  const online = useOnline();
  const kept = useKeptSurveys().surveys?.find((s) => s.projectId === projectId) ?? null;
  const [busy, setBusy] = useState<'pin' | 'plot' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  if (!kept && !online) return null;
  const run = async (what: 'pin' | 'plot', fn: () => Promise<string>) => {
    setBusy(what);
    setNote(null);
    try {
      const r = await fn();
      if (r === 'noRoom') setNote(t('device.noRoom'));
    } catch {
      setNote(t('device.needsConnection'));
    } finally {
      setBusy(null);
    }
  };
  const plotKept = !!plot && kept?.photo?.plot?.plotId === plot.plotId;
  return (
    <div className="pm-device" data-testid="pm-device">
      {origin === 'device' && (
        <p className="pm-device__offline" role="status" data-testid="pm-from-device">
          {t('device.fromDevice')}
        </p>
      )}
      <div className="pm-device__actions">
        {kept && <span className="pm-device__badge">{t(kept.kept === 'recent' ? 'device.onDevice' : 'device.keptOffline')}</span>}
        {kept?.kept !== 'farm' && (
          <button
            type="button"
            className="btn pm-device__btn"
            aria-pressed={!!kept?.pinned}
            disabled={busy !== null || (!online && !kept)}
            onClick={() => void run('pin', () => keepOffline(projectId, !kept?.pinned))}
            data-testid="pm-keep-offline"
          >
            {busy === 'pin' ? t('device.saving') : t('device.keepOffline')}
          </button>
        )}
        {plot && hasPhoto && kept && (online || plotKept) && (
          <button
            type="button"
            className="btn pm-device__btn"
            aria-pressed={plotKept}
            disabled={busy !== null || !online}
            onClick={() => void run('plot', () => keepPlotPhoto(projectId, plotKept ? null : plot))}
            data-testid="pm-keep-plot-photo"
          >
            {busy === 'plot' ? t('device.saving') : t('device.plotPhoto')}
          </button>
        )}
      </div>
      {note && (
        <p className="pm-device__note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}

/** A server action's panel without a connection. */
export function NeedsConnection({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation('project-map');
  return (
    <section className="pm-export" aria-label={title} data-testid="pm-needs-connection">
      <PanelHeader title={title} onClose={onClose} />
      <p role="status">{t('device.needsConnectionText')}</p>
    </section>
  );
}
