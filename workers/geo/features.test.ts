import { describe, expect, it } from 'vitest';
import { normalizeAreas } from './features';
import { mercRing, rectRing } from './test-fixtures';
import type { AreaGeometry, PlotProperties } from './types';
import type { FeatureCollection } from 'geojson';

const poly = (x: number): AreaGeometry => ({ type: 'Polygon', coordinates: [mercRing(rectRing(x, 32, x + 0.01, 32.01))] });
const fc = (features: FeatureCollection<AreaGeometry | null, PlotProperties>['features']) => ({ type: 'FeatureCollection' as const, features });

describe('plots and irrigation areas (client.md §4)', () => {
  it('keeps the first of each id, lists duplicates once, generates missing ids', () => {
    const r = normalizeAreas(
      fc([
        { type: 'Feature', properties: { plot_id: 1, name: 'a' }, geometry: poly(35) },
        { type: 'Feature', properties: { plot_id: 1, name: 'b' }, geometry: poly(35.1) },
        { type: 'Feature', properties: { plot_id: 1, name: 'c' }, geometry: poly(35.2) },
        { type: 'Feature', properties: { name: 'no id' }, geometry: poly(35.3) },
        { type: 'Feature', id: 'plot_gen0', properties: {}, geometry: poly(35.4) },
      ]),
      { kind: 'plot', idField: 'plot_id', fromMercator: true },
    );
    expect(r.features.map((f) => f.id)).toEqual([1, 'plot_gen1', 'plot_gen0']);
    expect(r.features[0].properties.name).toBe('a');
    expect(r.duplicates).toEqual(['1']);
    expect(r.generatedIds).toBe(1);
  });

  it('splits MultiPolygons into _poly{n} parts counted from 0 and projects to lon/lat', () => {
    const multi: AreaGeometry = { type: 'MultiPolygon', coordinates: [0, 1, 2].map((k) => [mercRing(rectRing(35 + k, 32, 35.5 + k, 32.5))]) };
    const r = normalizeAreas(fc([{ type: 'Feature', properties: { plot_id: 'P' }, geometry: multi }]), {
      kind: 'plot',
      idField: 'plot_id',
      fromMercator: true,
    });
    expect(r.features.map((f) => f.id)).toEqual(['P_poly0', 'P_poly1', 'P_poly2']);
    expect(r.features.every((f) => f.sourceId === 'P')).toBe(true);
    expect(r.features[2].geometry.coordinates[0][0][0]).toBeCloseTo(37, 9);
    expect(r.features[2].geometry.coordinates[0][0][1]).toBeCloseTo(32, 9);
  });

  it('drops features without polygon geometry', () => {
    const r = normalizeAreas(fc([{ type: 'Feature', properties: { plot_id: 2 }, geometry: null }]), { kind: 'plot', idField: 'plot_id', fromMercator: true });
    expect(r.features).toHaveLength(0);
    expect(r.skipped).toBe(1);
  });
});
