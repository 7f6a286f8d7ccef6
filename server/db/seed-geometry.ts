// Deterministic demo farm geometry: rectangles laid out in metres around an
// origin in the northern Negev (near the spec's default map centre), turned
// into lon/lat. Pure: no database here.

export type Ring = [number, number][];
export interface Rect {
  x: number; // metres east of the farm origin
  y: number; // metres north of the farm origin
  w: number;
  h: number;
}

const M_PER_DEG_LAT = 110_574;

export class LocalFrame {
  private readonly mPerDegLon: number;
  constructor(
    readonly lon0: number,
    readonly lat0: number,
  ) {
    this.mPerDegLon = 111_320 * Math.cos((lat0 * Math.PI) / 180);
  }
  toLonLat(x: number, y: number): [number, number] {
    return [round7(this.lon0 + x / this.mPerDegLon), round7(this.lat0 + y / M_PER_DEG_LAT)];
  }
  ring(r: Rect): Ring {
    const { x, y, w, h } = r;
    return [this.toLonLat(x, y), this.toLonLat(x + w, y), this.toLonLat(x + w, y + h), this.toLonLat(x, y + h), this.toLonLat(x, y)];
  }
}

function round7(v: number): number {
  return Math.round(v * 1e7) / 1e7;
}

/** Splits a rectangle into cols x rows blocks separated by a farm road of `gap` metres. */
export function blocks(r: Rect, cols: number, rows: number, gap: number): Rect[] {
  const w = (r.w - gap * (cols + 1)) / cols;
  const h = (r.h - gap * (rows + 1)) / rows;
  const out: Rect[] = [];
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) out.push({ x: r.x + gap + i * (w + gap), y: r.y + gap + j * (h + gap), w, h });
  return out;
}

/** The geo core's small deterministic PRNG (Mulberry32). */
export { mulberry32 as prng } from '../../workers/geo/synthetic-farm';

/** Normal deviate from two uniforms (Box–Muller). */
export function normal(rand: () => number, mean: number, sd: number): number {
  const u = Math.max(rand(), 1e-12);
  const v = rand();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
