// The square grid of a prescription: cells of `size` metres aligned to the
// farm's south-west corner (lon/lat degrees; a cell's width is stretched by
// 1/cos(latitude) so it is square on the ground), and the cells that cover the
// farm, each clipped to the plots. The ISOXML grid of the same prescription
// uses exactly these cells (row 0 in the south, as ISO 11783-10 grids run).
import polygonClipping, { type MultiPolygon as ClipMulti, type Polygon as ClipPolygon } from 'polygon-clipping';
import type { Position } from 'geojson';
import { extentOf } from './fit';
import { EARTH_RADIUS } from './geodesy';
import type { AreaFeature } from './types';

export interface GridSpec {
  minX: number;
  minY: number;
  cellW: number;
  cellH: number;
  cols: number;
  rows: number;
}

/** A cell of the farm: index row * cols + col, and its part of the farm (MultiPolygon coordinates). */
export interface FarmCell {
  index: number;
  polygons: Position[][][];
}

/** Why a prescription cannot be made; `code` names the message in the app's locales (prescription.errors). */
export class PrescriptionError extends Error {
  constructor(
    readonly code: 'noPlots' | 'noAreas' | 'tooManyCells' | 'rates',
    message: string,
    /** The message's variable parts (the API's error params). */
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export function gridSpec(bbox: readonly [number, number, number, number], sizeM: number): GridSpec {
  const [minX, minY, maxX, maxY] = bbox;
  const cellH = (sizeM / EARTH_RADIUS) * (180 / Math.PI);
  const cellW = cellH / Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  return { minX, minY, cellW, cellH, cols: Math.max(1, Math.ceil((maxX - minX) / cellW)), rows: Math.max(1, Math.ceil((maxY - minY) / cellH)) };
}

export function cellOf(g: GridSpec, x: number, y: number): number {
  const c = Math.floor((x - g.minX) / g.cellW),
    r = Math.floor((y - g.minY) / g.cellH);
  return c < 0 || r < 0 || c >= g.cols || r >= g.rows ? -1 : r * g.cols + c;
}

function cellRing(g: GridSpec, index: number): Position[] {
  const c = index % g.cols,
    r = (index - c) / g.cols;
  const x0 = g.minX + c * g.cellW,
    y0 = g.minY + r * g.cellH,
    x1 = x0 + g.cellW,
    y1 = y0 + g.cellH;
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
}

/** Cells an edge passes through (grid traversal of Amanatides & Woo), in grid units. */
function traverse(g: GridSpec, a: Position, b: Position, mark: (index: number) => void): void {
  const x0 = (a[0] - g.minX) / g.cellW,
    y0 = (a[1] - g.minY) / g.cellH;
  const x1 = (b[0] - g.minX) / g.cellW,
    y1 = (b[1] - g.minY) / g.cellH;
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  let cx = clamp(Math.floor(x0), g.cols),
    cy = clamp(Math.floor(y0), g.rows);
  const ex = clamp(Math.floor(x1), g.cols),
    ey = clamp(Math.floor(y1), g.rows);
  const dx = x1 - x0,
    dy = y1 - y0,
    sx = Math.sign(dx),
    sy = Math.sign(dy);
  let tx = dx ? ((sx > 0 ? cx + 1 : cx) - x0) / dx : Infinity;
  let ty = dy ? ((sy > 0 ? cy + 1 : cy) - y0) / dy : Infinity;
  const ddx = dx ? Math.abs(1 / dx) : Infinity,
    ddy = dy ? Math.abs(1 / dy) : Infinity;
  mark(cy * g.cols + cx);
  for (let steps = Math.abs(ex - cx) + Math.abs(ey - cy); steps > 0 && (cx !== ex || cy !== ey); steps--) {
    if (tx < ty) {
      cx += sx;
      tx += ddx;
    } else {
      cy += sy;
      ty += ddy;
    }
    mark(clamp(cy, g.rows) * g.cols + clamp(cx, g.cols));
  }
}

/** Columns of row r whose cell centre lies inside the polygon (even-odd rule over all rings, holes included). */
export function centreColumns(g: GridSpec, rings: readonly Position[][], r: number, each: (c: number) => void): void {
  const y = g.minY + (r + 0.5) * g.cellH;
  const xs: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i],
        [xj, yj] = ring[j];
      if (yi > y !== yj > y) xs.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
    }
  }
  xs.sort((p, q) => p - q);
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const c0 = Math.max(0, Math.ceil((xs[k] - g.minX) / g.cellW - 0.5));
    const c1 = Math.min(g.cols - 1, Math.floor((xs[k + 1] - g.minX) / g.cellW - 0.5));
    for (let c = c0; c <= c1; c++) each(c);
  }
}

/**
 * The cells covering the plots: a cell no plot edge crosses is whole (inside a
 * plot by its centre) or outside; a cell an edge crosses is clipped to the
 * plots (polygon-clipping), and dropped when nothing of it is left.
 */
export function farmCells(g: GridSpec, plots: readonly AreaFeature[], maxCells: number): FarmCell[] {
  const touching = new Map<number, number[]>();
  plots.forEach((p, k) => {
    for (const ring of p.geometry.coordinates) {
      for (let i = 1; i < ring.length; i++) {
        traverse(g, ring[i - 1], ring[i], (index) => {
          const list = touching.get(index);
          if (!list) touching.set(index, [k]);
          else if (list[list.length - 1] !== k) list.push(k);
        });
      }
    }
  });
  const whole = new Set<number>();
  const tooMany = () =>
    new PrescriptionError('tooManyCells', `the grid has more than ${maxCells} cells over this farm: choose larger cells`, { max: maxCells });
  for (const p of plots) {
    const [, y0, , y1] = extentOf([p.geometry])!;
    const r0 = Math.max(0, Math.floor((y0 - g.minY) / g.cellH)),
      r1 = Math.min(g.rows - 1, Math.floor((y1 - g.minY) / g.cellH));
    for (let r = r0; r <= r1; r++) {
      centreColumns(g, p.geometry.coordinates, r, (c) => {
        const index = r * g.cols + c;
        if (touching.has(index)) return;
        whole.add(index);
      });
      if (whole.size + touching.size > maxCells) throw tooMany();
    }
  }
  const cells: FarmCell[] = [];
  for (const index of whole) cells.push({ index, polygons: [cellRing(g, index)].map((r) => [r]) });
  for (const [index, parts] of touching) {
    const cell: ClipPolygon = [cellRing(g, index) as [number, number][]];
    const pieces = parts.map((k) => polygonClipping.intersection(cell, plots[k].geometry.coordinates as ClipPolygon));
    const merged: ClipMulti = pieces.length === 1 ? pieces[0] : polygonClipping.union(pieces[0], ...pieces.slice(1));
    if (merged.length) cells.push({ index, polygons: merged as Position[][][] });
  }
  if (cells.length > maxCells) throw tooMany();
  return cells.sort((a, b) => a.index - b.index);
}
