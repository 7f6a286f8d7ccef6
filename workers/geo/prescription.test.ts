import { area as turfArea, intersect, featureCollection, multiPolygon, polygon } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { analyseDataset } from './pipeline';
import { ingestMapDataGeoJSON } from './ingest-geojson';
import { buildPrescription, majorityClass, PrescriptionError } from './prescription';
import { mapData, mercRing, rectRing, treeFeature } from './test-fixtures';
import { areaSquareMeters } from './geodesy';
import type { PrescriptionInput } from './prescription-input';

const west = mercRing(rectRing(35, 32, 35.001, 32.001));
const tri = mercRing([
  [35.002, 32],
  [35.003, 32],
  [35.002, 32.001],
  [35.002, 32],
]);
const avocado = { crop_name: 'avocado', plot_id: 1 };
const d = ingestMapDataGeoJSON(
  mapData({
    plots: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { plot_id: 1, plot_name: 'West' }, geometry: { type: 'Polygon', coordinates: [west] } },
        { type: 'Feature', properties: { plot_id: 2, plot_name: 'Tri' }, geometry: { type: 'Polygon', coordinates: [tri] } },
      ],
    },
    trees: {
      type: 'FeatureCollection',
      features: [
        // West (avocado N range 1.6–2.0): three low, two optimal and a Dead optimal (measured, not treated) → a tie → low.
        ...[1, 2, 3].map((k) => treeFeature(35.0001 + k * 0.0001, 32.0002, { ...avocado, tree_id: k, tree_status: 0, n_mean: 1.0 })),
        ...[4, 5].map((k) => treeFeature(35.0001 + k * 0.0001, 32.0005, { ...avocado, tree_id: k, tree_status: 1, n_mean: 1.8 })),
        treeFeature(35.0007, 32.0008, { ...avocado, tree_id: 6, tree_status: 3, n_mean: 1.9 }),
        // Missing: not measured, not treated.
        treeFeature(35.0008, 32.0008, { ...avocado, tree_id: 7, tree_status: 4, n_mean: 1.0 }),
        // Tri: no N → the default rate.
        treeFeature(35.0022, 32.0002, { crop_name: 'avocado', plot_id: 2, tree_id: 8, tree_status: 0 }),
      ],
    },
  }),
);
const a = analyseDataset(d);
const base: PrescriptionInput = { layer: 'n', unit: 'plot', product: 'Urea', rateUnit: 'kg/ha', rates: [30, 20, 10], defaultRate: 15 };

describe('prescription zones, classes and rates', () => {
  it('gives a plot the majority class of its measured trees (a tie to the lower class) and the default rate without any', () => {
    const p = buildPrescription(d, a, base);
    const [w, t] = p.zones;
    expect(w).toMatchObject({ key: '1', name: 'West', trees: 7, treated: 5, measured: 6, counts: [3, 3, 0], cls: 0, rate: 30 });
    expect(t).toMatchObject({ key: '2', name: 'Tri', trees: 1, treated: 1, measured: 0, cls: -1, rate: 15 });
    expect(w.areaHa).toBeCloseTo(areaSquareMeters({ type: 'Polygon', coordinates: [d.plots[0].geometry.coordinates[0]] }) / 1e4, 9);
    expect(w.quantity).toBeCloseTo(30 * w.areaHa, 9);
    expect(p.total.quantity).toBeCloseTo(30 * w.areaHa + 15 * t.areaHa, 9);
    expect(p.byRate.map((r) => [r.rate, r.zones])).toEqual([
      [15, 1],
      [30, 1],
    ]);
  });

  it('meters g/tree as kg/ha over the treated trees', () => {
    const p = buildPrescription(d, a, { ...base, rateUnit: 'g/tree', rates: [400, 200, 0], defaultRate: 100 });
    const [w] = p.zones;
    expect(w.quantity).toBeCloseTo((400 * 5) / 1000, 9);
    expect(w.applied).toBeCloseTo(w.quantity / w.areaHa, 9);
    expect(p.total.quantityUnit).toBe('kg');
  });

  it('clips grid cells to the plots: the zones cover the farm exactly, none reaches outside', () => {
    const p = buildPrescription(d, a, { ...base, unit: 'grid', gridSize: 10 });
    const farm = featureCollection(d.plots.map((f) => polygon(f.geometry.coordinates)));
    const farmArea = d.plots.reduce((s, f) => s + areaSquareMeters(f.geometry), 0);
    const zoneArea = p.zones.reduce((s, z) => s + z.areaHa * 1e4, 0);
    expect(zoneArea / farmArea).toBeCloseTo(1, 5);
    for (const z of p.zones) {
      const inside = d.plots.reduce((s, f) => {
        const x = intersect(featureCollection<Polygon | MultiPolygon>([multiPolygon(z.polygons), polygon(f.geometry.coordinates)]));
        return s + (x ? turfArea(x) : 0);
      }, 0);
      expect(inside / (z.areaHa * 1e4), z.key).toBeCloseTo(1, 4);
      expect(z.areaHa * 1e4).toBeLessThanOrEqual(100 * 1.001);
    }
    expect(farm.features.length).toBe(2);
    expect(p.zones.reduce((s, z) => s + z.trees, 0)).toBe(8);
    expect(p.grid).not.toBeNull();
    // The trees' cells carry their classes; every other cell has the default rate.
    expect(p.zones.filter((z) => z.cls >= 0).reduce((s, z) => s + z.measured, 0)).toBe(6);
  });

  it('refuses a grid with too many cells, a survey without irrigation areas for that unit, and a wrong number of rates', () => {
    const big = ingestMapDataGeoJSON(
      mapData({
        plots: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: { plot_id: 1 }, geometry: { type: 'Polygon', coordinates: [mercRing(rectRing(35, 32, 35.1, 32.1))] } }],
        },
      }),
    );
    expect(() => buildPrescription(big, analyseDataset(big), { ...base, unit: 'grid', gridSize: 5 })).toThrow(PrescriptionError);
    expect(() => buildPrescription(d, a, { ...base, unit: 'irrigation_area' })).toThrow(/no irrigation areas/);
    expect(() => buildPrescription(d, a, { ...base, rates: [1, 2] })).toThrow(/3 numbers/);
  });

  it('majority class', () => {
    expect(majorityClass([0, 0, 0])).toBe(-1);
    expect(majorityClass([1, 4, 4])).toBe(1);
    expect(majorityClass([0, 0, 2, 1, 0, 0])).toBe(2);
  });
});
