import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserProject } from '../../api/projects';
import { displayName, isValidProject, projectStatus, trendDirection } from '../../domain/projects';
import { projectViewTarget } from '../../domain/project-route';
import { projectServices } from '../../domain/projects-services';
import { formatChangePp, formatDay, formatShare } from '../../domain/projects-format';

const TREND_ICON = { up: '▲', down: '▼', flat: '▬' } as const;

/** `children`: the card's line about the device (on-device.tsx). */
export function ProjectCard({ project, today, children }: { project: UserProject; today: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation('home');
  const navigate = useNavigate();
  const lang = i18n.resolvedLanguage ?? 'he';
  const name = displayName(project) ?? t('card.unnamed');
  const status = projectStatus(project, today);
  const services = projectServices(project);
  const date = formatDay(project.observation_date, lang) ?? project.observation_date ?? t('card.noDate');
  const trend = project.trend;

  function view() {
    const { path, state } = projectViewTarget(project.project_id!, project.observation_date!, name);
    void navigate(path, { state });
  }

  return (
    <article className="project-card" data-testid="project-card" data-status={status}>
      <header className="project-card__head">
        <h3 className="project-card__name" translate="no">
          {name}
        </h3>
        <span className={`project-card__status project-card__status--${status}`} data-testid="project-status">
          {t(`card.status.${status}`)}
        </span>
      </header>
      <p className="project-card__date">
        <time dateTime={project.observation_date ?? undefined}>{date}</time>
      </p>
      {trend && <Trend trend={trend} lang={lang} />}
      <ul className="project-card__services" aria-label={t('card.services')}>
        {services.map((s) => {
          const label = 'key' in s ? t(`services.${s.key}`) : s.label;
          return <li key={label}>{label}</li>;
        })}
      </ul>
      {children}
      <footer className="project-card__foot">
        <span className="project-card__id">{project.project_id != null ? t('card.id', { id: project.project_id }) : ''}</span>
        {isValidProject(project) ? (
          <button type="button" className="btn btn--primary" onClick={view} aria-label={t('card.viewLabel', { name })}>
            {t('card.view')}
          </button>
        ) : (
          <span className="project-card__nodata">{t('card.noData')}</span>
        )}
      </footer>
    </article>
  );
}

function Trend({ trend, lang }: { trend: NonNullable<UserProject['trend']>; lang: string }) {
  const { t } = useTranslation('home');
  const dir = trendDirection(trend.change_pp);
  const date = formatDay(trend.previous_observation_date, lang, 'short') ?? '';
  const change = `${formatChangePp(trend.change_pp, lang)} ${t('card.trend.unit')}`;
  return (
    <p
      className={`project-card__trend project-card__trend--${dir}`}
      data-testid="project-trend"
      data-direction={dir}
      title={t('card.trend.title', {
        now: formatShare(trend.healthy_share, lang),
        before: formatShare(trend.previous_healthy_share, lang),
        date,
      })}
    >
      <span aria-hidden="true">{TREND_ICON[dir]} </span>
      {t(`card.trend.${dir}`, { change, date })}
    </p>
  );
}
