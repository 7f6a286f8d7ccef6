// Legend of the tree colour mode with LIVE counts: the worker counts the trees
// of each class (treeClasses) as it fills the colour buffer the map draws, so
// legend and map agree. Each entry names its class, so the legend is a filter.
import {
  NO_VALUE_CLASS,
  NUTRIENT_SCALES,
  RELATIVE_COLOURS,
  RELATIVE_THRESHOLDS,
  classColours,
  isRangeMode,
  nutrientClassCount,
  type ColourMode,
  type RelativeRange,
  type Rgba,
} from '../../../workers/geo/colours';
import { CHANGE_KEYS, type ChangeKey } from '../../../workers/geo/compare';
import { NUTRIENT_CLASSES, type NutrientClass } from '../../../workers/geo/npk-ranges';

/** The words at the two ends of a relative scale ("low vigour" … "high vigour"), so red is never read as "a problem". */
export interface ScaleEnds {
  low: string;
  high: string;
}

export interface LegendWords {
  status: (code: number) => string;
  noValue: string;
  change?: (key: ChangeKey) => string;
  /** low / optimal / high of the "vs crop range" modes. */
  nutrientClass?: (c: NutrientClass) => string;
  /** The ends of the relative scales: vitality, canopy and their changes. */
  ends?: (mode: ColourMode) => ScaleEnds | null;
}

export interface LegendEntry {
  key: string;
  colour: Rgba;
  label: string;
  count: number;
  /** The class number (treeClasses) a tree legend entry stands for; absent for plots/areas. */
  cls?: number;
  /** Switched off by the grower: its trees are not drawn. */
  hidden?: boolean;
  /** Words beside the label: the end of a relative scale ("high vigour"). */
  note?: string;
}

export function legendFor(
  mode: ColourMode,
  counts: Uint32Array | null,
  range: RelativeRange | null,
  labels: LegendWords,
  hidden: readonly number[] = [],
): LegendEntry[] {
  const colours = classColours(mode);
  const entry = (key: string, label: string, cls: number): LegendEntry => ({
    key,
    colour: colours[cls],
    label,
    count: counts?.[cls] ?? 0,
    cls,
    hidden: hidden.includes(cls),
  });
  const classes = (count: number) => Array.from({ length: count }, (_, i) => i);
  if (mode === 'status') return classes(6).map((i) => entry(String(i), labels.status(i), i));
  if (mode === 'change') return CHANGE_KEYS.map((k, i) => entry(`change-${k}`, labels.change?.(k) ?? k, i)).filter((e) => e.count > 0 || e.hidden);
  if (isRangeMode(mode)) return NUTRIENT_CLASSES.map((c, i) => entry(`${mode}-${c}`, labels.nutrientClass?.(c) ?? c, i));
  if (mode === 'n' || mode === 'p' || mode === 'k') {
    const s = NUTRIENT_SCALES[mode];
    // Only classes that occur (or are hidden): N and K have 16 steps, most of them empty for one crop.
    return classes(nutrientClassCount(s))
      .map((i) => entry(`${mode}${i}`, `${(s.min + i * s.step).toFixed(2)}–${(s.min + (i + 1) * s.step).toFixed(2)}`, i))
      .filter((e) => e.count > 0 || e.hidden);
  }
  const lo = range?.lo ?? 0,
    hi = range?.hi ?? 1;
  const edges = [lo, ...RELATIVE_THRESHOLDS.map((t) => lo + t * (hi - lo)), Infinity];
  const digits = hi - lo < 1 ? 2 : 1;
  // A change scale is signed: "+0.12" reads as growth, "−0.12" as decline.
  const fmt =
    mode === 'vitalityChange' || mode === 'canopyChange'
      ? (v: number, d: number) => (v > 0 ? `+${v.toFixed(d)}` : v.toFixed(d))
      : (v: number, d: number) => v.toFixed(d);
  const ends = labels.ends?.(mode) ?? null;
  const bands = classes(RELATIVE_COLOURS.length).map((i) => ({
    ...entry(
      `${mode}${i}`,
      i === 0 ? `<\u00a0${fmt(edges[1], digits)}` : i === 5 ? `≥\u00a0${fmt(edges[5], digits)}` : `${fmt(edges[i], digits)}–${fmt(edges[i + 1], digits)}`,
      i,
    ),
    // The scale's words at its ends: the lowest band reads "low vigour", the highest "high vigour".
    ...(ends && i === 0 ? { note: ends.low } : ends && i === 5 ? { note: ends.high } : {}),
  }));
  return [...bands, entry('none', labels.noValue, NO_VALUE_CLASS)];
}

export { cssColour } from '../../../workers/geo/colours';
