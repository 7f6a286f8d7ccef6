import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import Bowser from 'bowser';
import { endOtherSessions, endSession, fetchSessions, logout, type SessionEntry } from '../../api/auth';
import { errorText } from '../../api/error-text';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** "Chrome on Android" from a user agent (bowser); the raw text when it says nothing known. */
export function deviceName(userAgent: string, unknown: string): string {
  if (!userAgent) return unknown;
  const p = Bowser.parse(userAgent);
  const browser = p.browser.name;
  const os = [p.os.name, p.os.versionName ?? p.os.version?.split('.')[0]].filter(Boolean).join(' ');
  return browser || os ? [browser, os].filter(Boolean).join(' · ') : userAgent.slice(0, 60);
}

/**
 * Profile's sessions (issue 33): every live sign-in of the user with its device and when it was last used (its last
 * token refresh), ending any of them or all others. Ending this one signs out here.
 */
export function SessionsPanel({ onSignedOut }: { onSignedOut: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: fetchSessions });
  const [message, setMessage] = useState<string | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.startsWith('he') ? 'he-IL' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  const run = async (op: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await op();
      setMessage(done);
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch (e) {
      setMessage(errorText(e, t));
    }
  };
  const end = (s: SessionEntry) => (s.current ? void logout().then(onSignedOut) : void run(() => endSession(s.session_id), t('sessions.endedOne')));
  const list = sessions.data ?? [];

  return (
    <div className="profile__panel" id="profile-sessions" data-testid="sessions-panel">
      {sessions.isPending && <p>{t('sessions.loading')}</p>}
      {sessions.isError && <p role="alert">{errorText(sessions.error, t)}</p>}
      <ul className="profile__sessions">
        {list.map((s) => (
          <li key={s.session_id} data-testid="session-row" data-current={s.current || undefined}>
            <span>
              <strong>{deviceName(s.user_agent, t('sessions.unknownDevice'))}</strong>
              {s.current && <span className="profile__badge">{t('sessions.thisDevice')}</span>}
              <small>
                {t('sessions.lastSeen', { when: when(s.last_seen_at) })} · <span dir="ltr">{s.address}</span>
              </small>
            </span>
            <button type="button" className="btn btn--small" onClick={() => end(s)} data-testid="session-end">
              {s.current ? t('sessions.signOutHere') : t('sessions.end')}
            </button>
          </li>
        ))}
      </ul>
      {list.filter((s) => !s.current).length > 0 && (
        <button type="button" className="btn" data-testid="sessions-end-others" onClick={() => void run(endOtherSessions, t('sessions.endedOthers'))}>
          {t('sessions.endOthers')}
        </button>
      )}
      {message && <p role="status">{message}</p>}
    </div>
  );
}
