import { describe, expect, it } from 'vitest';
import type { ClientData } from '../../../api/admin-data';
import { editorStats, filterEditorData } from './editor-search';
import { toCsv } from './editor-export';
import { EditHistory } from './edit-history';

const sq = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
const data = {
  plots: { type: 'FeatureCollection', features: [
    { type: 'Feature', geometry: sq, properties: { type: 'plot', id: 1, name: 'North', plot_id: 1, plot_name: 'North', plot_area: 2.5, crop_name: 'Almond' } },
    { type: 'Feature', geometry: sq, properties: { type: 'plot', id: 2, name: 'South', plot_id: 2, plot_name: 'South', plot_area: 1.26, crop_name: 'Olive' } },
  ] },
  irrigationAreas: { type: 'FeatureCollection', features: [
    { type: 'Feature', geometry: sq, properties: { type: 'irrigation', id: 5, irrigation_area_name: 'Block A', plot_name: 'North' } },
  ] },
  trees: { type: 'FeatureCollection', features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [0.5, 0.5] }, properties: { type: 'tree', id: 9, row_num: 12, tree_num: 3, breed_name: 'Almond-Carmel', plot_name: 'North' } },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [0.5, 0.5] }, properties: { type: 'tree', id: 10, row_num: 4, tree_num: 7, breed_name: '=cmd()', plot_name: 'South' } },
  ] },
} as unknown as ClientData;

describe('editor search', () => {
  it('filters all three tables, case-insensitively, over name, crop, plot, breed, row and tree numbers', () => {
    const r = filterEditorData(data, 'NORTH');
    expect([r.plots.length, r.areas.length, r.trees.length]).toEqual([1, 1, 1]);
    expect(filterEditorData(data, 'olive').plots.map((f) => f.properties.id)).toEqual([2]);
    expect(filterEditorData(data, 'carmel').trees.map((f) => f.properties.id)).toEqual([9]);
    expect(filterEditorData(data, '7').trees.map((f) => f.properties.id)).toEqual([10]);
    expect(filterEditorData(data, '12').trees.map((f) => f.properties.id)).toEqual([9]);
    expect(filterEditorData(data, 'zzz')).toEqual({ plots: [], areas: [], trees: [] });
    expect(filterEditorData(data, '  ').trees).toHaveLength(2);
  });
  it('gives total area to 1 decimal and average to 2', () => {
    expect(editorStats(data)).toMatchObject({ plots: 2, areas: 1, trees: 2, totalArea: '3.8', averageArea: '1.88' });
    expect(editorStats(null)).toMatchObject({ totalArea: '0.0', averageArea: '0.00' });
  });
});

describe('export and history', () => {
  it('exports CSV with WKT and neutralises formulas', () => {
    const csv = toCsv(data).split('\r\n');
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
