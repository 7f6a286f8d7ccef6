import MapboxDraw, { type DrawEvent, type DrawFeature, type DrawMode, type ModeContext } from '@mapbox/mapbox-gl-draw';
import type { Position } from 'geojson';
import { areaHectares, lengthMeters } from '../../domain/geometry-validation';
import { DRAW } from './constants';
import type { DrawBehaviours } from './bridge';
import { snapPoint } from './snap';

// Custom mapbox-gl-draw modes for the admin map (admin.md §9 + issue 7):
// drawing snaps to existing plots (12 px), finishes when clicking within
// 12 px of the first point, supports Ctrl+Z / Ctrl+Shift+Z per vertex, reports
// live area/length, and lets the last vertex be dragged after a 500 ms hold.
// Modify (direct_select) keeps ≥ 4 ring coordinates, deletes a vertex on
// shift+click or right-click, inserts one on shift+click on an edge, snaps.

type State = Record<string, unknown> & {
  polygon?: DrawFeature;
  line?: DrawFeature;
  currentVertexPosition: number;
  redo: Position[];
  downAt: number;
  holdingLast: boolean;
};

function snapped(ctx: ModeContext, e: DrawEvent, b: DrawBehaviours, excludeId?: string): DrawEvent {
  if (!b.snapEnabled || e.originalEvent?.altKey) return e;
  const map = ctx.map;
  const hit = snapPoint(
    e.point,
    b.snapRings(excludeId),
    (p) => map.project(p),
    (p) => map.unproject([p.x, p.y]).toArray() as [number, number],
    DRAW.snapTolerancePx,
  );
  if (!hit) return e;
  return { ...e, lngLat: { lng: hit.lngLat[0], lat: hit.lngLat[1] } };
}

const isUndoKey = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z';

function drawingMode(base: DrawMode, kind: 'polygon' | 'line', b: DrawBehaviours): DrawMode {
  const feature = (s: State) => (kind === 'polygon' ? s.polygon! : s.line!);
  const path = (s: State, i: number) => (kind === 'polygon' ? `0.${i}` : `${i}`);
  const placed = (s: State): Position[] => {
    const coords = (kind === 'polygon' ? (feature(s).getCoordinates() as Position[][])[0] : (feature(s).getCoordinates() as Position[])) ?? [];
    return coords.slice(0, s.currentVertexPosition);
  };
  const measure = (s: State, cursor?: Position) => {
    const pts = [...placed(s), ...(cursor ? [cursor] : [])];
    if (pts.length < 2) return b.onMeasure(null);
    if (kind === 'line') return b.onMeasure({ kind, lengthM: lengthMeters(pts), points: s.currentVertexPosition });
    const ring = [...pts, pts[0]];
    b.onMeasure({
      kind,
      lengthM: lengthMeters(ring),
      areaHa: pts.length >= 3 ? areaHectares({ type: 'Polygon', coordinates: [ring] }) : 0,
      points: s.currentVertexPosition,
    });
  };
  return {
    ...base,
    onSetup(this: ModeContext, opts: unknown) {
      const s = base.onSetup.call(this, opts) as State;
      Object.assign(s, { redo: [], downAt: 0, holdingLast: false });
      b.vertexUndo = () => {
        if (s.currentVertexPosition === 0) return false;
        const coords = placed(s);
        s.redo.push(coords[coords.length - 1]);
        feature(s).removeCoordinate(path(s, s.currentVertexPosition - 1));
        s.currentVertexPosition--;
        feature(s).changed();
        measure(s);
        return true;
      };
      b.vertexRedo = () => {
        const p = s.redo.pop();
        if (!p) return false;
        feature(s).addCoordinate(path(s, s.currentVertexPosition), p[0], p[1]);
        s.currentVertexPosition++;
        feature(s).changed();
        measure(s);
        return true;
      };
      return s;
    },
    onStop(this: ModeContext, s: State) {
      b.vertexUndo = b.vertexRedo = null;
      b.onMeasure(null);
      if (s.holdingLast) this.map.dragPan.enable();
      return base.onStop.call(this, s);
    },
    onMouseMove(this: ModeContext, s: State, e: DrawEvent) {
      const ev = snapped(this, e, b);
      base.onMouseMove.call(this, s, ev);
      measure(s, [ev.lngLat.lng, ev.lngLat.lat]);
    },
    onClick(this: ModeContext, s: State, e: DrawEvent) {
      // Finishing: a click within the snap tolerance of the first point closes the polygon.
      const first = placed(s)[0];
      if (kind === 'polygon' && first && s.currentVertexPosition >= DRAW.minPolygonPoints) {
        const p = this.map.project(first as [number, number]);
        if (Math.hypot(p.x - e.point.x, p.y - e.point.y) <= DRAW.snapTolerancePx) return this.changeMode('simple_select', { featureIds: [feature(s).id] });
      }
      s.redo = [];
      return base.onClick.call(this, s, snapped(this, e, b));
    },
    onMouseDown(this: ModeContext, s: State, e: DrawEvent) {
      const last = placed(s).at(-1);
      if (!last) return;
      const p = this.map.project(last as [number, number]);
      if (Math.hypot(p.x - e.point.x, p.y - e.point.y) > DRAW.clickTolerancePx) return;
      s.downAt = performance.now();
      s.holdingLast = true;
      this.map.dragPan.disable();
    },
    onDrag(this: ModeContext, s: State, e: DrawEvent) {
      // dragVertexDelay: only after holding 500 ms does the last vertex follow the pointer.
      if (!s.holdingLast || performance.now() - s.downAt < DRAW.dragVertexDelayMs) return;
      const ev = snapped(this, e, b);
      feature(s).updateCoordinate(path(s, s.currentVertexPosition - 1), ev.lngLat.lng, ev.lngLat.lat);
      feature(s).updateCoordinate(path(s, s.currentVertexPosition), ev.lngLat.lng, ev.lngLat.lat);
    },
    onMouseUp(this: ModeContext, s: State) {
      if (s.holdingLast) this.map.dragPan.enable();
      s.holdingLast = false;
    },
    onKeyUp(this: ModeContext, s: State, e: KeyboardEvent) {
      if (isUndoKey(e)) return; // handled by the page's keydown (works without map focus too)
      return base.onKeyUp.call(this, s, e);
    },
  };
}

/** Internal ring length (mapbox-gl-draw keeps rings unclosed). */
function ringLength(f: DrawFeature, coordPath: string): number {
  if (f.type === 'LineString') return (f.getCoordinates() as Position[]).length;
  const parts = coordPath.split('.').map(Number);
  const coords = f.getCoordinates() as Position[][] | Position[][][];
  const ring = parts.length === 3 ? (coords as Position[][][])[parts[0]][parts[1]] : (coords as Position[][])[parts[0]];
  return ring.length;
}

/** May this vertex go? A polygon ring keeps 4 coordinates (3 + closing), a line 2 points. */
export function canRemoveVertex(f: DrawFeature, coordPath: string): boolean {
  const n = ringLength(f, coordPath);
  return f.type === 'LineString' ? n > DRAW.minLinePoints : n + 1 > DRAW.minRingCoordinates;
}

function modifyMode(base: DrawMode, b: DrawBehaviours): DrawMode {
  const removeVertex = (ctx: ModeContext, s: State & { feature: DrawFeature; featureId: string; selectedCoordPaths: string[] }, coordPath: string) => {
    if (!canRemoveVertex(s.feature, coordPath)) return;
    s.feature.removeCoordinate(coordPath);
    s.selectedCoordPaths = [];
    ctx.clearSelectedCoordinates();
    ctx.fire('draw.update', { action: 'change_coordinates', features: [s.feature.toGeoJSON()] });
  };
  return {
    ...base,
    onSetup(this: ModeContext, opts: unknown) {
      const s = base.onSetup.call(this, opts) as State & {
        feature: DrawFeature;
        featureId: string;
        selectedCoordPaths: string[];
        onContext: (ev: { point: { x: number; y: number }; preventDefault(): void }) => void;
      };
      s.onContext = (ev) => {
        const t = DRAW.modifyTolerancePx;
        const hits = this.map
          .queryRenderedFeatures([
            [ev.point.x - t, ev.point.y - t],
            [ev.point.x + t, ev.point.y + t],
          ])
          .filter((f) => f.properties?.meta === 'vertex' && f.properties?.parent === s.featureId);
        if (!hits.length) return;
        ev.preventDefault();
        removeVertex(this, s, String(hits[0].properties.coord_path));
      };
      this.map.on('contextmenu', s.onContext);
      return s;
    },
    onStop(this: ModeContext, s: State & { onContext: () => void }) {
      this.map.off('contextmenu', s.onContext);
      return base.onStop.call(this, s);
    },
    onVertex(this: ModeContext, s: State & { feature: DrawFeature; featureId: string; selectedCoordPaths: string[] }, e: DrawEvent) {
      if (e.originalEvent?.shiftKey) return removeVertex(this, s, String(e.featureTarget!.properties.coord_path));
      return base.onVertex.call(this, s, e);
    },
    onFeature(this: ModeContext, s: State & { feature: DrawFeature; featureId: string; selectedCoordPaths: string[] }, e: DrawEvent) {
      // shift+click on an edge inserts a vertex at the nearest point of that edge.
      if (e.originalEvent?.shiftKey && s.feature.type !== 'Point') return insertOnEdge(this, s, e);
      return base.onFeature.call(this, s, e);
    },
    onTrash(this: ModeContext, s: State & { feature: DrawFeature; featureId: string; selectedCoordPaths: string[] }) {
      const paths = [...s.selectedCoordPaths].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
      for (const p of paths) removeVertex(this, s, p);
    },
    dragVertex(
      this: ModeContext,
      s: State & { feature: DrawFeature; featureId: string; selectedCoordPaths: string[] },
      e: DrawEvent,
      delta: { lng: number; lat: number },
    ) {
      if (s.selectedCoordPaths.length !== 1) return base.dragVertex.call(this, s, e, delta);
      const ev = snapped(this, e, b, s.featureId);
      s.feature.updateCoordinate(s.selectedCoordPaths[0], ev.lngLat.lng, ev.lngLat.lat);
    },
  };
}

function insertOnEdge(ctx: ModeContext, s: State & { feature: DrawFeature; featureId: string }, e: DrawEvent) {
  const f = s.feature;
  const rings: { prefix: string; ring: Position[] }[] = [];
  const c = f.getCoordinates() as Position[][] | Position[][][];
  if (f.type === 'Polygon') (c as Position[][]).forEach((r, i) => rings.push({ prefix: `${i}.`, ring: [...r, r[0]] }));
  else if (f.type === 'MultiPolygon') (c as Position[][][]).forEach((p, i) => p.forEach((r, j) => rings.push({ prefix: `${i}.${j}.`, ring: [...r, r[0]] })));
  let best: { path: string; ll: [number, number]; d: number } | null = null;
  for (const { prefix, ring } of rings)
    for (let i = 0; i + 1 < ring.length; i++) {
      const a = ctx.map.project(ring[i] as [number, number]),
        b = ctx.map.project(ring[i + 1] as [number, number]);
      const dx = b.x - a.x,
        dy = b.y - a.y,
        len = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((e.point.x - a.x) * dx + (e.point.y - a.y) * dy) / len));
      const q = { x: a.x + t * dx, y: a.y + t * dy };
      const d = Math.hypot(q.x - e.point.x, q.y - e.point.y);
      if (d <= DRAW.modifyTolerancePx && (!best || d < best.d))
        best = { path: `${prefix}${i + 1}`, ll: ctx.map.unproject([q.x, q.y]).toArray() as [number, number], d };
    }
  if (!best) return;
  f.addCoordinate(best.path, best.ll[0], best.ll[1]);
  ctx.fire('draw.update', { action: 'change_coordinates', features: [f.toGeoJSON()] });
}

export function editorModes(b: DrawBehaviours): Record<string, DrawMode> {
  const m = MapboxDraw.modes;
  return {
    ...m,
    draw_polygon: drawingMode(m.draw_polygon, 'polygon', b),
    draw_line_string: drawingMode(m.draw_line_string, 'line', b),
    direct_select: modifyMode(m.direct_select, b),
  };
}
