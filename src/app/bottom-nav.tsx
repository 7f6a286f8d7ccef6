import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** Profile, orders, home (client.md §2) plus the farm map; Admin only for admins. */
export function BottomNav({ admin }: { admin: boolean }) {
  const { t } = useTranslation('common');
  const items = [
    { to: '/profile', label: t('nav.profile'), icon: '👤' },
    { to: '/orders', label: t('nav.orders'), icon: '📅' },
    { to: '/map', label: t('nav.map'), icon: '🗺️' },
    { to: '/home', label: t('nav.home'), icon: '🏠' },
    ...(admin ? [{ to: '/admin', label: t('nav.admin'), icon: '⚙️' }] : []),
  ];
  return (
    <nav className="bottom-nav" aria-label={t('nav.main')} data-testid="bottom-nav">
      {items.map((i) => (
        <NavLink key={i.to} to={i.to} className={({ isActive }) => `bottom-nav__item${isActive ? ' is-active' : ''}`}>
          <span aria-hidden="true" className="bottom-nav__icon">{i.icon}</span>
          <span className="bottom-nav__label">{i.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
