import { useEffect, useMemo, useRef, useState } from 'react';
import { OpenTasksNotice } from '../../components/scouting/task-badge';
import { Trans, useTranslation } from 'react-i18next';
import { Data } from '../../components/bidi';
import { useSession } from '../../api/session';
import { ApiError } from '../../api/errors';
import { StatCard } from '../../components/stat-card';
import { applyQuery, DEFAULT_QUERY, projectStats } from '../../domain/projects';
import { localToday } from '../../domain/projects-dates';
import { formatNumber } from '../../domain/projects-format';
import type { UserProject } from '../../api/projects';
import { FETCH_PROJECTS_FAILED } from '../../api/projects';
import { HomeFilters } from './home-filters';
import { ProjectCard } from './project-card';
import { LatestResults } from './latest-results';
import { useListQuery } from './use-list-query';
import { useUserProjects } from './use-user-projects';
import { DeviceControls, OfflineHome } from './on-device';
import { useKeptSurveys, useOnline } from '../../offline/surveys/use-device';
import { noAnswer, unreachable } from '../../offline/surveys/reach';
import type { ShownSurvey } from '../../offline/surveys/kept-store';
import './home.css';

/** Home (client.md §2): welcome, stats, the searchable, sortable project list. */
export function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  const load = useUserProjects();
  const clientName = session?.user?.client_name;
  // Without a connection (the browser says so, or the server cannot be reached): the surveys on this device.
  const online = useOnline();
  const kept = useKeptSurveys().surveys;
  const failed = load.status === 'error' && unreachable(load.error);
  const offline = !online || failed;
  // A server that answers with a failure (not "no answer at all") is down; no answer is being offline.
  const serverDown = online && failed && !noAnswer(load.error);
  // The connection is back: the list is asked for again (once per return, not on every failure).
  const wasOnline = useRef(online);
  const reload = load.reload;
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);
  return (
    <section className="page home" data-testid="home-page">
      <header className="home__welcome">
        <h1 data-testid="welcome">
          {clientName ? <Trans t={t} i18nKey="welcome" values={{ name: clientName }} components={{ name: <Data /> }} /> : t('welcomeAnonymous')}
        </h1>
        {!offline && load.status === 'loaded' && <Summary projects={load.projects} />}
        <OpenTasksNotice />
      </header>
      {offline && <OfflineHome kept={kept} serverDown={serverDown} onRetry={load.reload} />}
      {!offline && load.status === 'loading' && (
        <div className="home__state" role="status" aria-live="polite" data-testid="home-loading">
          <span className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      )}
      {!offline && load.status === 'error' && <ErrorView error={load.error} onRetry={load.reload} />}
      {!offline && load.status === 'loaded' && <ProjectsSection projects={load.projects} kept={kept} />}
    </section>
  );
}

function Summary({ projects }: { projects: UserProject[] }) {
  const { t, i18n } = useTranslation('home');
  const stats = projectStats(projects, localToday());
  if (!projects.length) return <p className="home__summary">{t('summaryEmpty')}</p>;
  return <p className="home__summary">{t('summary', { count: stats.total, recent: formatNumber(stats.recent, i18n.resolvedLanguage ?? 'he') })}</p>;
}

function ErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('home');
  const common = useTranslation('common').t;
  // The spec's messages (§8), translated: the list call's own failure, or the error's message, or 'Failed to fetch data'.
  const message = error.message === FETCH_PROJECTS_FAILED ? t('error.fetchProjects') : error.message || t('error.fetchData');
  const cause = error instanceof ApiError && error.code !== 'generic' ? common(`errors.${error.code}`, { defaultValue: '' }) : '';
  return (
    <div className="home__state home__state--error" role="alert" data-testid="home-error">
      <span className="home__state-icon" aria-hidden="true">
        ⚠
      </span>
      <h2>{t('error.title')}</h2>
      <p>{message}</p>
      {cause && <p className="home__cause">{cause}</p>}
      <button type="button" className="btn btn--primary" onClick={onRetry} data-testid="retry">
        {t('error.retry')}
      </button>
    </div>
  );
}

function ProjectsSection({ projects, kept }: { projects: UserProject[]; kept: ShownSurvey[] | null }) {
  const onDevice = useMemo(() => new Map((kept ?? []).map((s) => [s.projectId, s])), [kept]);
  const { t, i18n } = useTranslation('home');
  const lang = i18n.resolvedLanguage ?? 'he';
  const [query, setQuery] = useListQuery();
  const [filtersOpen, setFiltersOpen] = useState(query.status !== 'all' || query.sortKey !== 'date' || query.sortDir !== 'desc');
  const today = localToday();
  const stats = projectStats(projects, today);
  const shown = useMemo(() => applyQuery(projects, query), [projects, query]);
  const filtering = query.search.trim() !== '' || query.status !== 'all';
  const n = (x: number) => formatNumber(x, lang);

  const countLine = [
    t('count.showing', { shown: n(shown.length), total: n(projects.length) }),
    query.search.trim() && t('count.search', { term: query.search.trim() }),
    query.status !== 'all' && t('count.status', { status: t(`filters.${query.status}`) }),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <div className="stat-grid stat-grid--3 home__stats">
        <StatCard label={t('stats.total')} value={n(stats.total)} testId="stat-total" />
        <StatCard label={t('stats.recent')} value={n(stats.recent)} testId="stat-recent" />
        <StatCard label={t('stats.thisMonth')} value={n(stats.thisMonth)} testId="stat-month" />
      </div>

      <LatestResults projects={projects} />

      <div className="home__section-head">
        <h2>{t('section.title')}</h2>
        <p data-testid="projects-subtitle">{projects.length ? t('section.subtitle', { count: projects.length }) : t('section.none')}</p>
      </div>

      {projects.length === 0 ? (
        <div className="home__state" data-testid="empty-none">
          <h3>{t('empty.noneTitle')}</h3>
          <p>{t('empty.noneText')}</p>
        </div>
      ) : (
        <>
          <HomeFilters query={query} onChange={setQuery} open={filtersOpen} onToggle={() => setFiltersOpen((o) => !o)} />
          <p className="home__count" data-testid="count-line" aria-live="polite">
            {countLine}
          </p>
          {shown.length === 0 ? (
            <div className="home__state" data-testid="empty-filtered">
              <h3>{t('empty.filteredTitle')}</h3>
              <p>{t('empty.filteredText')}</p>
              <button
                type="button"
                className="btn btn--primary"
                data-testid="clear-filters"
                onClick={() => setQuery({ search: DEFAULT_QUERY.search, status: DEFAULT_QUERY.status })}
              >
                {t('empty.clearAll')}
              </button>
            </div>
          ) : (
            <div className="home__grid" data-testid="project-list" data-filtering={filtering}>
              {shown.map((p, i) => (
                <ProjectCard key={`${p.project_id ?? 'none'}-${i}`} project={p} today={today}>
                  <DeviceControls project={p} kept={onDevice.get(p.project_id) ?? null} online />
                </ProjectCard>
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}
