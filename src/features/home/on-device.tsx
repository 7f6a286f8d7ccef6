// Home's part of "surveys kept on the device" (issue 35, README "Surveys on this device"): on each card, whether
// the survey is on this device and a "Keep offline" switch; without a connection, the surveys on the device
// (never a spinner that does not end, never the browser's offline page).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProject } from '../../api/projects';
import { keepOffline } from '../../offline/surveys/actions';
import type { ShownSurvey } from '../../offline/surveys/kept-store';
import { localToday } from '../../domain/projects-dates';
import { formatNumber } from '../../domain/projects-format';
import { sortProjects } from '../../domain/projects';
import { ProjectCard } from './project-card';

/** The card's line about the device: "On this device" / "Kept offline", and the switch. */
export function DeviceControls({ project, kept, online }: { project: UserProject; kept: ShownSurvey | null; online: boolean }) {
  const { t } = useTranslation('home');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!project.has_results && !kept) return null;
  const pinned = !!kept && kept.kept !== 'recent';
  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await keepOffline(project.project_id, !kept?.pinned);
      if (r === 'noRoom') setMessage(t('device.noRoom'));
    } catch {
      setMessage(t('device.needsConnection'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="project-card__device" data-testid="card-device">
      {kept && (
        <span className={`device-badge${pinned ? ' device-badge--pinned' : ''}`} data-testid="on-device">
          {t(pinned ? 'device.keptOffline' : 'device.onDevice')}
        </span>
      )}
      {kept?.kept !== 'farm' && (online || kept) && (
        <button
          type="button"
          className="btn device-keep"
          aria-pressed={!!kept?.pinned}
          disabled={busy}
          onClick={() => void toggle()}
          data-testid="keep-offline"
        >
          {busy ? t('device.saving') : t('device.keepOffline')}
        </button>
      )}
      {message && (
        <span className="project-card__device-note" role="status">
          {message}
        </span>
      )}
    </div>
  );
}

/** A kept survey's card entry (the home list's, or the little the device knows of it). */
function entryOf(s: ShownSurvey): UserProject {
  return (
    s.entry ?? {
      project_id: s.projectId,
      name: s.name,
      observation_date: s.observationDate,
      products: [],
      crop_type: null,
      plot_ids: [],
      plot_names: [],
      has_results: true,
      trend: null,
    }
  );
}

/** Home without a connection: "You are offline — N surveys on this device", and those surveys. */
export function OfflineHome({ kept, serverDown, onRetry }: { kept: ShownSurvey[] | null; serverDown: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.resolvedLanguage ?? 'he';
  const today = localToday();
  const list = kept ?? [];
  const byId = new Map(list.map((s) => [s.projectId, s]));
  const entries = sortProjects(list.map(entryOf), 'date', 'desc');
  const n = formatNumber(list.length, lang);
  return (
    <section className="home__offline" data-testid="home-offline">
      <div className="offline-notice" role="status" data-testid="offline-notice">
        <strong>{t(serverDown ? 'offline.serverDown' : 'offline.title', { count: list.length, n })}</strong>
        <span>{t(list.length ? 'offline.hint' : 'offline.empty')}</span>
        {serverDown && (
          <button type="button" className="btn" onClick={onRetry} data-testid="retry">
            {t('error.retry')}
          </button>
        )}
      </div>
      {kept === null ? null : (
        <div className="home__grid" data-testid="project-list">
          {entries.map((p) => (
            <ProjectCard key={p.project_id} project={p} today={today}>
              <DeviceControls project={p} kept={byId.get(p.project_id) ?? null} online={false} />
            </ProjectCard>
          ))}
        </div>
      )}
    </section>
  );
}
