import { describe, expect, it } from 'vitest';
import type { PickingInfo } from '@deck.gl/core';
import { isChangeMode, NO_VALUE_CLASS } from '../../../workers/geo/colours';
import { CHANGE } from '../../../workers/geo/compare';
import type { TreeStatistics } from '../../domain/contracts/statistics';
import type { StatisticsResponse } from '../../api/statistics';
import type { AreaItem } from '../../map/deck-layers';
import {
  colouringForCompare,
  errorKeys,
  exportScope,
  featureName,
  infoModel,
  initialScreenState,
  legendModel,
  pickAt,
  problemsOnly,
  screenReducer,
  selectedZone,
  switchMode,
  toggleClass,
  type SelectionContext,
} from './controller';

const square = (x: number): AreaItem['polygon'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 0],
    ],
  ],
});
const plots: AreaItem[] = [
  { index: 0, polygon: square(0), label: 'North' },
  { index: 1, polygon: square(2), label: 'North' },
];
const areas: AreaItem[] = [{ index: 0, polygon: square(5), label: 'Valve 3' }];
const ctx = (over: Partial<SelectionContext>): SelectionContext => ({
  sel: null,
  plots,
  areas,
  // Two parts of one MultiPolygon plot (id 7), and an area whose id is not a database id.
  plotSources: [{ sourceId: 7 }, { sourceId: 7 }],
  areaSources: [{ sourceId: 'imported-1' }],
  treeId: undefined,
  treeLabel: 'Tree',
  ...over,
});
const stats = (total: number): TreeStatistics => ({ total_trees: total }) as unknown as TreeStatistics;
const response = {
  total: stats(100),
  plots: [{ plot_id: 7, statistics: stats(40) }],
  irrigation_areas: [],
} as unknown as StatisticsResponse;

describe('project map screen state', () => {
  it('toggles one panel at a time and closes it', () => {
    let s = screenReducer(initialScreenState(), { type: 'togglePanel', panel: 'layers' });
    expect(s.panel).toBe('layers');
    s = screenReducer(s, { type: 'togglePanel', panel: 'list' });
    expect(s.panel).toBe('list');
    s = screenReducer(s, { type: 'togglePanel', panel: 'list' });
    expect(s.panel).toBeNull();
    s = screenReducer(screenReducer(s, { type: 'togglePanel', panel: 'export' }), { type: 'closePanel' });
    expect(s.panel).toBeNull();
  });
  it('passes the layer rules through (client.md §4) and keeps the rest of the screen', () => {
    let s = screenReducer(initialScreenState(), { type: 'colours', mode: 'n', hidden: [2] });
    s = screenReducer(s, { type: 'select', selected: { layer: 'trees', index: 4 } });
    expect(s.layers.infoLayer).toBe('trees');
    expect(s.layers.visible.trees).toBe(true);
    expect(s.layers.selected).toEqual({ layer: 'trees', index: 4 });
    expect([s.mode, s.hidden]).toEqual(['n', [2]]);
    s = screenReducer(s, { type: 'back' });
    expect(s.layers.selected).toBeNull();
  });
  it('remembers a closed alert once', () => {
    let s = screenReducer(initialScreenState(), { type: 'dismiss', alert: 'a' });
    s = screenReducer(s, { type: 'dismiss', alert: 'a' });
    expect(s.dismissed).toEqual(['a']);
  });
});

describe('colouring rules (the legend filter, issue 13)', () => {
  it('a new mode shows every class; a legend click hides or shows one class, sorted', () => {
    expect(switchMode('vitality')).toEqual({ mode: 'vitality', hidden: [] });
    let c = toggleClass({ mode: 'status', hidden: [] }, 3);
    c = toggleClass(c, 1);
    expect(c).toEqual({ mode: 'status', hidden: [1, 3] });
    expect(toggleClass(c, 3)).toEqual({ mode: 'status', hidden: [1] });
  });
  it('starting a comparison shows the change, ending it leaves a change mode for status', () => {
    const status = { mode: 'status' as const, hidden: [0] };
    expect(colouringForCompare(status, false, true, isChangeMode)).toEqual({ mode: 'change', hidden: [] });
    // Another survey while comparing keeps the colouring the grower chose.
    expect(colouringForCompare(status, true, true, isChangeMode)).toBe(status);
    expect(colouringForCompare({ mode: 'vitalityChange', hidden: [1] }, true, false, isChangeMode)).toEqual({ mode: 'status', hidden: [] });
    expect(colouringForCompare({ mode: 'n', hidden: [1] }, true, false, isChangeMode)).toEqual({ mode: 'n', hidden: [1] });
  });
  it('"only problems" hides healthy trees, or stable/improved/unknown changes while comparing', () => {
    expect(problemsOnly({ mode: 'vitality', hidden: [] }, false)).toEqual({ mode: 'status', hidden: [0] });
    expect(problemsOnly({ mode: 'change', hidden: [] }, true)).toEqual({ mode: 'change', hidden: [CHANGE.stable, CHANGE.improved, CHANGE.unknown] });
    expect(problemsOnly({ mode: 'n', hidden: [] }, true)).toEqual({ mode: 'status', hidden: [0] });
  });
});

describe('picking policy (client.md §2)', () => {
  // Two trees 0.00001° apart near Tel Aviv; at zoom 18 that is ~7 px.
  const trees = { positions: new Float64Array([34.8, 32.1, 34.80001, 32.1]), count: 2 };
  const plotHit = { layer: { id: 'plots' }, index: 0, object: plots[1] } as unknown as PickingInfo;
  const visible = (on: boolean) => screenReducer(initialScreenState(), on ? { type: 'toggleVisible', id: 'trees' } : { type: 'reset' }).layers;

  it('a visible tree under the pointer wins over the plot around it', () => {
    expect(pickAt({ coordinate: [34.800009, 32.1] }, [plotHit], visible(true), trees, 18, null)).toEqual({ layer: 'trees', index: 1 });
  });
  it('hidden trees (layer off, or alpha 0 in the legend filter) are not hit', () => {
    expect(pickAt({ coordinate: [34.8, 32.1] }, [plotHit], visible(false), trees, 18, null)).toEqual({ layer: 'plots', index: 1 });
    const rgba = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(pickAt({ coordinate: [34.8, 32.1] }, [plotHit], visible(true), trees, 18, rgba)).toEqual({ layer: 'plots', index: 1 });
  });
  it('nothing under the pointer selects nothing', () => {
    expect(pickAt({ coordinate: [35, 33] }, [], visible(true), trees, 18, null)).toBeNull();
  });
});

describe('selection → name, export scope and info panel', () => {
  it('a plot part names its plot and scopes exports to its database id', () => {
    const c = ctx({ sel: { layer: 'plots', index: 1 } });
    expect(featureName(c)).toBe('North');
    expect(selectedZone(c.sel)).toEqual({ kind: 'plot', part: 1 });
    expect(exportScope(c)).toEqual({ kind: 'plot', id: 7, name: 'North' });
    expect(infoModel(c, { treeValues: false, statistics: response, failed: false })).toEqual({
      kind: 'statistics',
      scope: 'plot',
      stats: stats(40),
      name: 'North',
    });
  });
  it('an area without a database id offers no scoped export and has no statistics entry', () => {
    const c = ctx({ sel: { layer: 'irrigationAreas', index: 0 } });
    expect(exportScope(c)).toBeNull();
    expect(infoModel(c, { treeValues: false, statistics: response, failed: false })).toBeNull();
  });
  it('a tree is named once its values arrive and shows them', () => {
    const waiting = ctx({ sel: { layer: 'trees', index: 3 } });
    expect(featureName(waiting)).toBeNull();
    expect(selectedZone(waiting.sel)).toBeNull();
    // Until the worker answers, the survey's statistics stay.
    expect(infoModel(waiting, { treeValues: false, statistics: response, failed: false })).toEqual({ kind: 'statistics', scope: 'project', stats: stats(100) });
    const named = ctx({ sel: { layer: 'trees', index: 3 }, treeId: 1017 });
    expect(featureName(named)).toBe('Tree 1017');
    expect(infoModel(named, { treeValues: true, statistics: response, failed: false })).toEqual({ kind: 'tree' });
  });
  it('no selection: the survey statistics, "no data" when they failed, nothing while loading', () => {
    expect(infoModel(ctx({}), { treeValues: false, statistics: response, failed: false })?.kind).toBe('statistics');
    expect(infoModel(ctx({}), { treeValues: false, statistics: null, failed: true })).toEqual({ kind: 'noData' });
    expect(infoModel(ctx({}), { treeValues: false, statistics: null, failed: false })).toBeNull();
    // A survey without results says so (scheduled or not processed yet) instead of zeros, also for a selected plot.
    expect(infoModel(ctx({}), { treeValues: false, statistics: response, failed: false, noResults: { scheduled: true } })).toEqual({
      kind: 'noResults',
      scheduled: true,
    });
    expect(
      infoModel(ctx({ sel: { layer: 'plots', index: 0 } }), { treeValues: false, statistics: response, failed: false, noResults: { scheduled: false } }),
    ).toEqual({
      kind: 'noResults',
      scheduled: false,
    });
  });
});

describe('legend model and errors', () => {
  const labels = { plots: 'Plots', irrigationAreas: 'Areas', status: (c: number) => `s${c}`, noValue: 'none', change: (k: string) => k };
  it('counts plots and areas, and the trees by class with the hidden ones marked', () => {
    const counts = new Uint32Array([5, 1, 0, 0, 0, 2]);
    const m = legendModel({ mode: 'status', hidden: [5] }, { counts, range: null }, { plots: 2, areas: 1 }, labels);
    expect(m.plots[0]).toMatchObject({ label: 'Plots', count: 2 });
    expect(m.irrigationAreas[0]).toMatchObject({ label: 'Areas', count: 1 });
    expect(m.trees.map((e) => [e.label, e.count, !!e.hidden])).toEqual([
      ['s0', 5, false],
      ['s1', 1, false],
      ['s2', 0, false],
      ['s3', 0, false],
      ['s4', 0, false],
      ['s5', 2, true],
    ]);
    const v = legendModel(
      { mode: 'vitality', hidden: [] },
      { counts: null, range: { lo: 0, hi: 1, count: 0, source: 'default' } },
      { plots: 0, areas: 0 },
      labels,
    );
    expect(v.trees.at(-1)).toMatchObject({ label: 'none', cls: NO_VALUE_CLASS });
  });
  it('lists the error banners in screen order', () => {
    expect(errorKeys({ project: 'x', trees: 'y' })).toEqual(['errors.trees', 'errors.project']);
    expect(errorKeys({})).toEqual([]);
  });
});
