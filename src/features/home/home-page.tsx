import { useTranslation } from 'react-i18next';

export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <section className="page" data-testid="home-page">
      <h1>{t('title')}</h1>
    </section>
  );
}
