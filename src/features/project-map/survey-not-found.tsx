// A survey the user may not open, or one that does not exist, answers 404 from
// every call (README "Per-project access"): the screen says so once, in the UI's
// language, with the way home — not three English load errors over an empty map.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SurveyNotFound() {
  const { t } = useTranslation('project-map');
  return (
    <section className="pm-notfound" data-testid="pm-not-found" role="alert">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.hint')}</p>
      <Link to="/home" className="pm-notfound__home">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
