import { describe, expect, it } from 'vitest';
import { ingestMapDataGeoJSON } from './ingest-geojson';
import { mapData, treeFeature } from './test-fixtures';
import { rowsToTreeColumns } from './tree-columns';
import { idAt } from './tree-ids';

describe('columnar tree ingest', () => {
  it('projects to lon/lat, parses values, dictionary-encodes text', () => {
    const d = ingestMapDataGeoJSON(
      mapData({
        trees: {
          type: 'FeatureCollection',
          features: [
            treeFeature(35.2, 32.7, { tree_id: 1, tree_status: 2, crop_name: 'Avocado', n_mean: '2.1', biomass: 'N/A' }),
            treeFeature(35.3, 32.8, { tree_id: 2, tree_status: null, crop_name: 'Avocado', n_mean: null }),
          ],
        },
      }),
    );
    const t = d.trees;
    expect(t.length).toBe(2);
    expect(t.positions[0]).toBeCloseTo(35.2, 9);
    expect(t.positions[3]).toBeCloseTo(32.8, 9);
    expect(Array.from(t.status)).toEqual([2, 5]);
    expect(t.numeric.n_mean[0]).toBeCloseTo(2.1, 6);
    expect(t.numeric.n_mean[1]).toBeNaN();
    expect(t.numeric.biomass[0]).toBeNaN();
    expect(t.text.crop_name.dict).toEqual(['', 'Avocado']);
    expect(t.text.crop_name.codes).toBeInstanceOf(Uint8Array);
    expect(Array.from(t.text.crop_name.codes)).toEqual([1, 1]);
    expect(t.ids.kind).toBe('int');
  });

  it('drops duplicate tree ids (first wins) and generates ids', () => {
    const b = rowsToTreeColumns([
      { lon: 1, lat: 1, tree_id: 7 },
      { lon: 2, lat: 2, tree_id: '7' },
      { lon: 3, lat: 3 },
      { lon: 4, lat: 4, tree_id: 8 },
    ]);
    expect(b.columns.length).toBe(3);
    expect(b.duplicates).toEqual(['7']);
    expect(b.generatedIds).toBe(1);
    expect([0, 1, 2].map((i) => idAt(b.columns.ids, i))).toEqual([7, -1, 8]);
  });

  it('switches to text ids when one id is not an integer', () => {
    const b = rowsToTreeColumns([
      { lon: 0, lat: 0, tree_id: 1 },
      { lon: 0, lat: 0 },
      { lon: 0, lat: 0, tree_id: 'A-1' },
      { lon: 0, lat: 0, tree_id: 'A-1' },
    ]);
    expect(b.columns.ids.kind).toBe('text');
    expect([0, 1, 2].map((i) => idAt(b.columns.ids, i))).toEqual(['1', 'tree_gen0', 'A-1']);
    expect(b.duplicates).toEqual(['A-1']);
  });

  it('uses Uint32 codes past 65536 distinct values', () => {
    const rows = Array.from({ length: 70_000 }, (_, i) => ({ lon: 0, lat: 0, tree_id: i, n_label: `L${i}` }));
    const b = rowsToTreeColumns(rows);
    expect(b.columns.text.n_label.codes).toBeInstanceOf(Uint32Array);
    expect(b.columns.text.n_label.dict[b.columns.text.n_label.codes[69_999]]).toBe('L69999');
  });
});
