import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withData } from '../../components/bidi';
import { logout } from '../../api/auth';
import { useSignOutGuard } from '../../components/scouting/sign-out-guard';
import { useSession } from '../../api/session';
import { LanguageSwitch } from '../../components/language-switch';
import { SUPPORT_EMAIL } from '../../components/support-contact';
import { PasswordForm } from '../../components/password-form';
import { SessionsPanel } from './sessions-panel';
import { OnDevicePanel } from './on-device-panel';
import { version as APP_VERSION } from '../../../package.json';
import './profile.css';

// The spec gives the five entries no action (client.md §2 Profile). Ours:
// mail → email to support; message → shown disabled with a "coming soon"
// tooltip (no messaging backend yet); feedback → email with the version and
// language filled in; updates → version and what's new; settings → language.
export { SUPPORT_EMAIL };

type Panel = 'updates' | 'settings' | 'password' | 'sessions' | 'device' | null;

export function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const navigate = useNavigate();
  const session = useSession();
  const [open, setOpen] = useState<Panel>(null);
  const user = session?.user;
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const lang = i18n.resolvedLanguage ?? 'he';
  const mailto = (subject: string, body = '') =>
    `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}${body ? `&body=${encodeURIComponent(body)}` : ''}`;
  const toggle = (p: Exclude<Panel, null>) => setOpen((o) => (o === p ? null : p));
  const news = t('news', { returnObjects: true }) as unknown;
  // Sign-out warns while this user's field work waits to sync (it stays on the device either way).
  const signOut = useSignOutGuard(async () => {
    await logout();
    void navigate('/', { replace: true });
  });

  return (
    <section className="page profile" data-testid="profile-page">
      <h1>{t('title')}</h1>
      {user && (
        <div className="profile__card" aria-label={t('account')}>
          <span className="profile__avatar" aria-hidden="true" translate="no">
            {(fullName || user.email).charAt(0).toUpperCase()}
          </span>
          <div className="profile__who">
            {fullName && <strong translate="no">{fullName}</strong>}
            <span dir="ltr" className="profile__email">
              {user.email}
            </span>
            {user.client_name && <small>{withData(t('client', { name: user.client_name }), user.client_name)}</small>}
          </div>
        </div>
      )}
      <ul className="profile__menu">
        <li>
          <a className="profile__entry" href={mailto(t('supportSubject'))} data-testid="profile-mail">
            <Entry icon="✉" label={t('mail')} hint={t('mailHint')} />
          </a>
        </li>
        <li>
          <button
            type="button"
            className="profile__entry"
            aria-disabled="true"
            title={t('messageHint')}
            data-testid="profile-message"
            onClick={(e) => e.preventDefault()}
          >
            <Entry icon="✎" label={t('message')} hint={t('messageHint')} badge={t('soon')} />
          </button>
        </li>
        <li>
          <a className="profile__entry" href={mailto(t('feedbackSubject'), t('feedbackBody', { version: APP_VERSION, lang }))} data-testid="profile-feedback">
            <Entry icon="★" label={t('feedback')} hint={t('feedbackHint')} />
          </a>
        </li>
        <li>
          <button
            type="button"
            className="profile__entry"
            aria-expanded={open === 'updates'}
            aria-controls="profile-updates"
            data-testid="profile-updates"
            onClick={() => toggle('updates')}
          >
            <Entry icon="↻" label={t('updates')} hint={t('updatesHint', { version: APP_VERSION })} />
          </button>
          {open === 'updates' && (
            <div id="profile-updates" className="profile__panel" data-testid="updates-panel">
              <p>
                <strong>{t('version', { version: APP_VERSION })}</strong>
              </p>
              <p>{t('whatsNew')}</p>
              <ul>{Array.isArray(news) && news.map((n) => <li key={String(n)}>{String(n)}</li>)}</ul>
            </div>
          )}
        </li>
        <li>
          <button
            type="button"
            className="profile__entry"
            aria-expanded={open === 'settings'}
            aria-controls="profile-settings"
            data-testid="profile-settings"
            onClick={() => toggle('settings')}
          >
            <Entry icon="⚙" label={t('settings')} hint={t('settingsHint')} />
          </button>
          {open === 'settings' && (
            <div id="profile-settings" className="profile__panel" data-testid="settings-panel">
              <p>{t('language')}</p>
              <LanguageSwitch />
            </div>
          )}
        </li>
        <li>
          <button
            type="button"
            className="profile__entry"
            aria-expanded={open === 'password'}
            aria-controls="profile-password"
            data-testid="profile-password"
            onClick={() => toggle('password')}
          >
            <Entry icon="🔑" label={t('password')} hint={t('passwordHint')} />
          </button>
          {open === 'password' && (
            <div id="profile-password" className="profile__panel">
              <PasswordForm />
            </div>
          )}
        </li>
        <li>
          <button
            type="button"
            className="profile__entry"
            aria-expanded={open === 'device'}
            aria-controls="profile-device"
            data-testid="profile-device"
            onClick={() => toggle('device')}
          >
            <Entry icon="⤓" label={t('device.title')} hint={t('device.hint')} />
          </button>
          {open === 'device' && <OnDevicePanel />}
        </li>
        <li>
          <button
            type="button"
            className="profile__entry"
            aria-expanded={open === 'sessions'}
            aria-controls="profile-sessions"
            data-testid="profile-sessions"
            onClick={() => toggle('sessions')}
          >
            <Entry icon="⎚" label={t('sessions.title')} hint={t('sessions.hint')} />
          </button>
          {open === 'sessions' && <SessionsPanel onSignedOut={() => void navigate('/', { replace: true })} />}
        </li>
        <li>
          <button type="button" className="profile__entry profile__entry--logout" data-testid="logout" onClick={() => void signOut.request()}>
            <Entry icon="⏻" label={t('logout')} hint={t('logoutHint')} />
          </button>
        </li>
      </ul>
      {signOut.dialog}
    </section>
  );
}

function Entry({ icon, label, hint, badge }: { icon: string; label: string; hint: string; badge?: ReactNode }) {
  return (
    <>
      <span className="profile__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="profile__text">
        <span className="profile__label">{label}</span>
        <small>{hint}</small>
      </span>
      {badge && <span className="profile__badge">{badge}</span>}
    </>
  );
}
