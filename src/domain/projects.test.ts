import { describe, expect, it } from 'vitest';
import {
  applyQuery,
  DEFAULT_QUERY,
  displayName,
  latestResults,
  matchesSearch,
  matchesStatus,
  projectStats,
  projectStatus,
  routeDate,
  sortProjects,
  trendDirection,
  type ProjectSummary,
} from './projects';
import { dayNumber, daysBetween, localToday } from './projects-dates';

const p = (project_id: ProjectSummary['project_id'], name: string | null, observation_date: string | null): ProjectSummary => ({
  project_id,
  name,
  observation_date,
});

describe('calendar days', () => {
  it('parses real dates only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2024-02-29')).not.toBeNull();
    expect(dayNumber('2023-02-29')).toBeNull();
    expect(dayNumber('2024-13-01')).toBeNull();
    expect(dayNumber('not a date')).toBeNull();
    expect(dayNumber(null)).toBeNull();
    expect(dayNumber('2024-05-01T23:30:00Z')).toBe(dayNumber('2024-05-01'));
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
  });

  it("takes today's date in the user's time zone", () => {
    const instant = new Date('2024-03-31T22:30:00Z');
    expect(localToday(instant, 'UTC')).toBe('2024-03-31');
    expect(localToday(instant, 'Asia/Jerusalem')).toBe('2024-04-01');
    expect(localToday(instant, 'America/Los_Angeles')).toBe('2024-03-31');
    expect(localToday(new Date('2024-04-01T05:00:00Z'), 'Pacific/Honolulu')).toBe('2024-03-31');
  });
});

describe('projectStatus', () => {
  const today = '2024-06-15';
  it.each([
    ['2024-06-15', 'recent'],
    ['2024-06-08', 'recent'],
    ['2024-06-07', 'thisMonth'],
    ['2024-05-16', 'thisMonth'],
    ['2024-05-15', 'older'],
    ['2023-01-01', 'older'],
    ['2024-06-16', 'upcoming'],
    ['garbage', 'incomplete'],
  ])('%s → %s', (date, status) => {
    expect(projectStatus(p(1, 'x', date), today)).toBe(status);
  });

  it('is incomplete without an id or a date', () => {
    expect(projectStatus(p(null, 'x', '2024-06-15'), today)).toBe('incomplete');
    expect(projectStatus(p('  ', 'x', '2024-06-15'), today)).toBe('incomplete');
    expect(projectStatus(p(1, 'x', null), today)).toBe('incomplete');
    expect(projectStatus(p(1, 'x', ''), today)).toBe('incomplete');
    expect(projectStatus(p(0, 'x', '2024-06-15'), today)).toBe('recent');
  });

  it('follows the local day across a time-zone boundary', () => {
    // 2024-06-22 21:30 UTC is already the 23rd in Jerusalem: a survey of the 15th is 8 days old there.
    const instant = new Date('2024-06-22T21:30:00Z');
    expect(projectStatus(p(1, 'x', '2024-06-15'), localToday(instant, 'UTC'))).toBe('recent');
    expect(projectStatus(p(1, 'x', '2024-06-15'), localToday(instant, 'Asia/Jerusalem'))).toBe('thisMonth');
  });
});

describe('projectStats', () => {
  const list = [
    p(1, 'a', '2024-03-31'),
    p(2, 'b', '2024-04-01'),
    p(3, 'c', '2024-03-02'),
    p(4, 'd', '2024-03-01'),
    p(5, 'e', null),
    p(6, 'f', '2024-04-05'), // scheduled: counted in the total only
    p(null, 'g', '2024-04-01'),
  ];

  it('counts 30 days back and since the first of the month', () => {
    expect(projectStats(list, '2024-04-01')).toEqual({ total: 7, recent: 4, thisMonth: 2 });
  });

  it('on the last day of a month the month window covers the whole month', () => {
    expect(projectStats(list, '2024-03-31')).toEqual({ total: 7, recent: 3, thisMonth: 3 });
  });

  it('handles leap February and year boundaries', () => {
    const l = [p(1, 'a', '2024-02-29'), p(2, 'b', '2024-01-31'), p(3, 'c', '2023-12-31')];
    expect(projectStats(l, '2024-02-29')).toEqual({ total: 3, recent: 2, thisMonth: 1 });
    expect(projectStats(l, '2024-01-01')).toEqual({ total: 3, recent: 1, thisMonth: 0 });
  });

  it('uses the local date, so the same instant counts differently per time zone', () => {
    const instant = new Date('2024-03-31T22:30:00Z');
    expect(projectStats(list, localToday(instant, 'UTC')).thisMonth).toBe(3);
    expect(projectStats(list, localToday(instant, 'Asia/Jerusalem')).thisMonth).toBe(2);
  });
});

describe('search, status filter, sort', () => {
  const list = [
    p(12, 'Avocado North', '2024-01-10'),
    p(7, 'olive east', null),
    p(120, null, '2024-03-01'),
    p(null, 'Draft', '2024-02-01'),
    p(3, 'avocado south', '2024-03-01'),
  ];

  it('matches a case-insensitive substring of name or id', () => {
    expect(list.filter((x) => matchesSearch(x, 'AVOCADO')).map((x) => x.project_id)).toEqual([12, 3]);
    expect(list.filter((x) => matchesSearch(x, '12')).map((x) => x.project_id)).toEqual([12, 120]);
    expect(list.filter((x) => matchesSearch(x, '  ')).length).toBe(5);
    expect(list.filter((x) => matchesSearch(x, 'zzz')).length).toBe(0);
  });

  it('matches a crop in Hebrew or English and the survey plots’ names', () => {
    const olive = { ...p(30, 'Survey 30', '2026-01-01'), crop_type: 'Olive', plot_names: ['North block'] };
    const mixed = { ...p(31, 'Survey 31', '2026-01-01'), crop_type: 'Avocado, Date palm', plot_names: ['Hill'] };
    expect(matchesSearch(olive, 'זית')).toBe(true);
    expect(matchesSearch(olive, 'olive')).toBe(true);
    expect(matchesSearch(olive, 'north')).toBe(true);
    expect(matchesSearch(mixed, 'תמר')).toBe(true);
    expect(matchesSearch(mixed, 'אבוקדו')).toBe(true);
    expect(matchesSearch(mixed, 'זית')).toBe(false);
  });

  it('offers the newest survey with results of each plot group as "latest results"', () => {
    const s = (id: number, date: string, plots: number[], has_results: boolean) => ({ ...p(id, `S${id}`, date), plot_ids: plots, has_results });
    const all = [
      s(1, '2026-12-01', [1, 2], false),
      s(2, '2026-10-01', [2, 1], true),
      s(3, '2026-06-01', [1, 2], true),
      s(4, '2026-09-01', [3], true),
      s(5, '2027-01-01', [3], false),
    ];
    expect(latestResults(all).map((x) => x.project_id)).toEqual([2, 4]);
  });

  it('filters valid and incomplete', () => {
    expect(list.filter((x) => matchesStatus(x, 'valid')).map((x) => x.project_id)).toEqual([12, 120, 3]);
    expect(list.filter((x) => matchesStatus(x, 'incomplete')).map((x) => x.name)).toEqual(['olive east', 'Draft']);
    expect(list.filter((x) => matchesStatus(x, 'all')).length).toBe(5);
  });

  it('sorts by date with a missing date as the oldest, ties by name', () => {
    const desc = sortProjects(list, 'date', 'desc').map((x) => displayName(x));
    expect(desc).toEqual(['120', 'avocado south', 'Draft', 'Avocado North', 'olive east']);
    const asc = sortProjects(list, 'date', 'asc').map((x) => displayName(x));
    expect(asc).toEqual(['olive east', 'Avocado North', 'Draft', '120', 'avocado south']);
  });

  it('sorts by name case-insensitively and numerically, without mutating the input', () => {
    const before = list.map((x) => x.project_id);
    expect(sortProjects(list, 'name', 'asc').map(displayName)).toEqual(['120', 'Avocado North', 'avocado south', 'Draft', 'olive east']);
    expect(sortProjects(list, 'name', 'desc').map(displayName)).toEqual(['olive east', 'Draft', 'avocado south', 'Avocado North', '120']);
    expect(list.map((x) => x.project_id)).toEqual(before);
  });

  it('applies search, status and sort together', () => {
    expect(applyQuery(list, DEFAULT_QUERY).length).toBe(5);
    expect(applyQuery(list, { ...DEFAULT_QUERY, search: 'avo', status: 'valid', sortDir: 'asc' }).map((x) => x.project_id)).toEqual([12, 3]);
  });
});

describe('card texts and navigation', () => {
  it('names a project by name, else id, else nothing', () => {
    expect(displayName(p(1, 'A', null))).toBe('A');
    expect(displayName(p(1, '  ', null))).toBe('1');
    expect(displayName(p(null, null, null))).toBeNull();
  });

  it('builds the route date, falling back to the raw leading part', () => {
    expect(routeDate('2024-05-01')).toBe('2024-05-01');
    expect(routeDate('2024-05-01T23:30:00Z')).toBe('2024-05-01');
    expect(routeDate('2023-02-30')).toBe('2023-02-30');
    expect(routeDate('May 1, 2024')).toBe('2024-05-01');
    expect(routeDate('soon T later')).toBe('soon');
    expect(routeDate('pending')).toBe('pending');
  });

  it('classifies the healthy-share change', () => {
    expect(trendDirection(1.2)).toBe('up');
    expect(trendDirection(-0.3)).toBe('down');
    expect(trendDirection(0.04)).toBe('flat');
    expect(trendDirection(-0.049)).toBe('flat');
  });
});
