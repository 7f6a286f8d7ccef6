import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';

/** Welcome screen: theme image, logo, title, subtitle, enter → /login. */
export function LandingPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="landing">
      <div className="landing__image" aria-hidden="true" />
      <div className="landing__card">
        <img src="/logo.svg" alt="" width={72} height={72} />
        <h1>{t('landing.title')}</h1>
        <p>{t('landing.subtitle')}</p>
        <Link className="btn btn--primary" to="/login">
          {t('landing.enter')}
        </Link>
        <LanguageSwitch />
      </div>
    </div>
  );
}
