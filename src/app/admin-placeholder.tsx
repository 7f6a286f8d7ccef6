import { useTranslation } from 'react-i18next';

/** Stands in for an admin section until its feature folder provides the screen. */
export function AdminPlaceholder({ section }: { section: string }) {
  const { t } = useTranslation('admin');
  return <section data-testid={`admin-${section}`}><h2>{t(`sections.${section}`)}</h2></section>;
}
