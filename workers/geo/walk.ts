// Walking to a tree in the rows (issue 36 "My tasks"; shared with the phone issue's "walk to this tree"):
// distance and bearing from the phone's position, when the walker has arrived, and the order in which to visit
// a task's trees. Pure (no DOM): the app, the worker and tests in Node use the same rules.
import { EARTH_RADIUS, lengthMeters } from './geodesy';
import { nearestTree, worldSize } from './tree-raster';

export type LonLat = readonly [lon: number, lat: number];

/** Great-circle distance in metres (haversine on turf's sphere, geodesy.ts). */
export function distanceMeters(a: LonLat, b: LonLat): number {
  return lengthMeters([
    [a[0], a[1]],
    [b[0], b[1]],
  ]);
}

const rad = (d: number) => (d * Math.PI) / 180;

/** Initial bearing from a to b in degrees clockwise from north, 0 ≤ bearing < 360. */
export function bearingDegrees(a: LonLat, b: LonLat): number {
  const [f1, f2, dl] = [rad(a[1]), rad(b[1]), rad(b[0] - a[0])];
  const y = Math.sin(dl) * Math.cos(f2);
  const x = Math.cos(f1) * Math.sin(f2) - Math.sin(f1) * Math.cos(f2) * Math.cos(dl);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** The eight compass points, for words beside the arrow ("north-east"). */
export const COMPASS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;
/** How far the arrow turns (degrees clockwise, 0–360) for a bearing seen by a walker facing `facing` (null: north-up). */
export const turnDegrees = (bearing: number, facing: number | null) => (((bearing - (facing ?? 0)) % 360) + 360) % 360;

export const compassPoint = (bearing: number) => COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8];

/** Arrived within this many metres of the tree … */
export const ARRIVAL_METRES = 4;
/** … or within the fix's accuracy, but never trusting a fix worse than this. */
export const ARRIVAL_MAX_METRES = 15;

/**
 * Whether the walker is at the tree: within ARRIVAL_METRES, or within the GPS fix's own accuracy radius capped at
 * ARRIVAL_MAX_METRES (trees in a row stand 3–5 m apart; a 30 m fix cannot tell them apart, so it never arrives).
 */
export function hasArrived(distance: number, accuracy: number | null): boolean {
  const radius = Math.min(Math.max(ARRIVAL_METRES, accuracy ?? 0), ARRIVAL_MAX_METRES);
  return distance <= radius && (accuracy ?? 0) <= ARRIVAL_MAX_METRES;
}

export interface WalkTree {
  id: number;
  lon: number;
  lat: number;
}

/**
 * The order to visit the unvisited trees from `from`: each next tree is the nearest one still to visit (greedy
 * nearest neighbour; for trees in rows this walks along a row before crossing to the next). Without a position
 * the list's own order is kept. Returns indices into `trees`.
 */
export function visitOrder(trees: readonly WalkTree[], visited: ReadonlySet<number>, from: LonLat | null): number[] {
  const left = trees.map((_, i) => i).filter((i) => !visited.has(trees[i].id));
  if (!from) return left;
  const out: number[] = [];
  let at: LonLat = from;
  // O(n²) over unvisited trees; a task holds at most 10,000 and the phone asks for the next few only (nextTrees).
  while (left.length) {
    let best = 0,
      bestD = Infinity;
    for (let k = 0; k < left.length; k++) {
      const t = trees[left[k]];
      const d = distanceMeters(at, [t.lon, t.lat]);
      if (d < bestD) [best, bestD] = [k, d];
    }
    const i = left.splice(best, 1)[0];
    out.push(i);
    at = [trees[i].lon, trees[i].lat];
  }
  return out;
}

/** The next `n` trees of visitOrder (the walk-to screen shows the next one and what follows). */
export function nextTrees(trees: readonly WalkTree[], visited: ReadonlySet<number>, from: LonLat | null, n = 1): number[] {
  if (n >= trees.length || !from) return visitOrder(trees, visited, from).slice(0, n);
  const out: number[] = [];
  const seen = new Set(visited);
  let at: LonLat = from;
  for (let k = 0; k < n; k++) {
    let best = -1,
      bestD = Infinity;
    for (let i = 0; i < trees.length; i++) {
      if (seen.has(trees[i].id)) continue;
      const d = distanceMeters(at, [trees[i].lon, trees[i].lat]);
      if (d < bestD) [best, bestD] = [i, d];
    }
    if (best < 0) break;
    out.push(best);
    seen.add(trees[best].id);
    at = [trees[best].lon, trees[best].lat];
  }
  return out;
}

/** Distance from `from` to the nearest tree not visited yet (how far a task is: "My tasks" sorts by it); Infinity when none. */
export function nearestUnvisitedMeters(trees: readonly WalkTree[], visited: ReadonlySet<number>, from: LonLat): number {
  let best = Infinity;
  for (const t of trees) if (!visited.has(t.id)) best = Math.min(best, distanceMeters(from, [t.lon, t.lat]));
  return best;
}

/** "Which tree am I at?" (issue 35) answers only within this many metres of a tree. */
export const NEAREST_TREE_MAX_METRES = 50;

/**
 * The tree nearest to `at` within `maxMetres`, with its distance, or null: tree-raster.ts's nearestTree (the
 * tap search, a linear scan) at the zoom where `maxMetres` is 1,000 px, so there is one nearest-tree search.
 */
export function nearestTreeWithin(
  positions: Float64Array,
  count: number,
  at: LonLat,
  maxMetres = NEAREST_TREE_MAX_METRES,
): { index: number; distance: number } | null {
  const px = 1000;
  const metresPerWorld = 2 * Math.PI * EARTH_RADIUS * Math.cos((at[1] * Math.PI) / 180);
  const zoom = Math.log2((metresPerWorld * px) / (maxMetres * worldSize(0)));
  const index = nearestTree(positions, count, at[0], at[1], zoom, px);
  if (index < 0) return null;
  const distance = distanceMeters(at, [positions[2 * index], positions[2 * index + 1]]);
  return distance <= maxMetres ? { index, distance } : null;
}

/** "Next tree" (issue 35): in the list's order, or the nearest from where the walker stands. */
export type WalkOrder = 'list' | 'distance';

/**
 * The tree to walk to after `current` (an index into `trees`, -1: none yet): in the list's order the first one
 * after it not visited yet (wrapping round to the list's start), or by distance the nearest one not visited from
 * `from` (the walker's position; without a fix, from the current tree). An index into `trees`, -1 when every tree
 * is visited.
 */
export function nextTarget(trees: readonly WalkTree[], visited: ReadonlySet<number>, current: number, order: WalkOrder, from: LonLat | null): number {
  const n = trees.length;
  const open = (i: number) => i !== current && !visited.has(trees[i].id);
  if (order === 'list') {
    for (let k = 1; k <= n; k++) {
      const i = ((((current < 0 ? -1 : current) + k) % n) + n) % n;
      if (open(i)) return i;
    }
    return -1;
  }
  const at: LonLat | null = from ?? (current >= 0 ? [trees[current].lon, trees[current].lat] : null);
  // The one nearest-first scan (nextTrees), the current tree skipped like a visited one.
  const skip = current >= 0 ? new Set([...visited, trees[current].id]) : visited;
  return nextTrees(trees, skip, at, 1)[0] ?? -1;
}
