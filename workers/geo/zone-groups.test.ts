import { describe, expect, it } from 'vitest';
import { ingestMapDataGeoJSON } from './ingest-geojson';
import { surveyStatistics } from './survey-statistics';
import { groupZones } from './zone-groups';
import { resolveNpkRanges } from './npk-ranges';
import { mapData, mercRing, rectRing, treeFeature } from './test-fixtures';

const square = (x: number, y: number) => [mercRing(rectRing(x, y, x + 0.01, y + 0.01))];
const d = ingestMapDataGeoJSON(
  mapData({
    plots: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { plot_id: 1, plot_name: 'West' }, geometry: { type: 'Polygon', coordinates: square(35, 32) } },
        // One plot in two parts: one zone.
        {
          type: 'Feature',
          properties: { plot_id: 2, plot_name: 'East' },
          geometry: { type: 'MultiPolygon', coordinates: [square(35.02, 32), square(35.04, 32)] },
        },
      ],
    },
    irrigationAreas: {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { irrigation_area_id: 10, plot_id: 2 }, geometry: { type: 'Polygon', coordinates: square(35.02, 32) } },
        { type: 'Feature', properties: { irrigation_area_id: 11 }, geometry: { type: 'Polygon', coordinates: square(35, 32) } },
      ],
    },
    trees: {
      type: 'FeatureCollection',
      features: [
        treeFeature(35.005, 32.005, { tree_id: 1, tree_status: 0, plot_id: 1, irrigation_area_id: 11 }),
        // Stored in plot 2 although it stands in plot 1: the stored id wins (the server assigned it when it was written).
        treeFeature(35.006, 32.005, { tree_id: 2, tree_status: 3, plot_id: 2 }),
        // No stored ids: placed by point-in-polygon, here in the second part of plot 2.
        treeFeature(35.045, 32.005, { tree_id: 3, tree_status: 1 }),
        treeFeature(35.025, 32.005, { tree_id: 4, tree_status: 4, plot_id: 2, irrigation_area_id: 10 }),
        // A stored id of no zone of this survey and outside every polygon: no zone.
        treeFeature(36, 33, { tree_id: 5, tree_status: 0, plot_id: 99 }),
      ],
    },
  }),
);

describe('one zone grouping (stored ids first, point-in-polygon only without them)', () => {
  const g = groupZones(d);
  it('groups trees by stored id, places id-less trees by geometry, joins MultiPolygon parts', () => {
    expect(g.plots.map((z) => [z.id, z.parts])).toEqual([
      ['1', [0]],
      ['2', [1, 2]],
    ]);
    expect(Array.from(g.treePlot)).toEqual([0, 1, 1, 1, -1]);
    expect(Array.from(g.plots[1].rows)).toEqual([1, 2, 3]);
    expect(Array.from(g.treeArea)).toEqual([1, 1, -1, 0, -1]);
    expect(Array.from(g.plotOfPart)).toEqual([0, 1, 1]);
  });
  it("takes an area's plot from its stored plot_id, else from its vertices", () => {
    expect(Array.from(g.areaPlot)).toEqual([1, 0]);
  });
  it('gives the statistics response per zone from that grouping', () => {
    const s = surveyStatistics(d, g, { npkRanges: resolveNpkRanges({}), vitalityRange: { lo: 0, hi: 1 } });
    expect(s.total.total_trees).toBe(5);
    expect(s.total.total_plots).toBe(2);
    expect(s.plots.map((p) => [p.plot_id, p.name, p.statistics.total_trees, p.statistics.total_irrigation_areas])).toEqual([
      [1, 'West', 1, 1],
      [2, 'East', 3, 1],
    ]);
    expect(s.plots[1].statistics.status_counts.map((c) => c.count)).toEqual([0, 1, 0, 1, 1, 0]);
    expect(s.irrigation_areas.map((a) => [a.irrigation_area_id, a.plot_id, a.statistics.total_trees])).toEqual([
      [10, 2, 1],
      [11, null, 2],
    ]);
  });
});
