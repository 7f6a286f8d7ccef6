import { dayNumber } from './projects-dates';
import { cropSearchNames } from './crop-names';
import type { ProjectTrend } from './contracts/projects';

// Home-screen rules for a grower's project list (client.md §2 Home, §4, §5).
// Pure functions: "today" is passed in as a YYYY-MM-DD in the user's time zone
// (see localToday), so the same rules run in tests, the browser and Node.

/** Change in the share of healthy trees against the previous survey of the same plots (the wire shape: src/domain/contracts/projects.ts). */
export type { ProjectTrend } from './contracts/projects';

export interface ProjectSummary {
  project_id: number | string | null;
  name: string | null;
  observation_date: string | null;
  products?: (string | number)[] | null;
  services?: string[] | null;
  crop_type?: string | null;
  plot_ids?: number[];
  plot_names?: string[];
  has_results?: boolean;
  trend?: ProjectTrend | null;
}

export const RECENT_LABEL_DAYS = 7;
export const THIS_MONTH_LABEL_DAYS = 30;
export const RECENT_STATS_DAYS = 30;

/**
 * 'upcoming' is ours: the spec's labels only describe past surveys, and a
 * survey scheduled for next week is neither "Recent" nor "Older".
 */
export type ProjectStatus = 'recent' | 'thisMonth' | 'older' | 'upcoming' | 'incomplete';
export type StatusFilter = 'all' | 'valid' | 'incomplete';
export type SortKey = 'date' | 'name';
export type SortDir = 'asc' | 'desc';

const hasId = (p: ProjectSummary) => p.project_id !== null && p.project_id !== undefined && String(p.project_id).trim() !== '';
const hasDate = (p: ProjectSummary) => typeof p.observation_date === 'string' && p.observation_date.trim() !== '';

/** Valid = both project_id and observation_date present (§4). */
export function isValidProject(p: ProjectSummary): boolean {
  return hasId(p) && hasDate(p);
}

export function projectStatus(p: ProjectSummary, today: string): ProjectStatus {
  if (!isValidProject(p)) return 'incomplete';
  const d = dayNumber(p.observation_date);
  const t = dayNumber(today);
  if (d === null || t === null) return 'incomplete';
  const age = t - d;
  if (age < 0) return 'upcoming';
  if (age <= RECENT_LABEL_DAYS) return 'recent';
  if (age <= THIS_MONTH_LABEL_DAYS) return 'thisMonth';
  return 'older';
}

export interface ProjectStats {
  total: number;
  /** Surveys dated within the last 30 days (today included). */
  recent: number;
  /** Surveys dated from the first of the current month up to today. */
  thisMonth: number;
}

export function projectStats(projects: ProjectSummary[], today: string): ProjectStats {
  const t = dayNumber(today);
  const stats: ProjectStats = { total: projects.length, recent: 0, thisMonth: 0 };
  if (t === null) return stats;
  const firstOfMonth = dayNumber(`${today.slice(0, 7)}-01`)!;
  for (const p of projects) {
    const d = dayNumber(p.observation_date);
    if (d === null || d > t) continue;
    if (t - d <= RECENT_STATS_DAYS) stats.recent++;
    if (d >= firstOfMonth) stats.thisMonth++;
  }
  return stats;
}

/** Name, or project_id, or null (the screen shows 'Unnamed Project'). */
export function displayName(p: ProjectSummary): string | null {
  if (p.name && p.name.trim()) return p.name;
  if (hasId(p)) return String(p.project_id);
  return null;
}

/**
 * Case-insensitive substring of the name or the project_id (§5), and beyond the spec: of a crop of the survey
 * in Hebrew or English ("זית" finds the olive surveys) or of one of its plots' names.
 */
export function matchesSearch(p: ProjectSummary, term: string): boolean {
  const q = term.trim().toLocaleLowerCase();
  if (!q) return true;
  const crops = (p.crop_type ?? '').split(',').flatMap((c) => cropSearchNames(c));
  return [p.name ?? '', hasId(p) ? String(p.project_id) : '', ...crops, ...(p.plot_names ?? [])].some((text) => text.toLocaleLowerCase().includes(q));
}

/**
 * The home's "Latest results" row: per group of plots (the same plot set), the newest survey that has results,
 * newest first. The list below keeps client.md's date sort, where scheduled surveys come first.
 */
export function latestResults<T extends ProjectSummary>(projects: T[], max = 6): T[] {
  const best = new Map<string, T>();
  for (const p of projects) {
    if (!p.has_results || !isValidProject(p)) continue;
    const key = [...(p.plot_ids ?? [])].sort((a, b) => a - b).join(',') || `survey:${p.project_id}`;
    const cur = best.get(key);
    if (!cur || (dayNumber(p.observation_date) ?? -Infinity) > (dayNumber(cur.observation_date) ?? -Infinity)) best.set(key, p);
  }
  return sortProjects([...best.values()], 'date', 'desc').slice(0, max);
}

export function matchesStatus(p: ProjectSummary, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  return filter === 'valid' ? isValidProject(p) : !isValidProject(p);
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Sorted copy. A missing or invalid date counts as the oldest; ties keep a stable order by name. */
export function sortProjects<T extends ProjectSummary>(projects: T[], key: SortKey, dir: SortDir): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byName = (a: T, b: T) => collator.compare(displayName(a) ?? '', displayName(b) ?? '');
  return projects
    .map((p, i) => ({ p, i }))
    .sort((x, y) => {
      let c: number;
      if (key === 'date') {
        const a = dayNumber(x.p.observation_date) ?? Number.NEGATIVE_INFINITY;
        const b = dayNumber(y.p.observation_date) ?? Number.NEGATIVE_INFINITY;
        c = a === b ? 0 : a < b ? -1 : 1;
        if (c === 0) return byName(x.p, y.p) || x.i - y.i;
      } else {
        c = byName(x.p, y.p);
        if (c === 0) return x.i - y.i;
      }
      return sign * c;
    })
    .map((x) => x.p);
}

export interface ListQuery {
  search: string;
  status: StatusFilter;
  sortKey: SortKey;
  sortDir: SortDir;
}

export const DEFAULT_QUERY: ListQuery = { search: '', status: 'all', sortKey: 'date', sortDir: 'desc' };

export function applyQuery<T extends ProjectSummary>(projects: T[], q: ListQuery): T[] {
  return sortProjects(
    projects.filter((p) => matchesSearch(p, q.search) && matchesStatus(p, q.status)),
    q.sortKey,
    q.sortDir,
  );
}

/**
 * The date segment of /view/{projectId}/{date}: YYYY-MM-DD, or — when the
 * text is not a valid date — its raw leading part (before any 'T' or space).
 */
export function routeDate(observationDate: string): string {
  const text = observationDate.trim();
  if (dayNumber(text) !== null) return text.slice(0, 10);
  const parsed = new Date(text);
  // Other date texts the server might send ("May 1, 2024"); an impossible
  // ISO day like 2023-02-30 must not roll over into March.
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(parsed.getTime()) && /\d{4}/.test(text)) {
    const y = parsed.getFullYear();
    const m = String(parsed.getMonth() + 1).padStart(2, '0');
    const d = String(parsed.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return text.split(/[T\s]/)[0];
}

export type TrendDirection = 'up' | 'down' | 'flat';

/** Flat when the change rounds to 0.0 percentage points. */
export function trendDirection(changePp: number): TrendDirection {
  if (Math.abs(changePp) < 0.05) return 'flat';
  return changePp > 0 ? 'up' : 'down';
}
