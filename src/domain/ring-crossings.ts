// Where a polygon's rings cross or touch themselves or each other (admin.md §5: no self-intersection): the
// plane geometry of geometry-validation.ts's check, which words what it finds.
import type { Position } from 'geojson';

export interface Seg {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  ring: number;
  idx: number;
  n: number;
}

/**
 * The first two edges of a polygon's rings found to cross or touch other than where consecutive edges of the
 * same ring share a corner (or fold back over each other there), or null. Sweep over x (sorted by
 * minimum x) so a plot with thousands of vertices is still checked quickly.
 */
export function firstCrossing(rings: Position[][]): [Seg, Seg] | null {
  const segs: Seg[] = [];
  rings.forEach((raw, ri) => {
    // A repeated position is harmless: drop it so its neighbours count as adjacent edges.
    const r = raw.filter((p, i) => i === 0 || p[0] !== raw[i - 1][0] || p[1] !== raw[i - 1][1]);
    const n = r.length - 1;
    for (let i = 0; i < n; i++) {
      const [ax, ay] = r[i],
        [bx, by] = r[i + 1];
      segs.push({ ax, ay, bx, by, ring: ri, idx: i, n });
    }
  });
  segs.sort((s, t) => Math.min(s.ax, s.bx) - Math.min(t.ax, t.bx));
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const maxX = Math.max(s.ax, s.bx);
    for (let j = i + 1; j < segs.length && Math.min(segs[j].ax, segs[j].bx) <= maxX; j++) {
      const t = segs[j];
      if (Math.max(s.ay, s.by) < Math.min(t.ay, t.by) || Math.max(t.ay, t.by) < Math.min(s.ay, s.by)) continue;
      if (s.ring === t.ring && adjacent(s, t)) {
        if (collinearOverlap(s, t)) return [s, t];
        continue;
      }
      if (intersects(s, t)) return [s, t];
    }
  }
  return null;
}

function adjacent(s: Seg, t: Seg): boolean {
  const d = Math.abs(s.idx - t.idx);
  return d === 1 || d === s.n - 1;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSeg(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

function intersects(s: Seg, t: Seg): boolean {
  const o1 = orient(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const o2 = orient(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  const o3 = orient(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const o4 = orient(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSeg(s.ax, s.ay, s.bx, s.by, t.ax, t.ay)) ||
    (o2 === 0 && onSeg(s.ax, s.ay, s.bx, s.by, t.bx, t.by)) ||
    (o3 === 0 && onSeg(t.ax, t.ay, t.bx, t.by, s.ax, s.ay)) ||
    (o4 === 0 && onSeg(t.ax, t.ay, t.bx, t.by, s.bx, s.by))
  );
}

/** Consecutive edges share one corner; they are only invalid when they fold back over each other. */
function collinearOverlap(s: Seg, t: Seg): boolean {
  if (orient(s.ax, s.ay, s.bx, s.by, t.ax, t.ay) !== 0 || orient(s.ax, s.ay, s.bx, s.by, t.bx, t.by) !== 0) return false;
  // Collinear: overlapping if the dot product of directions from the shared corner is positive.
  const shared = s.bx === t.ax && s.by === t.ay ? [s.bx, s.by, s.ax, s.ay, t.bx, t.by] : [s.ax, s.ay, s.bx, s.by, t.ax, t.ay];
  const [cx, cy, px, py, qx, qy] = shared;
  return (px - cx) * (qx - cx) + (py - cy) * (qy - cy) > 0;
}
