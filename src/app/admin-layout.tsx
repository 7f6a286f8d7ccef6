import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../api/auth';
import { useSignOutGuard } from '../components/scouting/sign-out-guard';
import { useSession } from '../api/session';

const SECTIONS = [
  { to: '/admin', key: 'dashboard', end: true },
  { to: '/admin/clients', key: 'clients' },
  { to: '/admin/users', key: 'users' },
  { to: '/admin/projects', key: 'projects' },
  { to: '/admin/data-editor', key: 'dataEditor' },
  { to: '/admin/configuration', key: 'configuration' },
] as const;

export function sectionKey(pathname: string): string {
  const seg = pathname.replace(/^\/admin\/?/, '').split('/')[0];
  return seg === '' ? 'dashboard' : seg === 'data-editor' ? 'dataEditor' : seg;
}

/** Admin layout (admin.md §2): sidebar, signed-in email, section header. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const navigate = useNavigate();
  const signOut = useSignOutGuard(async () => {
    await logout();
    void navigate('/login', { replace: true });
  });
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const section = sectionKey(pathname);
  return (
    <div className={`admin-layout${open ? ' sidebar-open' : ''}`}>
      <aside id="admin-sidebar" className="admin-sidebar" aria-label={t('title')}>
        <div className="admin-sidebar__brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <strong>{t('shortTitle')}</strong>
        </div>
        <div className="admin-sidebar__user">
          <span data-testid="admin-email">{session?.user?.email}</span>
          <small>{t('administrator')}</small>
        </div>
        <nav className="admin-sidebar__nav">
          {SECTIONS.map((s) => (
            <NavLink key={s.key} to={s.to} end={'end' in s} onClick={() => setOpen(false)}>
              {t(`sections.${s.key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="admin-sidebar__footer">
          <button type="button" onClick={() => navigate('/home')}>
            {t('backToApp')}
          </button>
          <button type="button" onClick={() => void signOut.request()}>
            {t('logout')}
          </button>
          {signOut.dialog}
        </div>
      </aside>
      <div className="admin-content">
        <header className="admin-header">
          <button
            type="button"
            className="admin-header__toggle"
            aria-label={t('toggleSidebar')}
            aria-controls="admin-sidebar"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            ☰
          </button>
          <h1>{t(`sections.${section}`, { defaultValue: t('title') })}</h1>
        </header>
        {/* A click on the page closes the narrow-screen sidebar; by keyboard the toggle button does. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <main className="admin-main" onClick={() => setOpen(false)}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
