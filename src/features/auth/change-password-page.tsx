import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../api/auth';
import { isAdmin, useSession } from '../../api/session';
import { PasswordForm } from '../../components/password-form';
import { LanguageSwitch } from '../../components/language-switch';

/**
 * After an administrator's password reset (issue 33): the only screen until the user chose a new password (the API
 * answers every other call 403 password_change_required meanwhile). Then on to the role's start page.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const session = useSession();
  return (
    <div className="login">
      <section className="login__card" data-testid="change-password-page">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <h1>{t('common:password.forcedTitle')}</h1>
        <p>{t('common:password.forcedIntro')}</p>
        <p dir="ltr">{session?.user?.email}</p>
        <PasswordForm forced onDone={() => void navigate(isAdmin(session) ? '/admin' : '/home', { replace: true })} />
        <button
          type="button"
          className="btn"
          onClick={async () => {
            await logout();
            void navigate('/', { replace: true });
          }}
        >
          {t('common:actions.logout')}
        </button>
        <LanguageSwitch />
      </section>
    </div>
  );
}
