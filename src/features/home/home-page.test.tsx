// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../api/query-client';
import i18n from '../../i18n';
import { clearSession, saveSession } from '../../api/session';
import { HomePage } from './home-page';

// The home states of client.md §2/§4/§8 against a stubbed fetch. "Today" is
// pinned to 2024-06-15 (local time of the test runner).

const PROJECTS = [
  {
    project_id: 1,
    name: 'Avocado autumn',
    observation_date: '2024-06-12',
    products: ['tree_status'],
    crop_type: 'Avocado',
    plot_ids: [1],
    trend: { previous_project_id: 2, previous_observation_date: '2024-03-01', healthy_share: 0.925, previous_healthy_share: 0.9074, change_pp: 1.76 },
  },
  { project_id: 2, name: 'Avocado spring', observation_date: '2024-03-01', products: [], crop_type: 'Olive', plot_ids: [1], trend: null },
  { project_id: 3, name: '', observation_date: null, products: [], crop_type: null, plot_ids: [], trend: null },
];

let responses: (() => Response | Promise<Response>)[];
const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

function ViewProbe() {
  const loc = useLocation();
  return <pre data-testid="probe">{JSON.stringify({ path: loc.pathname, state: loc.state })}</pre>;
}
const renderHome = (path = '/home') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/home" element={<HomePage />} />
          <Route path="/view/:projectId/:date" element={<ViewProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 5, 15, 12, 0, 0));
  saveSession(
    {
      expiresAt: null,
      sessionId: 1,
      token: 't',
      user: {
        user_id: 1,
        email: 'g@x',
        role: 'user',
        client_id: 1,
        first_name: 'Gal',
        last_name: 'Levi',
        client_name: 'Galil Orchards',
        must_change_password: false,
      },
    },
    true,
  );
  responses = [];
  vi.stubGlobal(
    'fetch',
    // Home's open-task notice (issue 36) asks for the user's tasks: none, without taking a queued answer.
    vi.fn(async (url: RequestInfo | URL) => (String(url).includes('/api/tasks') ? ok({ tasks: [] }) : (responses.shift() ?? ok([])))()),
  );
});
afterEach(async () => {
  cleanup();
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('HomePage', () => {
  it('shows the loading view, then the welcome, stats, subtitle and cards', async () => {
    let release!: () => void;
    responses.push(() => new Promise((r) => (release = () => r(ok(PROJECTS)()))));
    renderHome();
    expect(screen.getByTestId('home-loading').textContent).toContain('Loading Projects');
    expect(screen.getByTestId('welcome').textContent).toBe('Welcome, Galil Orchards');
    await vi.waitFor(() => expect(release).toBeTypeOf('function')); // the call is sent once its token is known
    await act(async () => release());
    await screen.findAllByTestId('project-card');
    expect(screen.getByTestId('stat-total').textContent).toContain('3');
    expect(screen.getByTestId('stat-recent').textContent).toContain('1');
    expect(screen.getByTestId('stat-month').textContent).toContain('1');
    expect(screen.getByTestId('projects-subtitle').textContent).toBe('You have 3 projects');
    expect(screen.getByTestId('count-line').textContent).toBe('Showing 3 of 3 projects');
    const cards = screen.getAllByTestId('project-card');
    expect(cards.map((c) => c.querySelector('h3')!.textContent)).toEqual(['Avocado autumn', 'Avocado spring', '3']);
    expect(cards.map((c) => c.getAttribute('data-status'))).toEqual(['recent', 'older', 'incomplete']);
    // Services: products first, else crop type.
    expect(cards[0].textContent).toContain('Tree status');
    expect(cards[1].textContent).toContain('Aerial photography');
    // A card without a date: 'No data' instead of View.
    expect(cards[2].textContent).toContain('No data');
    expect(cards[2].querySelector('button')).toBeNull();
  });

  it('shows the real trend only where the server computed one', async () => {
    responses.push(ok(PROJECTS));
    renderHome();
    const trends = await screen.findAllByTestId('project-trend');
    expect(trends).toHaveLength(1);
    expect(trends[0].getAttribute('data-direction')).toBe('up');
    expect(trends[0].textContent).toContain('+1.8 pp');
    expect(trends[0].getAttribute('title')).toContain('92.5%');
  });

  it('searches, filters by status, and clears all filters from the empty state', async () => {
    responses.push(ok(PROJECTS));
    renderHome();
    await screen.findAllByTestId('project-card');
    fireEvent.change(screen.getByTestId('project-search'), { target: { value: 'AUTUMN' } });
    expect(screen.getAllByTestId('project-card')).toHaveLength(1);
    expect(screen.getByTestId('count-line').textContent).toBe('Showing 1 of 3 projects · matching "AUTUMN"');

    fireEvent.click(screen.getByTestId('filters-toggle'));
    fireEvent.click(screen.getByTestId('status-incomplete'));
    expect(screen.getByTestId('empty-filtered').textContent).toContain('No projects match your filters');
    expect(screen.getByTestId('count-line').textContent).toBe('Showing 0 of 3 projects · matching "AUTUMN" · status: Incomplete');

    fireEvent.click(screen.getByTestId('clear-filters'));
    expect(screen.getAllByTestId('project-card')).toHaveLength(3);
    expect((screen.getByTestId('project-search') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('status-all').getAttribute('aria-pressed')).toBe('true');
  });

  it('sorts by name and flips the direction', async () => {
    responses.push(ok(PROJECTS));
    renderHome('/home?sort=name&dir=asc');
    await screen.findAllByTestId('project-card');
    const names = () => screen.getAllByTestId('project-card').map((c) => c.querySelector('h3')!.textContent);
    expect(screen.getByTestId('filters-panel')).toBeTruthy(); // open because the URL carries a non-default sort
    expect(names()).toEqual(['3', 'Avocado autumn', 'Avocado spring']);
    fireEvent.click(screen.getByTestId('sort-dir'));
    expect(names()).toEqual(['Avocado spring', 'Avocado autumn', '3']);
    fireEvent.change(screen.getByTestId('sort-key'), { target: { value: 'date' } });
    expect(names()).toEqual(['Avocado autumn', 'Avocado spring', '3']); // newest first, no date = oldest
    fireEvent.click(screen.getByTestId('sort-dir'));
    expect(names()).toEqual(['3', 'Avocado spring', 'Avocado autumn']);
  });

  it('keeps two quick changes made before a re-render', async () => {
    responses.push(ok(PROJECTS));
    renderHome('/home?status=valid');
    await screen.findAllByTestId('project-card');
    act(() => {
      fireEvent.click(screen.getByTestId('status-all'));
      fireEvent.change(screen.getByTestId('sort-key'), { target: { value: 'name' } });
    });
    expect(screen.getAllByTestId('project-card')).toHaveLength(3);
    expect(screen.getByTestId('status-all').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('sort-key') as HTMLSelectElement).value).toBe('name');
  });

  it('opens a project with its route date and navigation state', async () => {
    responses.push(ok(PROJECTS));
    renderHome();
    const [first] = await screen.findAllByTestId('project-card');
    fireEvent.click(first.querySelector('button')!);
    expect(JSON.parse(screen.getByTestId('probe').textContent!)).toEqual({
      path: '/view/1/2024-06-12',
      state: { projectId: '1', observationDate: '2024-06-12', projectName: 'Avocado autumn' },
    });
  });

  it('shows the no-projects empty state', async () => {
    responses.push(ok([]));
    renderHome();
    expect((await screen.findByTestId('empty-none')).textContent).toContain(
      "No projects foundYou don't have any projects yet. Contact your administrator to get started.",
    );
    expect(screen.getByTestId('projects-subtitle').textContent).toBe('No projects yet');
    expect(screen.queryByTestId('project-search')).toBeNull();
  });

  it('shows the error view with the spec message and retries', async () => {
    responses.push(() => new Response('{}', { status: 403 }), ok(PROJECTS));
    renderHome();
    const err = await screen.findByTestId('home-error');
    expect(err.textContent).toContain('Something went wrong');
    expect(err.textContent).toContain('Failed to fetch user projects');
    expect(err.textContent).toContain('You are not authorized to perform this action.');
    fireEvent.click(screen.getByTestId('retry'));
    await waitFor(() => expect(screen.getAllByTestId('project-card')).toHaveLength(3));
  });

  it('speaks Hebrew', async () => {
    await i18n.changeLanguage('he');
    responses.push(ok(PROJECTS));
    renderHome();
    await screen.findAllByTestId('project-card');
    expect(screen.getByTestId('welcome').textContent).toBe('ברוך הבא, Galil Orchards');
    expect(screen.getByText('הפרויקטים שלך')).toBeTruthy();
    expect(screen.getByTestId('projects-subtitle').textContent).toBe('יש לך 3 פרויקטים');
    expect(screen.getByTestId('count-line').textContent).toBe('מוצגים 3 מתוך 3 פרויקטים');
    expect((screen.getByTestId('project-search') as HTMLInputElement).placeholder).toBe('חיפוש פרויקטים לפי שם או מזהה...');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
