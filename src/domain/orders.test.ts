import { describe, expect, it } from 'vitest';
import { addMonths, calendarGrid, CALENDAR_CELLS, dotsFor, groupByDate, orderStatus } from './orders';

describe('orderStatus (client.md §4)', () => {
  const today = '2024-06-28';
  it.each([
    [null, 'planned'],
    ['', 'planned'],
    ['not-a-date', 'planned'],
    ['2024-02-30', 'planned'],
    ['2024-06-27', 'done'],
    ['2023-12-31', 'done'],
    ['2024-06-28', 'inProgress'],
    ['2024-07-05', 'inProgress'],
    ['2024-07-06', 'planned'],
  ])('%s → %s', (date, status) => {
    expect(orderStatus(date, today)).toBe(status);
  });
});

describe('calendarGrid', () => {
  // One month starting on each weekday: Sun 2024-09, Mon 2024-07, Tue 2024-10,
  // Wed 2024-05, Thu 2024-02 (leap), Fri 2024-03, Sat 2024-06.
  it.each([
    [2024, 9, '2024-09-01'],
    [2024, 7, '2024-06-30'],
    [2024, 10, '2024-09-29'],
    [2024, 5, '2024-04-28'],
    [2024, 2, '2024-01-28'],
    [2024, 3, '2024-02-25'],
    [2024, 6, '2024-05-26'],
  ])('%i-%i has 42 cells from the Sunday on or before the 1st (%s)', (year, month, first) => {
    const cells = calendarGrid(year, month, '2000-01-01');
    expect(cells).toHaveLength(CALENDAR_CELLS);
    expect(cells[0].date).toBe(first);
    expect(new Date(`${cells[0].date}T00:00:00Z`).getUTCDay()).toBe(0);
    const inMonth = cells.filter((c) => c.inMonth);
    expect(inMonth[0].day).toBe(1);
    expect(inMonth.at(-1)!.day).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
    // Consecutive days, no gaps.
    for (let i = 1; i < cells.length; i++) expect(Date.parse(cells[i].date) - Date.parse(cells[i - 1].date)).toBe(86_400_000);
  });

  it('knows leap years', () => {
    expect(calendarGrid(2024, 2, '2000-01-01').filter((c) => c.inMonth)).toHaveLength(29);
    expect(calendarGrid(2023, 2, '2000-01-01').filter((c) => c.inMonth)).toHaveLength(28);
    expect(calendarGrid(2000, 2, '2000-01-01').filter((c) => c.inMonth)).toHaveLength(29);
    expect(calendarGrid(1900, 2, '2000-01-01').filter((c) => c.inMonth)).toHaveLength(28);
  });

  it('fits a 31-day month starting on Saturday (six weeks used)', () => {
    const cells = calendarGrid(2025, 3, '2000-01-01'); // March 2025 starts on Saturday
    expect(cells[6].date).toBe('2025-03-01');
    expect(cells[36]).toMatchObject({ date: '2025-03-31', inMonth: true });
    expect(cells[41]).toMatchObject({ date: '2025-04-05', inMonth: false });
  });

  it('marks today only once, also in a neighbouring month cell', () => {
    const cells = calendarGrid(2024, 6, '2024-07-02');
    expect(cells.filter((c) => c.isToday).map((c) => [c.date, c.inMonth])).toEqual([['2024-07-02', false]]);
  });

  it('can start weeks on Monday', () => {
    expect(calendarGrid(2024, 9, '2000-01-01', 1)[0].date).toBe('2024-08-26');
  });
});

describe('month navigation, grouping, dots', () => {
  it('moves across year boundaries', () => {
    expect(addMonths(2024, 12, 1)).toEqual({ year: 2025, month: 1 });
    expect(addMonths(2024, 1, -1)).toEqual({ year: 2023, month: 12 });
    expect(addMonths(2024, 5, -17)).toEqual({ year: 2022, month: 12 });
  });

  it('groups by date and leaves out projects without a valid date', () => {
    const g = groupByDate([
      { id: 1, observation_date: '2024-06-01' },
      { id: 2, observation_date: '2024-06-01T08:00:00Z' },
      { id: 3, observation_date: null },
      { id: 4, observation_date: 'soon' },
    ]);
    expect([...g.keys()]).toEqual(['2024-06-01']);
    expect(g.get('2024-06-01')!.map((p) => p.id)).toEqual([1, 2]);
  });

  it('shows at most 8 dots and counts the rest', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(dotsFor(ten)).toEqual({ shown: [0, 1, 2, 3, 4, 5, 6, 7], more: 2 });
    expect(dotsFor(ten.slice(0, 8))).toEqual({ shown: ten.slice(0, 8), more: 0 });
    expect(dotsFor([])).toEqual({ shown: [], more: 0 });
  });
});
