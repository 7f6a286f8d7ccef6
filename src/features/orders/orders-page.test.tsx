// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../api/query-client';
import i18n from '../../i18n';
import { OrdersPage } from './orders-page';

// Orders states (client.md §2, §4, §8) with "today" pinned to 2024-06-15.

const many = Array.from({ length: 10 }, (_, i) => ({ project_id: 100 + i, name: `Block ${i + 1}`, observation_date: '2024-06-27', products: [] }));
const PROJECTS = [
  { project_id: 1, name: 'Flown', observation_date: '2024-06-10', products: [] },
  { project_id: 2, name: 'Next week', observation_date: '2024-06-20', products: [] },
  { project_id: 3, name: 'Undated', observation_date: null, products: [] },
  ...many,
];

let reply: () => Promise<Response>;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 5, 15, 9, 0, 0));
  vi.stubGlobal(
    'fetch',
    vi.fn(() => reply()),
  );
  await i18n.changeLanguage('he');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderOrders = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
const cell = (date: string) => document.querySelector(`[data-testid=calendar-cell][data-date="${date}"]`) as HTMLElement;

describe('OrdersPage', () => {
  it('shows the Hebrew loading text, month, weekday letters and 42 cells', async () => {
    let release!: () => void;
    reply = () => new Promise((r) => (release = () => r(new Response(JSON.stringify(PROJECTS)))));
    renderOrders();
    expect(screen.getByTestId('orders-loading').textContent).toBe('טוען פרויקטים...');
    await vi.waitFor(() => expect(release).toBeTypeOf('function')); // the call is sent once its token is known
    await act(async () => release());
    expect((await screen.findByTestId('calendar-month')).textContent).toBe('יוני 2024');
    expect(screen.getAllByTestId('calendar-cell')).toHaveLength(42);
    expect([...document.querySelectorAll('.orders-cal__weekday')].map((e) => e.textContent).join(' ')).toBe('א׳ ב׳ ג׳ ד׳ ה׳ ו׳ ש׳');
    expect(cell('2024-06-15').className).toContain('is-today');
    expect(cell('2024-05-26').className).toContain('is-other-month');
    expect(screen.getByTestId('orders-legend').textContent).toBe('טרם בוצעבהכנהבוצע');
  });

  it('colours dots by status, caps a day at 8 dots and counts the rest', async () => {
    reply = async () => new Response(JSON.stringify(PROJECTS));
    renderOrders();
    await screen.findByTestId('orders-calendar');
    expect(cell('2024-06-10').querySelector('.orders-dot--done')).toBeTruthy();
    expect(cell('2024-06-20').querySelector('.orders-dot--inProgress')).toBeTruthy();
    const busy = cell('2024-06-27');
    expect(busy.querySelectorAll('[data-testid=calendar-dot]')).toHaveLength(8);
    expect(busy.querySelectorAll('.orders-dot--planned')).toHaveLength(8);
    const more = busy.querySelector('[data-testid=calendar-more]')!;
    expect(more.textContent).toBe('+2');
    expect(more.getAttribute('title')).toBe('עוד 2 פרויקטים');
  });

  it('lists the selected date and all projects', async () => {
    reply = async () => new Response(JSON.stringify(PROJECTS));
    renderOrders();
    await screen.findByTestId('orders-calendar');
    expect(screen.getByTestId('selected-title').textContent).toBe('פרויקטים לתאריך 15 ביוני 2024');
    expect(screen.getByTestId('selected-empty').textContent).toBe('אין פרויקטים בתאריך זה.');
    fireEvent.click(cell('2024-06-27'));
    expect(screen.getByTestId('selected-list').querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByText('רשימת פרויקטים')).toBeTruthy();
    const all = screen.getByTestId('all-list');
    expect(all.querySelectorAll('li')).toHaveLength(13);
    // A flown survey links to its map; planned ones do not.
    expect(all.querySelector('a')!.getAttribute('href')).toBe('/view/1/2024-06-10');
    expect(all.querySelectorAll('a')).toHaveLength(1);
  });

  it('moves between months, also across the year', async () => {
    reply = async () => new Response('[]');
    renderOrders();
    await screen.findByTestId('orders-calendar');
    for (let i = 0; i < 7; i++) fireEvent.click(screen.getByTestId('next-month'));
    expect(screen.getByTestId('calendar-month').textContent).toBe('ינואר 2025');
    fireEvent.click(screen.getByTestId('prev-month'));
    expect(screen.getByTestId('calendar-month').textContent).toBe('דצמבר 2024');
  });

  it('logs a failed fetch and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reply = async () => new Response('{}', { status: 403 });
    renderOrders();
    expect((await screen.findByTestId('orders-empty')).textContent).toBe('אין פרויקטים זמיניםלא נמצאו פרויקטים להצגה. אנא בדוק שוב מאוחר יותר.');
    expect(log).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('calendar-cell')).toHaveLength(42);
  });

  it('speaks English too', async () => {
    await i18n.changeLanguage('en');
    reply = async () => new Response(JSON.stringify(PROJECTS));
    renderOrders();
    await screen.findByTestId('orders-calendar');
    expect(screen.getByTestId('calendar-month').textContent).toBe('June 2024');
    expect(screen.getByTestId('selected-title').textContent).toBe('Projects for 15 Jun 2024');
    expect(cell('2024-06-27').querySelector('[data-testid=calendar-more]')!.getAttribute('title')).toBe('2 more projects');
  });
});
