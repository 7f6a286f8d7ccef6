import { describe, expect, it } from 'vitest';
import type { ClientData } from '../../../api/admin-data';
import { editorStats, filterEditorData } from './editor-search';
import { toCsv } from './editor-export';
import { EditHistory } from './edit-history';
import { TreeColumns } from '../../../api/admin-data-trees';

const sq = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};
const data = {
  plots: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: sq,
        properties: { type: 'plot', id: 1, name: 'North', plot_id: 1, plot_name: 'North', plot_area: 2.5, crop_name: 'Almond' },
      },
      {
        type: 'Feature',
        geometry: sq,
        properties: { type: 'plot', id: 2, name: 'South', plot_id: 2, plot_name: 'South', plot_area: 1.26, crop_name: 'Olive' },
      },
    ],
  },
  irrigationAreas: {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: sq, properties: { type: 'irrigation', id: 5, irrigation_area_name: 'Block A', plot_name: 'North' } }],
  },
  // Trees as the columns the server sends (breed names by id, plot names from the plots).
  trees: new TreeColumns(
    {
      format: 'columns',
      count: 2,
      tree_id: [9, 10],
      row_num: [12, 4],
      tree_num: [3, 7],
      breed_id: [1, 2],
      plot_id: [1, 2],
      irrigation_area_id: [null, null],
      lon: [0.5, 0.5],
      lat: [0.5, 0.5],
      planting_date: [null, '2020-01-02'],
      version: [1, 1],
      breeds: { 1: 'Almond-Carmel', 2: '=cmd()' },
    },
    {
      clientId: 1,
      plot: new Map([
        [1, 'North'],
        [2, 'South'],
      ]),
      area: new Map(),
    },
  ),
} as unknown as ClientData;

describe('editor search', () => {
  it('filters all three tables, case-insensitively, over name, crop, plot, breed, row and tree numbers', () => {
    const r = filterEditorData(data, 'NORTH');
    expect([r.plots.length, r.areas.length, r.trees.length]).toEqual([1, 1, 1]);
    expect(filterEditorData(data, 'olive').plots.map((f) => f.properties.id)).toEqual([2]);
    const treeIds = (q: string) => filterEditorData(data, q).trees.map((i) => data.trees.feature(i).properties.id);
    expect(treeIds('carmel')).toEqual([9]);
    expect(treeIds('7')).toEqual([10]);
    expect(treeIds('12')).toEqual([9]);
    expect(filterEditorData(data, 'zzz')).toMatchObject({ plots: [], areas: [], trees: [] });
    expect(filterEditorData(data, '  ').trees).toHaveLength(2);
  });
  it('gives total area to 1 decimal and average to 2', () => {
    expect(editorStats(data)).toMatchObject({ plots: 2, areas: 1, trees: 2, totalArea: '3.8', averageArea: '1.88' });
    expect(editorStats(null)).toMatchObject({ totalArea: '0.0', averageArea: '0.00' });
  });
});

describe('export and history', () => {
  it('exports CSV with WKT and neutralises formulas', () => {
    const csv = toCsv(data).slice(1).trimEnd().split('\r\n');
    expect(csv[0]).toMatch(/^type,id,name/);
    expect(csv).toHaveLength(6);
    expect(csv[4]).toContain('"POINT (0.5 0.5)"'.replace(/"/g, ''));
    expect(csv[5]).toContain("'=cmd()");
  });
  it('undoes and redoes saved geometry edits in order', () => {
    const h = new EditHistory();
    const a = { type: 'plot' as const, id: 1, before: sq, after: sq };
    const b = { type: 'plot' as const, id: 2, before: sq, after: sq };
    h.push(a);
    h.push(b);
    expect(h.undo()).toBe(b);
    expect(h.canRedo).toBe(true);
    expect(h.redo()).toBe(b);
    h.undo();
    h.push(a);
    expect(h.canRedo).toBe(false);
    h.forget('plot', 1);
    expect(h.canUndo).toBe(false);
  });
});
