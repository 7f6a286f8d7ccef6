import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Data } from '../../components/bidi';
import type { UserProject } from '../../api/projects';
import { orderStatus, ORDER_STATUSES } from '../../domain/orders';
import { displayName, routeDate } from '../../domain/projects';
import { formatDay } from '../../domain/projects-format';

export function OrdersLegend() {
  const { t } = useTranslation('orders');
  return (
    <ul className="orders-legend" aria-label={t('legend')} data-testid="orders-legend">
      {ORDER_STATUSES.map((s) => (
        <li key={s}>
          <span className={`orders-dot orders-dot--${s}`} aria-hidden="true" />
          {t(`status.${s}`)}
        </li>
      ))}
    </ul>
  );
}

/** Projects as rows with date and order status; finished surveys link to their map. */
export function OrdersList({ projects, today, testId }: { projects: UserProject[]; today: string; testId: string }) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.resolvedLanguage ?? 'he';
  return (
    <ul className="orders-list" data-testid={testId}>
      {projects.map((p, i) => {
        const status = orderStatus(p.observation_date, today);
        const name = displayName(p) ?? t('unnamed');
        const date = formatDay(p.observation_date, lang) ?? t('noDate');
        const canOpen = status === 'done' && p.project_id != null && p.observation_date;
        return (
          <li key={`${p.project_id}-${i}`} className="orders-list__item" data-status={status}>
            <span className={`orders-dot orders-dot--${status}`} aria-hidden="true" />
            <span className="orders-list__main">
              {canOpen ? (
                <Link
                  to={`/view/${encodeURIComponent(String(p.project_id))}/${encodeURIComponent(routeDate(p.observation_date!))}`}
                  state={{ projectId: String(p.project_id), observationDate: routeDate(p.observation_date!), projectName: name }}
                  title={t('openMap')}
                >
                  <Data>{name}</Data>
                </Link>
              ) : (
                <Data>{name}</Data>
              )}
              <small>{date}</small>
            </span>
            <span className={`orders-badge orders-badge--${status}`}>{t(`status.${status}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
