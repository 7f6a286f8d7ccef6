// What leaves the device when room is needed (issue 35, README "Surveys on this device"): the least recently
// used first, never a pinned one, never the one being kept. One rule for the kept surveys (their budget) and
// the basemap tiles the service worker keeps (src/sw/basemap-cache.ts). Pure: tested over a fake store.

export interface Evictable<K> {
  key: K;
  bytes: number;
  /** When it was last opened (a survey) or drawn (a tile), ms. */
  usedAt: number;
  /** "Keep offline": never evicted. */
  pinned?: boolean;
}

export interface EvictionPlan<T> {
  /** What to remove, least recently used first. */
  evict: T[];
  /** Whether everything left (with `incoming`) fits the budget once those are removed. */
  fits: boolean;
  /** Bytes used after the removals, without `incoming`. */
  usedAfter: number;
}

/**
 * The items to remove so that `incoming` more bytes fit within `budget`. `keep` names an item that stays
 * whatever its age (the survey being opened, whose own new size is `incoming`: its old bytes are not counted).
 */
export function evictionPlan<K, T extends Evictable<K>>(items: readonly T[], budget: number, incoming = 0, keep?: K): EvictionPlan<T> {
  const others = items.filter((i) => i.key !== keep);
  let used = others.reduce((s, i) => s + i.bytes, 0);
  const evict: T[] = [];
  const candidates = others.filter((i) => !i.pinned).sort((a, b) => a.usedAt - b.usedAt);
  for (const c of candidates) {
    if (used + incoming <= budget) break;
    evict.push(c);
    used -= c.bytes;
  }
  return { evict, fits: used + incoming <= budget, usedAfter: used };
}

/** Decimal units, as phones show their storage. */
export const GB = 1e9;
export const MB = 1e6;
/** Default budget of kept surveys: 1 GB or 60% of what the browser allows the site, whichever is smaller. */
export const SURVEY_BUDGET_MAX = GB;
export const SURVEY_BUDGET_SHARE = 0.6;
/** The basemap tiles a user has seen, kept by the service worker. */
export const BASEMAP_BUDGET = 100 * MB;

/** The budget of kept surveys from navigator.storage.estimate()'s quota (unknown quota: the 1 GB default). */
export function surveyBudget(quota: number | undefined): number {
  if (!quota || !Number.isFinite(quota) || quota <= 0) return SURVEY_BUDGET_MAX;
  return Math.floor(Math.min(SURVEY_BUDGET_MAX, quota * SURVEY_BUDGET_SHARE));
}
