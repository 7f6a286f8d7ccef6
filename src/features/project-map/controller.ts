// The project map's screen state without React (client.md §2, §4, §8; issue 13):
// the layer rules, the colour mode with its legend filter, which panel is open,
// what a click picks, what the info panel shows for the selection, and the
// legend model. The page holds a ScreenState in useReducer and only lays out;
// every rule here is tested in Node (controller.test.ts).
import type { PickingInfo } from '@deck.gl/core';
import { chooseFeature, treeAt, type AreaItem, type LayerId } from '../../map/deck-layers';
import { LAYER_STYLE } from '../../map/map-config';
import type { ColourMode, RelativeRange } from '../../../workers/geo/colours';
import { CHANGE } from '../../../workers/geo/compare';
import type { ZoneRef } from '../../map/geo-client';
import type { TreeStatistics } from '../../domain/contracts/statistics';
import type { StatisticsResponse } from '../../api/statistics';
import { initialLayerState, layerReducer, type LayerAction, type LayerState, type Selected } from './layer-state';
import { legendFor, type LegendEntry, type LegendWords } from './legend';

export type Panel = 'layers' | 'surveys' | 'previous' | 'export' | 'compare' | 'list' | 'zones' | 'prescription' | 'scouting';

export interface ScreenState {
  layers: LayerState;
  mode: ColourMode;
  /** Legend classes of the colour mode the grower switched off (the legend filter). */
  hidden: number[];
  panel: Panel | null;
  /** "Zoom to plots" is active until the grower moves the map. */
  zoomActive: boolean;
  /** Alerts (duplicate trees) the grower closed. */
  dismissed: string[];
  /** "Sun": the high-contrast map style for outdoor use (issue 35), kept in the URL with the view. */
  sun: boolean;
}

export type ScreenAction =
  | LayerAction
  | { type: 'colours'; mode: ColourMode; hidden: number[] }
  | { type: 'togglePanel'; panel: Panel }
  | { type: 'closePanel' }
  | { type: 'zoomActive'; on: boolean }
  | { type: 'sun'; on: boolean }
  | { type: 'dismiss'; alert: string };

export function initialScreenState(dismissed: string[] = [], sun = false): ScreenState {
  return { layers: initialLayerState(), mode: 'status', hidden: [], panel: null, zoomActive: false, dismissed, sun };
}

export function screenReducer(s: ScreenState, a: ScreenAction): ScreenState {
  switch (a.type) {
    case 'colours':
      return { ...s, mode: a.mode, hidden: a.hidden };
    case 'togglePanel':
      return { ...s, panel: s.panel === a.panel ? null : a.panel };
    case 'closePanel':
      return { ...s, panel: null };
    case 'zoomActive':
      // Every drag starts with one: no new state (no render of the page) when nothing changes.
      return s.zoomActive === a.on ? s : { ...s, zoomActive: a.on };
    case 'sun':
      return { ...s, sun: a.on };
    case 'dismiss':
      return s.dismissed.includes(a.alert) ? s : { ...s, dismissed: [...s.dismissed, a.alert] };
    default: {
      const layers = layerReducer(s.layers, a);
      return layers === s.layers ? s : { ...s, layers };
    }
  }
}

/** The colour mode with the classes it hides: what the worker colours and the map draws. */
export interface Colouring {
  mode: ColourMode;
  hidden: number[];
}

/** A new colour mode starts with every class shown (class numbers mean something else in it). */
export function switchMode(mode: ColourMode): Colouring {
  return { mode, hidden: [] };
}

/** A legend entry clicked: its class is hidden, or shown again. */
export function toggleClass(c: Colouring, cls: number): Colouring {
  const hidden = c.hidden.includes(cls) ? c.hidden.filter((x) => x !== cls) : [...c.hidden, cls].sort((a, b) => a - b);
  return { mode: c.mode, hidden };
}

/**
 * The colouring after starting or ending a comparison: starting one shows the change between the surveys;
 * ending it leaves a change mode (it has nothing to show alone) for status; otherwise the colouring stays.
 */
export function colouringForCompare(c: Colouring, comparing: boolean, withSurvey: boolean, isChange: (m: ColourMode) => boolean): Colouring {
  const mode = !withSurvey && isChange(c.mode) ? 'status' : withSurvey && !comparing ? 'change' : c.mode;
  return mode === c.mode ? c : switchMode(mode);
}

/** The tree list's "only problems": hide what is not a problem (status, or the change while comparing). */
export function problemsOnly(c: Colouring, comparing: boolean): Colouring {
  if (comparing && c.mode === 'change') return { mode: 'change', hidden: [CHANGE.stable, CHANGE.improved, CHANGE.unknown] };
  return { mode: 'status', hidden: [0] };
}

/** The drawn trees as the map has them (lon/lat pairs, one colour per tree; alpha 0 = hidden by the legend). */
export interface DrawnTrees {
  positions: Float64Array;
  count: number;
}

/**
 * What a click selects (§2 picking policy): the tree under the pointer (computed on the CPU, hidden trees
 * are not hit) or the deck.gl features under it, the info layer's first; trees over areas over plots.
 */
export function pickAt(
  click: { coordinate: [number, number] },
  hits: PickingInfo[],
  layers: LayerState,
  trees: DrawnTrees | null,
  zoom: number,
  rgba: Uint8Array | null,
  /** How far (CSS px) a tap may be from a tree: TAP_SLOP_PX on a touch screen (issue 35), else the dot's size. */
  tapPixels = 0,
  /** Sun mode draws larger trees (LAYER_STYLE.sun): the picked ones are the drawn ones. */
  sun = false,
): Selected | null {
  const shown = layers.visible.trees ? trees : null;
  const tree = shown ? treeAt(shown.positions, shown.count, click.coordinate[0], click.coordinate[1], zoom, rgba, tapPixels, sun) : -1;
  return chooseFeature(hits, layers.infoLayer, tree);
}

/** The plot or irrigation area selected on the map (one of its parts): the legend, the list and the areas table follow it. */
export function selectedZone(sel: Selected | null): ZoneRef | null {
  return sel && sel.layer !== 'trees' ? { kind: sel.layer === 'plots' ? 'plot' : 'area', part: sel.index } : null;
}

/** An area feature of the survey as the worker handed it over (parts of a MultiPolygon share the sourceId). */
export interface AreaSource {
  sourceId: string | number;
}

export interface SelectionContext {
  sel: Selected | null;
  plots: AreaItem[];
  areas: AreaItem[];
  plotSources: readonly AreaSource[];
  areaSources: readonly AreaSource[];
  /** The selected tree's values once the worker answered (tree_id names it). */
  treeId: string | number | null | undefined;
  treeLabel: string;
}

/** The selected plot or area's feature (for its source id), or null. */
export function selectedSource(c: SelectionContext): AreaSource | null {
  const sel = c.sel;
  if (!sel || sel.layer === 'trees') return null;
  return (sel.layer === 'plots' ? c.plotSources : c.areaSources)[sel.index] ?? null;
}

/** The selection's name for the path bar, the legend and the list ("Tree 17", a plot's name), or null. */
export function featureName(c: SelectionContext): string | null {
  const sel = c.sel;
  if (!sel) return null;
  if (sel.layer === 'trees') return c.treeId == null ? null : `${c.treeLabel} ${c.treeId}`;
  return (sel.layer === 'plots' ? c.plots : c.areas)[sel.index]?.label ?? null;
}

/** What the export panel can limit itself to: the selected plot or irrigation area (by its database id). */
export interface ExportScope {
  kind: 'plot' | 'area';
  id: number;
  name: string;
}

export function exportScope(c: SelectionContext): ExportScope | null {
  const src = selectedSource(c);
  if (!src || !c.sel || !Number.isInteger(Number(src.sourceId))) return null;
  return { kind: c.sel.layer === 'plots' ? 'plot' : 'area', id: Number(src.sourceId), name: featureName(c) ?? String(src.sourceId) };
}

/** What the info panel shows (§2, §8): the tree's values, a plot's or area's statistics, the survey's, or "no data". */
export type InfoModel =
  | { kind: 'tree' }
  | { kind: 'statistics'; scope: 'plot' | 'area'; stats: TreeStatistics; name: string }
  | { kind: 'statistics'; scope: 'project'; stats: TreeStatistics }
  | { kind: 'noData' }
  /** A survey without results yet: scheduled (flown later) or not processed yet; its plots are drawn. */
  | { kind: 'noResults'; scheduled: boolean }
  | null;

export function infoModel(
  c: SelectionContext,
  ready: { treeValues: boolean; statistics: StatisticsResponse | null; failed: boolean; noResults?: { scheduled: boolean } | null },
): InfoModel {
  const { sel } = c;
  const stats = ready.statistics;
  // Zeros and dashes would read as a dead orchard: a survey without results says why instead.
  if (ready.noResults && sel?.layer !== 'trees') return { kind: 'noResults', scheduled: ready.noResults.scheduled };
  if (sel?.layer === 'trees') {
    if (ready.treeValues) return { kind: 'tree' };
  } else if (sel && stats) {
    const id = String(selectedSource(c)?.sourceId ?? '');
    const entry =
      sel.layer === 'plots' ? stats.plots.find((p) => String(p.plot_id) === id) : stats.irrigation_areas?.find((a) => String(a.irrigation_area_id) === id);
    return entry ? { kind: 'statistics', scope: sel.layer === 'plots' ? 'plot' : 'area', stats: entry.statistics, name: featureName(c) ?? '' } : null;
  }
  if (stats) return { kind: 'statistics', scope: 'project', stats: stats.total };
  return ready.failed ? { kind: 'noData' } : null;
}

export interface LegendLabels extends LegendWords {
  plots: string;
  irrigationAreas: string;
}

/** The legend of each layer (plots and areas in their outline colour on the map); the trees' counts are the survey's, or the selected plot's or area's. */
export function legendModel(
  c: Colouring,
  tree: { counts: Uint32Array | null; range: RelativeRange | null },
  areaCounts: { plots: number; areas: number },
  labels: LegendLabels,
): Record<LayerId, LegendEntry[]> {
  return {
    plots: [{ key: 'plots', colour: LAYER_STYLE.plots.stroke, label: labels.plots, count: areaCounts.plots }],
    irrigationAreas: [{ key: 'areas', colour: LAYER_STYLE.irrigationAreas.stroke, label: labels.irrigationAreas, count: areaCounts.areas }],
    trees: legendFor(c.mode, tree.counts, tree.range, labels, c.hidden),
  };
}

/** The error banners, in the order the screen shows them (their translation keys). */
export function errorKeys(errors: { noProject?: string; trees?: string; statistics?: string; project?: string }): string[] {
  const keys = ['noProject', 'trees', 'statistics', 'project'] as const;
  return keys.filter((k) => !!errors[k]).map((k) => `errors.${k}`);
}
