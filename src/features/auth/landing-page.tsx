import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';

/**
 * Welcome screen: theme image, logo, title, subtitle, enter → /login. The image is our own orchard illustration
 * (scripts/landing-image.mjs; README "Landing image"): WebP, a JPEG for browsers without it, the gradient beneath
 * while it loads.
 */
export function LandingPage() {
  const { t } = useTranslation('auth');
  return (
    <div className="landing">
      <picture className="landing__image">
        <source srcSet="/landing/orchard.webp" type="image/webp" />
        <img src="/landing/orchard.jpg" alt="" width={1600} height={1000} decoding="async" data-testid="landing-image" />
      </picture>
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
