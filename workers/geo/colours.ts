// Colour modes of the tree layer (client.md §3, §5, §9). Each returns a new
// RGBA Uint8Array (4 bytes per tree); positions are never touched. The rules live in four rooms, re-exported
// here: the modes (colour-modes.ts), each tree's class in a mode (colour-classes.ts), the class colours
// (colour-palettes.ts) and the legend filter (colour-filter.ts).
import { NO_CLASS, NO_VALUE_CLASS, treeClasses, type ColourContext, type RelativeRange, type TreeClasses } from './colour-classes';
import { shownClasses } from './colour-filter';
import type { ColourMode } from './colour-modes';
import { classColours, type Rgba } from './colour-palettes';
import type { TreeColumns } from './types';

export * from './colour-modes';
export * from './colour-classes';
export * from './colour-palettes';
export * from './colour-filter';

export interface ColourResult {
  rgba: Uint8Array;
  range: RelativeRange | null;
  /** Trees drawn with a value (the grey no-value trees are drawn but not counted). */
  visible: number;
  /** Trees per class (index = treeClasses number), hidden classes included: the legend's counts. */
  counts: Uint32Array;
}

// One 32-bit write per tree instead of four byte writes (byte order = platform order).
const LITTLE = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
function pack(c: Rgba): number {
  return LITTLE ? ((c[3] << 24) | (c[2] << 16) | (c[1] << 8) | c[0]) >>> 0 : ((c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]) >>> 0;
}

/**
 * Status: colour by code. N/P/K: Missing trees and trees without the mean are
 * excluded (alpha 0). Vitality/canopy: invalid values are grey #B2BABB.
 * Hidden classes (the legend filter) get alpha 0: positions are never touched.
 */
export function colourTrees(t: TreeColumns, mode: ColourMode, ctx: ColourContext = {}): ColourResult {
  return paintClasses(treeClasses(t, mode, ctx), mode, ctx.hidden);
}

/** The colours and legend counts of classes already computed (a legend toggle repaints without reclassifying). */
export function paintClasses({ classes, range }: TreeClasses, mode: ColourMode, hidden?: readonly number[] | null): ColourResult {
  const n = classes.length,
    out = new Uint8Array(4 * n),
    px = new Uint32Array(out.buffer);
  const keep = shownClasses(hidden);
  const pal = Uint32Array.from(classColours(mode), (c, k) => (keep[k] ? pack(c) : 0));
  const counts = new Uint32Array(256);
  for (let i = 0; i < n; i++) {
    const k = classes[i];
    px[i] = pal[k];
    counts[k]++;
  }
  let visible = 0;
  const valued = mode === 'vitality' || mode === 'canopy' || mode === 'vitalityChange' || mode === 'canopyChange' ? NO_VALUE_CLASS : NO_CLASS;
  for (let k = 0; k < 256; k++) if (k !== valued && k !== NO_CLASS && pal[k] !== 0) visible += counts[k];
  return { rgba: out, range, visible, counts };
}
