import { describe, expect, it } from 'vitest';
import {
  colourTrees,
  cssColour,
  NO_VALUE_CLASS,
  NO_VALUE_GREY,
  NUTRIENT_CLASS_COLOURS,
  RELATIVE_COLOURS,
  vitalityClassColour,
} from '../../../workers/geo/colours';
import { resolveNpkRanges } from '../../../workers/geo/npk-ranges';
import { computeStatistics } from '../../../workers/geo/statistics';
import { statisticsCharts } from '../../domain/statistics-charts';
import { rowsToTreeColumns } from '../../../workers/geo/tree-columns';
import { legendFor } from './legend';

const labels = { status: (c: number) => `s${c}`, noValue: '-' };

describe('legend counts', () => {
  it('shows the per-class counts the worker made with the colours, hidden classes marked', () => {
    const trees = rowsToTreeColumns([0, 0, 3, 4].map((s, i) => ({ lon: 0, lat: 0, tree_id: i, tree_status: s }))).columns;
    const { counts } = colourTrees(trees, 'status', { hidden: [3] });
    const legend = legendFor('status', counts, null, labels, [3]);
    expect(legend.map((e) => e.count)).toEqual([2, 0, 0, 1, 1, 0]);
    expect(legend.map((e) => e.cls)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(legend[3]).toMatchObject({ label: 's3', hidden: true });
    expect(legend[0].hidden).toBe(false);
  });
  it('names the no-value class of a relative mode', () => {
    const legend = legendFor('canopy', new Uint32Array(256), { lo: 0, hi: 7, count: 0, source: 'default' }, labels);
    expect(legend.at(-1)).toMatchObject({ key: 'none', cls: NO_VALUE_CLASS });
  });
});

describe('N/P/K vs crop range and the relative scales', () => {
  // olive N 1.5–2.0: 1.8 is optimal (orange on the spec's fixed 0–4 scale), 1.2 low, 2.5 high; no crop → avocado
  const trees = rowsToTreeColumns([1.8, 1.2, 2.5, null].map((n, i) => ({ lon: 0, lat: 0, tree_id: i, tree_status: 0, crop_name: 'Olive', n_mean: n }))).columns;
  it('colours low / optimal / high from the crop range: the chart, legend and map use one rule', () => {
    const { counts, rgba } = colourTrees(trees, 'nRange', { npkRanges: resolveNpkRanges({}) });
    const legend = legendFor('nRange', counts, null, { ...labels, nutrientClass: (c) => c });
    expect(legend.map((e) => [e.label, e.count])).toEqual([
      ['low', 1],
      ['optimal', 1],
      ['high', 1],
    ]);
    expect(Array.from(rgba.subarray(0, 4))).toEqual([...NUTRIENT_CLASS_COLOURS[1]]);
    expect(rgba[15]).toBe(0); // no value: not drawn
  });
  it('words the ends of a relative scale so red is read as "high vigour", not as a problem', () => {
    const legend = legendFor(
      'vitality',
      new Uint32Array(256),
      { lo: 0, hi: 1, count: 0, source: 'default' },
      {
        ...labels,
        ends: () => ({ low: 'low vigour', high: 'high vigour' }),
      },
    );
    expect(legend[0].note).toBe('low vigour');
    expect(legend[5].note).toBe('high vigour');
    expect(legend[5].colour).toEqual(RELATIVE_COLOURS[5]);
  });
  it('the vitality chart takes the map palette: low blue side, high red side', () => {
    const chart = statisticsCharts({ ...computeStatistics(trees, { npkRanges: resolveNpkRanges({}), totalPlots: 0, totalIrrigationAreas: 0 }) }, (k) => k).find(
      (c) => c.key === 'vitality',
    )!;
    expect(chart.data.map((d) => d.colour)).toEqual([
      cssColour(vitalityClassColour('high')),
      cssColour(vitalityClassColour('medium')),
      cssColour(vitalityClassColour('low')),
      cssColour(NO_VALUE_GREY),
    ]);
    expect(RELATIVE_COLOURS.slice(0, 2).map(cssColour)).toContain(cssColour(vitalityClassColour('low')));
    expect(RELATIVE_COLOURS.slice(4).map(cssColour)).toContain(cssColour(vitalityClassColour('high')));
  });
});
