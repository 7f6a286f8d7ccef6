import { useTranslation } from 'react-i18next';

export default function FarmMapPage() {
  const { t } = useTranslation('farm-map');
  return (
    <section className="page" data-testid="farm-map-page">
      <h1>{t('title')}</h1>
    </section>
  );
}
