import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { login, LoginError } from '../../api/auth';
import { errorText } from '../../api/error-text';
import { LanguageSwitch } from '../../components/language-switch';
import { SUPPORT_EMAIL } from '../../components/support-contact';

export const LOGIN_FALLBACK_MS = 500;

/** The login failure in the UI's language: the server's code, else "Login failed" / "An error occurred during login". */
export function loginErrorText(err: unknown, t: TFunction): string {
  if (err instanceof LoginError) {
    const api = err.apiError;
    if (api && (api.serverCode || ['network', 'timeout', 'server'].includes(api.code))) return errorText(api, t);
    if (err.code === 'no_token') return err.message;
    return t(`common:errors.codes.${err.code}`, { defaultValue: err.message });
  }
  return t('common:errors.codes.login_error');
}

/** Login (client.md §2, §5, §8): both fields required, no email format check. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>((location.state as { expired?: boolean } | null)?.expired ? t('login.expired') : null);
  const [busy, setBusy] = useState(false);
  const fallback = useRef<number>(undefined);
  // The fallback below belongs to this page: once it is gone (the router moved), its timer must never fire — a
  // stale one would reload a later sign-in of another user in mid-request.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      window.clearTimeout(fallback.current);
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await login(email.trim(), password, remember);
      const target = user?.role === 'admin' ? '/admin' : '/home';
      // If the router did not move (e.g. a render was interrupted), go anyway. Set before navigating: a navigation
      // that unmounts this page at once still finds the timer to clear.
      window.clearTimeout(fallback.current);
      fallback.current = window.setTimeout(() => {
        if (mounted.current && window.location.pathname === '/login') window.location.replace(target);
      }, LOGIN_FALLBACK_MS);
      void navigate(target, { replace: true });
    } catch (err) {
      setError(loginErrorText(err, t));
      setBusy(false);
    }
  }

  return (
    <div className="login">
      <form className="login__card" onSubmit={submit} noValidate>
        <img src="/logo.svg" alt="" width={56} height={56} />
        <h1>{t('login.title')}</h1>
        <label>
          {t('login.email')}
          <input name="email" type="text" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} dir="ltr" required />
        </label>
        <label>
          {t('login.password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            dir="ltr"
            required
          />
        </label>
        <label className="login__remember">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('login.remember')}
        </label>
        <div className="login__error" role="alert" data-testid="login-error">
          {error}
        </div>
        <button className="btn btn--primary" type="submit" disabled={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        {/* client.md §2: "forgot password" does nothing; ours says whom to ask, with the address (issue 33). */}
        <p className="login__forgot" data-testid="login-forgot">
          {t('login.forgot')}{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} dir="ltr">
            {SUPPORT_EMAIL}
          </a>
        </p>
        <LanguageSwitch />
      </form>
    </div>
  );
}
