// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../api/query-client';
import i18n from '../../../i18n';
import { clearSession, saveSession } from '../../../api/session';
import DashboardPage from './dashboard-page';

// Each dashboard part loads and fails on its own (issue 15 §4); entries read
// in the admin's language; icons are SVG, never emoji.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let failActivity = true;
let production = false;
beforeEach(async () => {
  saveSession(
    { expiresAt: null, sessionId: 1, token: 't', user: { user_id: 1, email: 'admin@demo.farm', role: 'admin', client_id: null, first_name: 'Ada' } as never },
    true,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = String(url);
      if (u.includes('/admin/users')) return json({ success: true, users: [{ user_id: 1 }, { user_id: 2 }, { user_id: 3 }] });
      if (u.includes('/admin/projects')) return json({ success: true, projects: [{ project_id: 1, observation_date: '2999-01-01' }] });
      if (u.includes('/admin/clients'))
        return json({
          success: true,
          clients: [
            { client_id: 1, plot_count: 4 },
            { client_id: 2, plot_count: 3 },
          ],
        });
      if (u.includes('/admin/activity')) {
        return failActivity
          ? json({ success: false, message: 'boom' }, 500)
          : json({
              success: true,
              activity: [
                {
                  audit_id: 1,
                  user_email: 'admin@demo.farm',
                  action: 'create',
                  entity: 'client',
                  entity_id: '9',
                  summary: 'Created client "Hula Valley"',
                  subject: 'Hula Valley',
                  created_at: '2026-11-01T10:00:00Z',
                },
                {
                  audit_id: 2,
                  user_email: 'admin@demo.farm',
                  action: 'delete',
                  entity: 'tree',
                  entity_id: '5',
                  summary: 'Deleted tree row 3, tree 4',
                  subject: null,
                  created_at: '2026-11-01T09:00:00Z',
                },
              ],
            });
      }
      if (u.includes('/health')) return json({ success: true, backend: 'online', database: 'connected', dataSource: 'embedded', production, pingMs: 1 });
      return json({}, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  failActivity = true;
  production = false;
});

// The app's query client, without the backoff: the failing activity (a 500) would retry for 7 s.
const renderPage = () => {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('admin dashboard', () => {
  it('keeps the stat cards when the activity list fails, and offers a retry for that part only', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('stat-users').textContent).toContain('3'));
    expect(screen.getByTestId('stat-clients').textContent).toContain('2');
    expect(screen.getByTestId('stat-plots').textContent).toContain('7');
    expect(screen.getByTestId('stat-active-projects').textContent).toContain('1');
    await waitFor(() => expect(screen.getByTestId('activity-error').textContent).toContain('Could not load this part.'));
    expect(screen.queryByTestId('dashboard-error')).toBeNull();
  });

  it('words the recent activity in Hebrew from the subject, falling back to the English summary', async () => {
    failActivity = false;
    await i18n.changeLanguage('he');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('recent-activity').textContent).toContain('לקוח „Hula Valley”'));
    expect(screen.getByTestId('recent-activity').textContent).toContain('Deleted tree row 3, tree 4'); // an entry from before subjects
  });

  it('draws its icons as SVG: no emoji anywhere on the page', async () => {
    await i18n.changeLanguage('en');
    const { container } = renderPage();
    await waitFor(() => expect(screen.getByTestId('stat-users').textContent).toContain('3'));
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(container.querySelectorAll('.stat-card__icon svg').length).toBeGreaterThanOrEqual(7);
  });

  it('says "Data Source: Production Database" on a production deployment (admin.md), the engine elsewhere', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    await waitFor(() => expect(screen.getByTestId('sys-source').textContent).toContain('Embedded database (PGlite)'));
    cleanup();
    production = true;
    renderPage();
    await waitFor(() => expect(screen.getByTestId('sys-source').textContent).toContain('Production Database'));
  });
});
