import { describe, expect, it } from 'vitest';
import { isCancelled } from '../geo-api';
import { CHANGE } from './compare';
import { createGeoService } from './service';
import { mapData, mercRing, rectRing, treeFeature } from './test-fixtures';

const plots = {
  type: 'FeatureCollection' as const,
  features: [
    {
      type: 'Feature' as const,
      properties: { plot_id: 1, plot_name: 'North' },
      geometry: { type: 'Polygon' as const, coordinates: [mercRing(rectRing(35, 32, 35.01, 32.01))] },
    },
    {
      type: 'Feature' as const,
      properties: { plot_id: 2, plot_name: 'East' },
      geometry: { type: 'Polygon' as const, coordinates: [mercRing(rectRing(35.02, 32, 35.03, 32.01))] },
    },
  ],
};
const earlier = mapData({
  plots,
  trees: {
    type: 'FeatureCollection',
    features: [
      treeFeature(35.001, 32.001, { tree_id: 1, tree_status: 0, biomass: 0.6, n_mean: 2, row_num: 1, tree_num: 1, plot_id: 1 }),
      treeFeature(35.002, 32.001, { tree_id: 2, tree_status: 0, biomass: 0.5, n_mean: 2.2, row_num: 1, tree_num: 2, plot_id: 1 }),
      treeFeature(35.021, 32.001, { tree_id: 3, tree_status: 1, biomass: 0.4, row_num: 1, tree_num: 1, plot_id: 2 }),
      treeFeature(35.022, 32.001, { tree_id: 4, tree_status: 0, biomass: 0.4, row_num: 1, tree_num: 2, plot_id: 2 }),
    ],
  },
});
const later = mapData({
  plots,
  trees: {
    type: 'FeatureCollection',
    features: [
      treeFeature(35.001, 32.001, { tree_id: 1, tree_status: 0, biomass: 0.7, n_mean: 2.4, row_num: 1, tree_num: 1, plot_id: 1 }),
      treeFeature(35.002, 32.001, { tree_id: 2, tree_status: 4, row_num: 1, tree_num: 2, plot_id: 1 }),
      treeFeature(35.021, 32.001, { tree_id: 3, tree_status: 0, biomass: 0.5, row_num: 1, tree_num: 1, plot_id: 2 }),
      treeFeature(35.025, 32.002, { tree_id: 5, tree_status: 0, biomass: 0.2, row_num: 2, tree_num: 1, plot_id: 2 }),
    ],
  },
});
const bytes = (d: unknown) => new TextEncoder().encode(JSON.stringify(d)).buffer as ArrayBuffer;

describe('comparison, zone table and tree list in the worker', () => {
  it('compares with an earlier survey, draws its gone trees after ours, and returns to one survey', async () => {
    const s = createGeoService();
    await s.ingest({ format: 'object', data: later });
    const r = await s.compare({ format: 'json', bytes: bytes(earlier) }, false);
    expect(r).toMatchObject({ otherCount: 4, matched: 3, extraCount: 1 });
    expect(Array.from(r!.drawn!.positions.subarray(8)).map((v) => Math.round(v * 1000) / 1000)).toEqual([35.022, 32.001]);
    expect(r!.drawn!.offsets.values.length).toBe(10);
    const c = await s.colours('change', 1);
    if (isCancelled(c)) throw new Error('cancelled');
    expect(c.rgba.length).toBe(4 * 5);
    expect(Array.from(c.counts.subarray(0, 7))).toEqual([1, 0, 1, 1, 1, 1, 0]);
    expect(await s.treeProperties(4)).toMatchObject({ tree_id: 4, only_in: 'compared' });
    const before = await s.comparedProperties(0);
    expect(before?.tree_id).toBe(1);
    expect(before?.biomass).toBeCloseTo(0.6);
    expect(await s.comparedProperties(3)).toBeNull(); // tree 5 is new

    const zones = await s.zones();
    expect(zones.map((z) => [z.kind, z.name, z.stats.total_trees])).toEqual([
      ['plot', 'North', 2],
      ['plot', 'East', 2],
    ]);
    expect(zones[0].change?.counts[CHANGE.lost]).toBe(1);
    expect(zones[1].change?.counts[CHANGE.gone]).toBe(1);
    expect(zones[0].change?.vitality).toBeCloseTo(0.1);
    expect(zones[0].stats.spread.n).toMatchObject({ count: 1 });

    const list = await s.treeList({ mode: 'change', hidden: [CHANGE.stable, CHANGE.improved] }, { key: 'plot', desc: false }, 1);
    if (isCancelled(list)) throw new Error('cancelled');
    // East sorts before North; inside a plot by row and tree.
    expect(Array.from(list.drawn)).toEqual([4, 3, 1]);
    expect(Array.from(list.ids as Int32Array)).toEqual([4, 5, 2]);
    expect(Array.from(list.change!)).toEqual([CHANGE.gone, CHANGE.new, CHANGE.lost]);
    const byVitality = await s.treeList({ mode: 'status', hidden: [], zone: { kind: 'plot', part: 1 } }, { key: 'vitality', desc: true }, 2);
    if (isCancelled(byVitality)) throw new Error('cancelled');
    expect(Array.from(byVitality.ids as Int32Array)).toEqual([3, 5]);

    expect(await s.compare(null, false)).toBeNull();
    await expect(s.colours('change', 3)).rejects.toThrow(/compare/);
    const one = await s.colours('status', 4);
    expect(isCancelled(one) ? 0 : one.rgba.length).toBe(4 * 4);
  });
});
