// Legend of the tree colour mode with LIVE counts: the trees of each class are
// counted straight from the RGBA buffer the map draws, so legend and map agree.
import {
  NO_VALUE_GREY, NUTRIENT_SCALES, RELATIVE_COLOURS, RELATIVE_THRESHOLDS, STATUS_COLOURS, nutrientPalette,
  type ColourMode, type RelativeRange, type Rgba,
} from '../../../workers/geo/colours';

export interface LegendEntry { key: string; colour: Rgba; label: string; count: number }

const pack = (c: Rgba) => ((c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]) >>> 0;

export function countColours(rgba: Uint8Array): Map<number, number> {
  const counts = new Map<number, number>();
  const view = new DataView(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let o = 0; o + 3 < rgba.length; o += 4) {
    const k = view.getUint32(o, false);
    if ((k & 0xff) === 0) continue; // hidden (N/P/K excludes missing trees)
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

const fmt = (v: number, digits: number) => v.toFixed(digits);

export function legendFor(
  mode: ColourMode, counts: Map<number, number>, range: RelativeRange | null,
  labels: { status: (code: number) => string; noValue: string },
): LegendEntry[] {
  const entry = (key: string, colour: Rgba, label: string): LegendEntry => ({ key, colour, label, count: counts.get(pack(colour)) ?? 0 });
  if (mode === 'status') return STATUS_COLOURS.slice(0, 6).map((c, i) => entry(String(i), c, labels.status(i)));
  if (mode === 'n' || mode === 'p' || mode === 'k') {
    const s = NUTRIENT_SCALES[mode];
    const digits = s.step < 0.1 ? 2 : 2;
    // Only classes that occur: N and K have 16 steps, most of them empty for one crop.
    return nutrientPalette(mode)
      .map((c, i) => entry(`${mode}${i}`, c, `${fmt(s.min + i * s.step, digits)}–${fmt(s.min + (i + 1) * s.step, digits)}`))
      .filter((e) => e.count > 0);
  }
  const lo = range?.lo ?? 0, hi = range?.hi ?? 1;
  const edges = [lo, ...RELATIVE_THRESHOLDS.map((t) => lo + t * (hi - lo)), Infinity];
  const digits = hi - lo < 1 ? 2 : 1;
  const bands = RELATIVE_COLOURS.map((c, i) =>
    entry(`${mode}${i}`, c, i === 0 ? `< ${fmt(edges[1], digits)}` : i === 5 ? `≥ ${fmt(edges[5], digits)}` : `${fmt(edges[i], digits)}–${fmt(edges[i + 1], digits)}`),
  );
  return [...bands, entry('none', NO_VALUE_GREY, labels.noValue)];
}

export const cssColour = (c: Rgba) => `rgb(${c[0]} ${c[1]} ${c[2]})`;
