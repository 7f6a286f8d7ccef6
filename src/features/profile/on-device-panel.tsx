// Profile → "On this device" (issue 35, issue 37 "Offline"; README "Surveys on this device"): every kept survey
// with its size (and its aerial photo's share), when it was last opened, its pin and a Remove; the farm's "Keep
// offline"; the total against the budget and the basemap tiles kept.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session';
import { Data } from '../../components/bidi';
import { formatAgo, formatBytes, formatDay } from '../../domain/projects-format';
import { keepFarmOffline, keepOffline, removeFromDevice } from '../../offline/surveys/actions';
import { basemapBytes, device, onDeviceChange } from '../../offline/surveys/device';
import { BASEMAP_BUDGET } from '../../offline/surveys/eviction';
import type { ShownSurvey } from '../../offline/surveys/kept-store';
import { useKeptSurveys, useOnline } from '../../offline/surveys/use-device';

const photoBytes = (s: ShownSurvey) => (s.photo?.bytes ?? 0) + (s.photo?.plot?.bytes ?? 0);

export function OnDevicePanel() {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.resolvedLanguage ?? 'he';
  const user = useSession()?.user;
  const online = useOnline();
  const { surveys, used, budget } = useKeptSurveys();
  const [basemap, setBasemap] = useState(0);
  const [farmPinned, setFarmPinned] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // "opened 3 hours ago" counts from when the panel last read the device.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let live = true;
    const read = async () => {
      const [b, f] = await Promise.all([basemapBytes(), user?.client_id != null ? device().farmPinned(user.user_id, user.client_id) : false]);
      if (live) {
        setNow(Date.now());
        setBasemap(b);
        setFarmPinned(f);
      }
    };
    void read();
    const off = onDeviceChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [user?.user_id, user?.client_id]);
  const size = (b: number) => formatBytes(b, lang);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setNote(null);
    try {
      if ((await fn()) === 'noRoom') setNote(t('device.noRoom'));
    } catch {
      setNote(t('device.needsConnection'));
    } finally {
      setBusy(false);
    }
  };
  const list = surveys ?? [];
  const photos = list.reduce((s, x) => s + photoBytes(x), 0);
  return (
    <div className="profile__panel" id="profile-device" data-testid="device-panel">
      <p data-testid="device-total">
        {t('device.total', { used: size(used), budget: size(budget), count: list.length })}
        {photos > 0 && <> {t('device.photoShare', { size: size(photos) })}</>}
      </p>
      <p className="profile__device-basemap">{t('device.basemap', { size: size(basemap), budget: size(BASEMAP_BUDGET) })}</p>
      {user?.client_name && user.client_id !== null && (
        <button
          type="button"
          className="btn profile__device-btn"
          aria-pressed={farmPinned}
          disabled={busy || (!online && !farmPinned)}
          onClick={() => void run(() => keepFarmOffline(!farmPinned))}
          data-testid="device-farm"
        >
          <span>
            {t('device.farm')} <Data>{user.client_name}</Data>
          </span>
        </button>
      )}
      {note && <p role="status">{note}</p>}
      {surveys && list.length === 0 && <p>{t('device.empty')}</p>}
      <ul className="profile__device-list">
        {list.map((s) => (
          <li key={s.projectId} data-testid="device-survey" data-project-id={s.projectId} data-kept={s.kept}>
            <span className="profile__device-what">
              <strong translate="no">{s.name}</strong>
              <small>
                {[
                  s.observationDate ? formatDay(s.observationDate, lang) : null,
                  size(s.bytes),
                  photoBytes(s) > 0 ? t('device.ofPhoto', { size: size(photoBytes(s)) }) : null,
                  t('device.opened', { when: formatAgo(s.openedAt, now, lang) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </small>
            </span>
            <span className="profile__device-actions">
              <button
                type="button"
                className="btn profile__device-btn"
                aria-pressed={s.kept !== 'recent'}
                disabled={busy || s.kept === 'farm'}
                onClick={() => void run(() => keepOffline(s.projectId, !s.pinned))}
                data-testid="device-pin"
              >
                {t('device.keepOffline')}
              </button>
              <button
                type="button"
                className="btn profile__device-btn"
                disabled={busy}
                onClick={() => void run(() => removeFromDevice(s.projectId))}
                data-testid="device-remove"
              >
                {t('device.remove')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <button
          type="button"
          className="btn profile__device-btn"
          disabled={busy}
          onClick={() => void run(async () => Promise.all(list.map((s) => removeFromDevice(s.projectId))))}
          data-testid="device-remove-all"
        >
          {t('device.removeAll')}
        </button>
      )}
    </div>
  );
}
