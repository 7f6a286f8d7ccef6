import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { decodeMapDataArrow } from './arrow-decode';
import { encodeMapDataArrow } from './arrow-schema';
import { ingestMapDataGeoJSON } from './ingest-geojson';
import { syntheticFarm } from './synthetic-farm';
import { mapData, mercRing, rectRing, treeFeature } from './test-fixtures';
import type { MapDataResponse } from './types';

function sample(n: number, textIds = false): MapDataResponse {
  return mapData({
    plots: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { plot_id: 1, plot_name: 'A' }, geometry: { type: 'Polygon', coordinates: [mercRing(rectRing(35, 32, 35.1, 32.1))] } },
        { type: 'Feature', properties: { plot_id: 1 }, geometry: { type: 'Polygon', coordinates: [mercRing(rectRing(36, 32, 36.1, 32.1))] } },
      ],
    },
    trees: {
      type: 'FeatureCollection',
      features: Array.from({ length: n }, (_, i) =>
        treeFeature(35 + i * 1e-5, 32.05, {
          tree_id: textIds ? `T${i % 50 === 7 ? 6 : i}` : i === 3 ? null : i,
          tree_status: i % 7,
          crop_name: i % 3 ? 'mango' : null,
          n_mean: i % 5 ? i / 100 : null,
          biomass: i % 4 ? i : 'N/A',
          canopy_diameter: (i % 80) / 10,
          planting_date: '2015-03-01',
          n_label: `${i}`,
        }),
      ),
    },
    biomassRange: { min: 0, max: 10 },
    npkRanges: { mango: { n: { lower: 1, upper: 1.4 } } },
  });
}

describe('Arrow wire form', () => {
  for (const textIds of [false, true]) {
    it(`round-trips to the same dataset as the GeoJSON ingest (${textIds ? 'text' : 'int'} ids)`, () => {
      const json = sample(300, textIds);
      const viaJson = ingestMapDataGeoJSON(json);
      const bytes = encodeMapDataArrow({
        areasCrs: 'EPSG:3857',
        trees: viaJson.trees,
        treeDuplicates: viaJson.duplicates.tree,
        plots: json.plots,
        irrigationAreas: json.irrigationAreas,
        biomassRange: json.biomassRange,
        npkRanges: json.npkRanges,
      });
      const viaArrow = decodeMapDataArrow(bytes);
      expect(viaArrow.trees.length).toBe(viaJson.trees.length);
      expect(viaArrow.trees.positions).toEqual(viaJson.trees.positions);
      expect(viaArrow.trees.ids).toEqual(viaJson.trees.ids);
      expect(Array.from(viaArrow.trees.status)).toEqual(Array.from(viaJson.trees.status));
      expect(Array.from(viaArrow.trees.numeric.biomass)).toEqual(Array.from(viaJson.trees.numeric.biomass));
      expect(viaArrow.trees.text.crop_name.dict).toEqual(viaJson.trees.text.crop_name.dict);
      expect(Array.from(viaArrow.trees.text.n_label.codes)).toEqual(Array.from(viaJson.trees.text.n_label.codes));
      expect(viaArrow.duplicates).toEqual(viaJson.duplicates);
      expect(viaArrow.plots).toEqual(viaJson.plots);
      expect(viaArrow.biomassRange).toEqual({ min: 0, max: 10 });
      expect(viaArrow.npkRanges).toEqual(json.npkRanges);
    });
  }

  it('uses compact types and decodes measures without copying', () => {
    const d = ingestMapDataGeoJSON(sample(2000));
    const bytes = encodeMapDataArrow({ areasCrs: 'EPSG:3857', trees: d.trees, plots: sample(0).plots, irrigationAreas: sample(0).irrigationAreas });
    const table = tableFromIPC(bytes);
    expect(String(table.schema.fields.find((f) => f.name === 'biomass')?.type)).toBe('Float32');
    expect(String(table.schema.fields.find((f) => f.name === 'tree_id')?.type)).toBe('Int32');
    expect(String(table.schema.fields.find((f) => f.name === 'tree_status')?.type)).toBe('Uint8');
    expect(String(table.schema.fields.find((f) => f.name === 'crop_name')?.type)).toMatch(/Dictionary/);
    const back = decodeMapDataArrow(bytes);
    expect(back.trees.numeric.biomass.buffer).toBe(back.trees.status.buffer); // views into the IPC buffer
    expect(back.trees.positions.buffer).not.toBe(back.trees.status.buffer); // own buffer, safe to transfer
  });

  it('is at least 5x smaller than the JSON form for a realistic farm', () => {
    const farm = syntheticFarm({ trees: 5000 });
    const d = ingestMapDataGeoJSON(farm);
    const bytes = encodeMapDataArrow({ areasCrs: 'EPSG:3857', trees: d.trees, plots: farm.plots, irrigationAreas: farm.irrigationAreas });
    expect(bytes.byteLength * 5).toBeLessThan(JSON.stringify(farm).length);
  });
});
