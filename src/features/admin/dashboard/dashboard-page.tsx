import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Data, withData } from '../../../components/bidi';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { usersQuery, type AdminUser } from '../../../api/admin-users';
import { clientsQuery, type AdminClient } from '../../../api/admin-clients';
import { projectsQuery, type AdminProject } from '../../../api/admin-projects';
import { healthQuery, recentActivityQuery, type ActivityEntry, type Health } from '../../../api/admin-dashboard';
import { useSession } from '../../../api/session';
import { StatCard } from '../../../components/stat-card';
import { ErrorBanner } from '../../../components/banner';
import { DelayedLoading } from '../../../components/table-loading';
import { NavIcon } from '../../../components/nav-icon';
import { isActiveProject } from './active-projects';
import './dashboard.css';

const ACTIONS = [
  { to: '/admin/users', key: 'manageUsers', icon: 'users' },
  { to: '/admin/projects', key: 'viewProjects', icon: 'folder' },
  { to: '/admin/clients', key: 'manageClients', icon: 'building' },
  { to: '/admin/configuration', key: 'configuration', icon: 'admin' },
  { to: '/admin/reports', key: 'reports', icon: 'chart' },
] as const;

// The cards count the lists the admin tables show: the same queries (a visit to a table after the dashboard does not refetch).
const countUsers = (users: AdminUser[]) => users.length;
const countActiveProjects = (projects: AdminProject[]) => projects.filter((p) => isActiveProject(p.observation_date)).length;
const countClients = (clients: AdminClient[]) => ({ clients: clients.length, plots: clients.reduce((s, c) => s + c.plot_count, 0) });

/** One dashboard source: loads on its own, fails on its own, retries on its own. */
interface Part<T> {
  data: T | null;
  loading: boolean;
  /** Failed, and not being tried again. */
  failed: boolean;
  reload: () => void;
}
const part = <T,>(q: UseQueryResult<T>): Part<T> => ({
  data: q.data ?? null,
  loading: q.isFetching,
  failed: q.isError && !q.isFetching,
  reload: () => void q.refetch(),
});

/**
 * Dashboard (admin.md §2): stat cards, quick actions, recent activity, system
 * information. Each source loads and fails on its own: a failing activity list
 * does not hide the user count.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('admin.dashboard');
  const session = useSession();
  const users = part(useQuery({ ...usersQuery(), select: countUsers }));
  const projects = part(useQuery({ ...projectsQuery(), select: countActiveProjects }));
  const clients = part(useQuery({ ...clientsQuery(), select: countClients }));
  const activity = part(useQuery(recentActivityQuery(8)));
  const sysPart = part(useQuery(healthQuery()));
  const sys: Health | null | 'down' = sysPart.failed ? 'down' : sysPart.data;
  const anyLoading = users.loading || projects.loading || clients.loading || activity.loading;
  const value = (p: { data: unknown; failed: boolean }, v: React.ReactNode) => (p.failed ? '!' : p.data === null ? '—' : v);
  const failedHint = (p: { failed: boolean }) => (p.failed ? t('partFailed') : undefined);
  // The subject (a name) is data; an entry older than migration 053 has only its English summary, recorded then.
  const entryText = (a: ActivityEntry) =>
    a.subject ? (
      withData(t('activityEntry', { entity: t(`entities.${a.entity}`, { defaultValue: a.entity }), subject: a.subject }), a.subject)
    ) : (
      <Data>{a.summary}</Data>
    );

  const ok = sys !== null && sys !== 'down';
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.startsWith('he') ? 'he-IL' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="dashboard" data-testid="admin-dashboard">
      <div className="dashboard__welcome">
        <h2>
          <Trans t={t} i18nKey="welcome" values={{ name: session?.user?.first_name || session?.user?.email || '' }} components={{ name: <Data /> }} />
        </h2>
        <p>{t('intro')}</p>
      </div>
      <DelayedLoading loading={anyLoading} />
      <div className="stat-grid" data-testid="dashboard-stats">
        <StatCard label={t('totalUsers')} value={value(users, users.data)} icon="users" hint={failedHint(users)} testId="stat-users" />
        <StatCard
          label={t('activeProjects')}
          value={value(projects, projects.data)}
          icon="folder"
          hint={failedHint(projects) ?? t('activeHint')}
          testId="stat-active-projects"
        />
        <StatCard label={t('totalClients')} value={value(clients, clients.data?.clients)} icon="building" hint={failedHint(clients)} testId="stat-clients" />
        <StatCard label={t('totalPlots')} value={value(clients, clients.data?.plots)} icon="map" hint={failedHint(clients)} testId="stat-plots" />
      </div>
      {[users, projects, clients].some((p) => p.failed) && (
        <ErrorBanner message={t('loadFailed')} onRetry={() => [users, projects, clients].forEach((p) => p.failed && p.reload())} testId="dashboard-error" />
      )}
      <div className="dashboard__grid">
        <div className="dashboard__panel">
          <h3>{t('quickActions')}</h3>
          <div className="dashboard__actions">
            {ACTIONS.map((a) => (
              <Link key={a.key} to={a.to} className="btn">
                <NavIcon name={a.icon} size={18} /> {t(`actions.${a.key}`)}
              </Link>
            ))}
          </div>
        </div>
        <div className="dashboard__panel" data-testid="recent-activity">
          <h3>{t('recentActivity')}</h3>
          <ErrorBanner message={activity.failed ? t('partFailed') : null} onRetry={activity.reload} testId="activity-error" />
          {activity.data && activity.data.length === 0 && <p className="dashboard__empty">{t('noActivity')}</p>}
          <ul className="dashboard__activity">
            {activity.data?.map((a) => (
              <li key={a.audit_id}>
                <span className={`dashboard__badge dashboard__badge--${a.action}`}>{t(`verbs.${a.action}`)}</span>
                <span className="dashboard__summary" title={a.summary}>
                  {entryText(a)}
                </span>
                <small>
                  {a.user_email} · {when(a.created_at)}
                </small>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="dashboard__panel" data-testid="system-info">
        <h3>{t('systemInfo')}</h3>
        <div className="stat-grid">
          <StatCard
            label={t('backendStatus')}
            value={sys === null ? '…' : sys === 'down' ? t('offline') : t('online')}
            icon="status"
            tone={sys === null ? undefined : sys === 'down' ? 'bad' : 'ok'}
            testId="sys-backend"
          />
          <StatCard
            label={t('databaseStatus')}
            value={sys === null ? '…' : ok && sys.database === 'connected' ? t('connected') : t('disconnected')}
            icon="status"
            tone={sys === null ? undefined : ok && sys.database === 'connected' ? 'ok' : 'bad'}
            hint={ok ? t('pingMs', { ms: sys.pingMs }) : undefined}
            testId="sys-database"
          />
          {/* admin.md: "Data Source: Production Database" on a production deployment; elsewhere the engine (README Decisions). */}
          <StatCard
            label={t('dataSource')}
            value={ok ? t(sys.production ? 'sources.production' : `sources.${sys.dataSource}`) : '—'}
            icon="database"
            testId="sys-source"
          />
        </div>
      </div>
    </section>
  );
}
