import { useTranslation } from 'react-i18next';

export function OrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <section className="page" data-testid="orders-page">
      <h1>{t('title')}</h1>
    </section>
  );
}
