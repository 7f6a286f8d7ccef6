import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { listUsers } from '../../../api/admin-users';
import { listClients } from '../../../api/admin-clients';
import { listProjects } from '../../../api/admin-projects';
import { health, recentActivity, type ActivityEntry, type Health } from '../../../api/admin-dashboard';
import { useSession } from '../../../api/session';
import { StatCard } from '../../../components/stat-card';
import { ErrorBanner } from '../../../components/banner';
import { DelayedLoading } from '../../../components/table-loading';
import { isActiveProject } from './active-projects';
import './dashboard.css';

interface Data {
  users: number;
  activeProjects: number;
  clients: number;
  plots: number;
  activity: ActivityEntry[];
}

const ACTIONS = [
  { to: '/admin/users', key: 'manageUsers', icon: '👥' },
  { to: '/admin/projects', key: 'viewProjects', icon: '📁' },
  { to: '/admin/clients', key: 'manageClients', icon: '🏢' },
  { to: '/admin/configuration', key: 'configuration', icon: '⚙️' },
  { to: '/admin/reports', key: 'reports', icon: '📊' },
] as const;

/** Dashboard (admin.md §2): stat cards, quick actions, recent activity, system information. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation('admin.dashboard');
  const session = useSession();
  const [data, setData] = useState<Data | null>(null);
  const [sys, setSys] = useState<Health | null | 'down'>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    health().then(setSys, () => setSys('down'));
    try {
      const [users, projects, clients, activity] = await Promise.all([listUsers(), listProjects(), listClients(), recentActivity(8)]);
      setData({
        users: users.length,
        activeProjects: projects.filter((p) => isActiveProject(p.observation_date)).length,
        clients: clients.length,
        plots: clients.reduce((s, c) => s + c.plot_count, 0),
        activity,
      });
    } catch {
      setError(t('loadFailed'));
    } finally {
      setLoading(false);
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const ok = sys !== null && sys !== 'down';
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language.startsWith('he') ? 'he-IL' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="dashboard" data-testid="admin-dashboard">
      <div className="dashboard__welcome">
        <h2>{t('welcome', { name: session?.user?.first_name || session?.user?.email || '' })}</h2>
        <p>{t('intro')}</p>
      </div>
      <ErrorBanner message={error} onRetry={() => void load()} onDismiss={() => setError(null)} testId="dashboard-error" />
      <DelayedLoading loading={loading} />
      <div className="stat-grid" data-testid="dashboard-stats">
        <StatCard label={t('totalUsers')} value={data?.users ?? '—'} icon="👥" testId="stat-users" />
        <StatCard label={t('activeProjects')} value={data?.activeProjects ?? '—'} icon="📁" hint={t('activeHint')} testId="stat-active-projects" />
        <StatCard label={t('totalClients')} value={data?.clients ?? '—'} icon="🏢" testId="stat-clients" />
        <StatCard label={t('totalPlots')} value={data?.plots ?? '—'} icon="🗺️" testId="stat-plots" />
      </div>
      <div className="dashboard__grid">
        <div className="dashboard__panel">
          <h3>{t('quickActions')}</h3>
          <div className="dashboard__actions">
            {ACTIONS.map((a) => (
              <Link key={a.key} to={a.to} className="btn">
                <span aria-hidden="true">{a.icon}</span> {t(`actions.${a.key}`)}
              </Link>
            ))}
          </div>
        </div>
        <div className="dashboard__panel" data-testid="recent-activity">
          <h3>{t('recentActivity')}</h3>
          {data && data.activity.length === 0 && <p className="dashboard__empty">{t('noActivity')}</p>}
          <ul className="dashboard__activity">
            {data?.activity.map((a) => (
              <li key={a.audit_id}>
                <span className={`dashboard__badge dashboard__badge--${a.action}`}>{t(`verbs.${a.action}`)}</span>
                <span className="dashboard__summary">{a.summary}</span>
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
          <StatCard label={t('backendStatus')} value={sys === null ? '…' : sys === 'down' ? t('offline') : t('online')} icon={sys === 'down' ? '🔴' : '🟢'} testId="sys-backend" />
          <StatCard label={t('databaseStatus')} value={sys === null ? '…' : ok && sys.database === 'connected' ? t('connected') : t('disconnected')} icon={ok ? '🟢' : '🔴'} hint={ok ? `${sys.pingMs} ms` : undefined} testId="sys-database" />
          <StatCard label={t('dataSource')} value={ok ? t(`sources.${sys.dataSource}`) : '—'} icon="🗄️" testId="sys-source" />
        </div>
      </div>
    </section>
  );
}
