// The colour modes of the tree layer (client.md §3, §5, §9): one survey's, and a comparison's.
import type { Nutrient } from './types';

/** Modes of one survey: N/P/K on the spec's fixed scales (client.md §9), or against the tree's crop range (nRange…). */
export type RangeMode = 'nRange' | 'pRange' | 'kRange';
export type SurveyMode = 'status' | 'n' | 'p' | 'k' | RangeMode | 'vitality' | 'canopy';
/** Modes of a comparison of two surveys (compare.ts): change class, vitality and canopy change. */
export type ChangeMode = 'change' | 'vitalityChange' | 'canopyChange';
export type ColourMode = SurveyMode | ChangeMode;
export const COLOUR_MODES: readonly SurveyMode[] = ['status', 'n', 'p', 'k', 'nRange', 'pRange', 'kRange', 'vitality', 'canopy'];
const RANGE_NUTRIENT: Readonly<Record<RangeMode, Nutrient>> = { nRange: 'n', pRange: 'p', kRange: 'k' };
export const isRangeMode = (m: ColourMode): m is RangeMode => m in RANGE_NUTRIENT;
/** The nutrient of a "vs crop range" mode. */
export const rangeModeNutrient = (m: RangeMode): Nutrient => RANGE_NUTRIENT[m];
export const CHANGE_MODES: readonly ChangeMode[] = ['change', 'vitalityChange', 'canopyChange'];
export const ALL_COLOUR_MODES: readonly ColourMode[] = [...COLOUR_MODES, ...CHANGE_MODES];
export const isChangeMode = (m: ColourMode): m is ChangeMode => (CHANGE_MODES as readonly string[]).includes(m);
