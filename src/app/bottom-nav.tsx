import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavIcon, type NavIconName } from '../components/nav-icon';
import { TaskBadge, useOpenTaskCount } from '../components/scouting/task-badge';

/** Profile, orders, home (client.md §2) plus the farm map and My tasks (issue 36, with its badge); Admin only for admins. */
export function BottomNav({ admin }: { admin: boolean }) {
  const { t } = useTranslation('common');
  const openTasks = useOpenTaskCount();
  const items: { to: string; label: string; icon: NavIconName }[] = [
    { to: '/profile', label: t('nav.profile'), icon: 'profile' },
    { to: '/orders', label: t('nav.orders'), icon: 'orders' },
    { to: '/map', label: t('nav.map'), icon: 'map' },
    { to: '/tasks', label: t('nav.tasks'), icon: 'tasks' },
    { to: '/home', label: t('nav.home'), icon: 'home' },
    ...(admin ? [{ to: '/admin', label: t('nav.admin'), icon: 'admin' as const }] : []),
  ];
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')} data-testid="bottom-nav">
      {items.map((i) => (
        <NavLink key={i.to} to={i.to} className={({ isActive }) => `bottom-nav__item${isActive ? ' is-active' : ''}`}>
          <span className="bottom-nav__icon">
            <NavIcon name={i.icon} />
          </span>
          <span className="bottom-nav__label">
            {i.label}
            {i.to === '/tasks' && <TaskBadge count={openTasks} />}
          </span>
        </NavLink>
      ))}
    </nav>
  );
}
