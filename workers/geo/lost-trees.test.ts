import { describe, expect, it } from 'vitest';
import { ingestMapDataGeoJSON } from './ingest-geojson';
import { lostTrees } from './lost-trees';
import { mapSnapshot } from './map-snapshot';
import { analyseDataset } from './pipeline';
import { mapData, mercRing, rectRing, treeFeature } from './test-fixtures';

const plot = (id: number, x0: number, x1: number) => ({
  type: 'Feature' as const,
  properties: { plot_id: id, plot_name: `P${id}` },
  geometry: { type: 'Polygon' as const, coordinates: [mercRing(rectRing(x0, 0, x1, 1))] },
});
const tree = (lon: number, status: number, plotId: number | null, row: number | null, num: number | null, id: number) =>
  treeFeature(lon, 0.5, { tree_status: status, plot_id: plotId, row_num: row, tree_num: num }, id);

const d = ingestMapDataGeoJSON(
  mapData({
    plots: { type: 'FeatureCollection', features: [plot(1, 0, 1), plot(2, 2, 3)] },
    trees: {
      type: 'FeatureCollection',
      features: [
        tree(0.1, 3, 1, 2, 7, 1),
        tree(0.2, 4, 1, 2, 3, 2),
        tree(0.3, 3, 1, 1, 9, 3),
        tree(0.4, 0, 1, 1, 1, 4),
        tree(0.5, 3, 1, null, 4, 5),
        tree(0.6, 4, 1, 2, null, 6),
        tree(2.5, 0, 2, 1, 1, 7),
        tree(5, 4, null, 1, 1, 8),
      ],
    },
  }),
);

describe('lostTrees', () => {
  it('lists dead and missing trees by plot, row (numbered rows first) and tree number; trees in no plot last', () => {
    const a = analyseDataset(d);
    const out = lostTrees(d.trees, a.zones.treePlot, a.zones.plots.length);
    expect(out.map((g) => [g.plot, g.dead, g.missing])).toEqual([
      [0, 3, 2],
      [-1, 0, 1],
    ]);
    expect(out[0].rows).toEqual([
      { row: 1, dead: [9], missing: [], unnumbered: { dead: 0, missing: 0 } },
      { row: 2, dead: [7], missing: [3], unnumbered: { dead: 0, missing: 1 } },
      { row: null, dead: [4], missing: [], unnumbered: { dead: 0, missing: 0 } },
    ]);
  });
});

describe('mapSnapshot', () => {
  it('frames plots and trees in one picture of the requested size, outlines as paths over the tree image', () => {
    const rgba = new Uint8Array(4 * d.trees.length).fill(255);
    const s = mapSnapshot({ count: d.trees.length, positions: d.trees.positions, rgba, plots: d.plots.map((p) => p.geometry), areas: [], side: 500 })!;
    const [, , w, h] = s.viewBox;
    expect(Math.max(w, h)).toBeGreaterThan(500);
    expect(Math.max(w, h)).toBeLessThan(510);
    expect(s.plots).toHaveLength(2);
    expect(s.plots[0]).toMatch(/^M[\d. L]+Z$/);
    const r = s.trees!.raster;
    // The image lies inside the frame, and each of the 8 trees painted a dot.
    expect(s.trees!.x).toBeGreaterThanOrEqual(s.viewBox[0]);
    expect(s.trees!.x + r.width).toBeLessThanOrEqual(s.viewBox[0] + w + 2);
    let painted = 0;
    for (let i = 3; i < r.data.length; i += 4) if (r.data[i]) painted++;
    expect(painted).toBeGreaterThanOrEqual(8);
    expect(mapSnapshot({ count: 0, positions: new Float64Array(), rgba: new Uint8Array(), plots: [], areas: [], side: 500 })).toBeNull();
  });
});
