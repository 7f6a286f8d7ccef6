import { dayNumber, isoFromDayNumber } from './projects-dates';

// Orders calendar rules (client.md §2 Orders, §4, §9). Pure: "today" is a
// YYYY-MM-DD in the user's time zone (localToday).

export const CALENDAR_CELLS = 42;
export const MAX_DOTS_PER_DAY = 8;
export const IN_PROGRESS_DAYS = 7;

export type OrderStatus = 'planned' | 'inProgress' | 'done';
export const ORDER_STATUSES: OrderStatus[] = ['planned', 'inProgress', 'done'];

/**
 * No or invalid date → planned; past → done; 0–7 days ahead → inProgress;
 * later → planned. Whole calendar days: the spec's "rounded up" fraction of
 * a day is exactly the calendar-day difference when counted from the
 * current moment to the survey day's midnight.
 */
export function orderStatus(observationDate: string | null | undefined, today: string): OrderStatus {
  const d = dayNumber(observationDate);
  const t = dayNumber(today);
  if (d === null || t === null) return 'planned';
  const ahead = d - t;
  if (ahead < 0) return 'done';
  if (ahead <= IN_PROGRESS_DAYS) return 'inProgress';
  return 'planned';
}

export interface CalendarCell {
  date: string; // YYYY-MM-DD
  day: number; // day of month
  inMonth: boolean;
  isToday: boolean;
}

/**
 * The 6 × 7 grid shown for a month (month 1–12), weeks starting on Sunday as
 * on Israeli calendars: the first cell is the Sunday on or before the 1st.
 */
export function calendarGrid(year: number, month: number, today: string, weekStartsOn = 0): CalendarCell[] {
  const first = Math.round(Date.UTC(year, month - 1, 1) / 86_400_000);
  const weekday = new Date(first * 86_400_000).getUTCDay();
  const start = first - ((weekday - weekStartsOn + 7) % 7);
  const t = dayNumber(today);
  const cells: CalendarCell[] = [];
  for (let i = 0; i < CALENDAR_CELLS; i++) {
    const n = start + i;
    const date = isoFromDayNumber(n);
    cells.push({
      date,
      day: Number(date.slice(8, 10)),
      inMonth: Number(date.slice(0, 4)) === year && Number(date.slice(5, 7)) === month,
      isToday: n === t,
    });
  }
  return cells;
}

/** Moves a (year, month) by `delta` months. */
export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  const idx = year * 12 + (month - 1) + delta;
  return { year: Math.floor(idx / 12), month: (((idx % 12) + 12) % 12) + 1 };
}

/** Projects by their YYYY-MM-DD observation date; projects without a valid date are left out. */
export function groupByDate<T extends { observation_date: string | null }>(projects: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const p of projects) {
    const d = dayNumber(p.observation_date);
    if (d === null) continue;
    const key = isoFromDayNumber(d);
    const list = out.get(key);
    if (list) list.push(p);
    else out.set(key, [p]);
  }
  return out;
}

/** The dots a cell shows and how many more are behind the '+' marker. */
export function dotsFor<T>(projects: T[], max = MAX_DOTS_PER_DAY): { shown: T[]; more: number } {
  return { shown: projects.slice(0, max), more: Math.max(0, projects.length - max) };
}
