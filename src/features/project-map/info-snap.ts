// The info panel's heights (client.md §2, §9: between 100 px and 80% of the window, initial 150 px) and, on a
// phone, its bottom sheet's snap points (issue 35): peek is the 100 px minimum, full the 80% maximum, half between.
export const INFO_MIN = 100;
export const INFO_INITIAL = 150;
export const INFO_MAX_SHARE = 0.8;

export function clampInfoHeight(h: number, windowHeight: number): number {
  return Math.round(Math.min(Math.max(h, INFO_MIN), Math.max(INFO_MIN, windowHeight * INFO_MAX_SHARE)));
}

const SNAP_NAMES = ['peek', 'half', 'full'] as const;
export type SnapName = (typeof SNAP_NAMES)[number];

/** The snap heights for a window, each within client.md's limits (on a short window they may coincide). */
export function snapHeights(windowHeight: number): Record<SnapName, number> {
  return {
    peek: clampInfoHeight(INFO_MIN, windowHeight),
    half: clampInfoHeight(windowHeight * 0.5, windowHeight),
    full: clampInfoHeight(windowHeight * INFO_MAX_SHARE, windowHeight),
  };
}

/** The snap point nearest a height (a drag let go settles there). */
export function nearestSnap(h: number, windowHeight: number): SnapName {
  const s = snapHeights(windowHeight);
  return SNAP_NAMES.reduce((best, n) => (Math.abs(s[n] - h) < Math.abs(s[best] - h) ? n : best), 'peek' as SnapName);
}

/**
 * The next snap point above (dir 1) or below (dir −1) a height; at the end it stays, or with `wrap` a step up
 * from full goes back to peek (a tap on the handle cycles).
 */
export function nextSnap(h: number, windowHeight: number, dir: 1 | -1, wrap = false): SnapName {
  const s = snapHeights(windowHeight);
  const order = dir === 1 ? SNAP_NAMES : [...SNAP_NAMES].reverse();
  const next = order.find((n) => (dir === 1 ? s[n] > h : s[n] < h));
  return next ?? (wrap ? order[0] : order[order.length - 1]);
}

/** The snap point a height sits on, or null between them. */
export function snapNameOf(h: number, windowHeight: number): SnapName | null {
  const s = snapHeights(windowHeight);
  return SNAP_NAMES.find((n) => s[n] === h) ?? null;
}
