import { useTranslation } from 'react-i18next';
import type { AdminProject } from '../../../api/admin-projects';
import type { AdminUser } from '../../../api/admin-users';
import { formatCount, formatShortDate } from '../../../components/table-data';

export function ProjectDetails({ project: p, users }: { project: AdminProject; users: AdminUser[] }) {
  const { t, i18n } = useTranslation('admin.projects');
  const lang = i18n.language;
  const emails = p.user_ids.map((id) => users.find((u) => u.user_id === id)?.email ?? `#${id}`);
  return (
    <dl className="admin-details" data-testid="project-details">
      <dt>{t('fields.name')}</dt>
      <dd>{p.name}</dd>
      <dt>{t('fields.client')}</dt>
      <dd>{p.client_name}</dd>
      <dt>{t('fields.observationDate')}</dt>
      <dd>{formatShortDate(p.observation_date, lang)}</dd>
      <dt>{t('fields.created')}</dt>
      <dd>{formatShortDate(p.created_at, lang)}</dd>
      <dt>{t('fields.users')}</dt>
      <dd>{emails.join(', ') || '—'}</dd>
      <dt>{t('fields.products')}</dt>
      <dd>{p.products.map((x) => t(`products.${x}`)).join(', ') || '—'}</dd>
      <dt>{t('detectedCrops')}</dt>
      <dd>{p.crop_types.join(', ') || '—'}</dd>
      <dt>{t('fields.plots')}</dt>
      <dd>{p.plots.map((pl) => `${pl.plot_name} (${pl.plot_area ?? '—'} ${t('ha')})`).join(', ') || '—'}</dd>
      <dt>{t('stats.areas')}</dt>
      <dd>{p.irrigation_area_count}</dd>
      <dt>{t('fields.trees')}</dt>
      <dd>{formatCount(p.tree_count, lang)}</dd>
    </dl>
  );
}
