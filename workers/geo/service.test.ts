import { describe, expect, it } from 'vitest';
import { isCancelled, type KeptSurvey } from '../geo-api';
import { createGeoService } from './service';
import { mapData, mercRing, rectRing, treeFeature } from './test-fixtures';

const data = mapData({
  plots: {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { plot_id: 9 }, geometry: { type: 'Polygon', coordinates: [mercRing(rectRing(35, 32, 35.01, 32.01))] } }],
  },
  trees: {
    type: 'FeatureCollection',
    features: [
      treeFeature(35.005, 32.005, { tree_id: 1, tree_status: 0, biomass: 1, crop_name: 'Olive' }),
      treeFeature(35.5, 32.005, { tree_id: 1, tree_status: 3 }),
      treeFeature(35.5, 32.005, { tree_id: 2, tree_status: 3 }),
    ],
  },
});

describe('geo service (worker body)', () => {
  it('reads a kept copy ahead and ingests it when the page asks for that copy', async () => {
    const json = JSON.stringify(data);
    const reads: string[] = [];
    let etag = '"v1"';
    const record = (): KeptSurvey => ({
      projectId: 5,
      userId: 7,
      farmId: null,
      name: 'Kept',
      observationDate: null,
      entry: null,
      related: null,
      statistics: null,
      map: { format: 'json', contentType: 'application/json', etag, bytes: json.length },
      photo: null,
      keptAt: 0,
      openedAt: 0,
      checkedAt: 0,
      pinned: false,
      bytes: json.length,
    });
    const s = createGeoService(undefined, {
      readKept: async (userId, projectId) => {
        reads.push(`${userId}:${projectId}`);
        if (userId === 7 && projectId === 6) return { record: { ...record(), projectId: 6 }, blob: null }; // bytes gone
        return userId === 7 && projectId === 5 ? { record: record(), blob: new Blob([json]) } : null;
      },
    });
    // The record comes back as soon as it is read (the page decides with it); the decode goes on in the worker.
    expect(await s.prepareKept(7, 5)).toMatchObject({ projectId: 5, name: 'Kept' });
    expect(await s.prepareKept(8, 5)).toBeNull();
    expect(await s.prepareKept(7, 6)).toBeNull(); // a record without its bytes is no copy: the page downloads anew
    await s.prepareKept(7, 5);
    expect(reads).toEqual(['7:5', '8:5', '7:6', '7:5']);
    reads.length = 0;
    await s.prepareKept(7, 5);
    expect(reads).toEqual(['7:5']);
    const taken = await s.ingest({ format: 'kept', userId: 7, projectId: 5, etag: '"v1"' });
    expect(taken.treeCount).toBe(2);
    expect(reads).toEqual(['7:5']); // decoded ahead: not read again
    expect(taken.marks['kept-taken']).toBeGreaterThan(0);
    // Taken once: the next ingest reads again, as does a copy decoded ahead under another tag.
    await s.prepareKept(7, 5);
    etag = '"v2"';
    const again = await s.ingest({ format: 'kept', userId: 7, projectId: 5, etag: '"v2"' });
    expect(again.treeCount).toBe(2);
    expect(again.marks['kept-taken']).toBeUndefined();
    expect(reads).toEqual(['7:5', '7:5', '7:5']);
    // Another user's copy, or none: no survey, and a bytes ingest drops what was read ahead.
    await expect(s.ingest({ format: 'kept', userId: 8, projectId: 5, etag })).rejects.toThrow(/not kept/);
    await s.prepareKept(7, 5);
    await s.ingest({ format: 'object', data });
    await s.ingest({ format: 'kept', userId: 7, projectId: 5, etag });
    expect(reads).toEqual(['7:5', '7:5', '7:5', '8:5', '7:5', '7:5']);
    // Without a device reader (tests, server) prepareKept rejects (the page reads the record itself), and a kept
    // ingest says why it fails.
    const bare = createGeoService();
    await expect(bare.prepareKept(7, 5)).rejects.toThrow(/no device/);
    await expect(bare.ingest({ format: 'kept', userId: 7, projectId: 5, etag })).rejects.toThrow(/not kept/);
  });

  it('ingests, colours, counts and describes trees', async () => {
    const s = createGeoService();
    const r = await s.ingest({ format: 'json', bytes: new TextEncoder().encode(JSON.stringify(data)).buffer as ArrayBuffer });
    expect(r.treeCount).toBe(2);
    expect(r.duplicates.tree).toEqual(['1']);
    expect(await s.treeIndex('2')).toBe(1);
    expect(await s.treeIndex('nope')).toBe(-1);
    // "Which tree am I at?": 10 m east of tree 0 it is tree 0 (with its distance); far from both, none.
    const near = await s.nearestTree(35.005 + 10 / (111_195 * Math.cos((32.005 * Math.PI) / 180)), 32.005);
    expect(near?.index).toBe(0);
    expect(near!.distance).toBeCloseTo(10, 1);
    expect(await s.nearestTree(35.2, 32.005)).toBeNull();
    expect(await s.nearestTree(35.2, 32.005, 50_000)).toMatchObject({ index: 0 });
    expect(r.offsets.origin[0]).toBeCloseTo(35.2525, 9);
    expect(r.offsets.origin[1]).toBeCloseTo(32.005, 9);
    expect(r.offsets.values[0]).toBeCloseTo(35.005 - 35.2525, 5);
    expect(r.fit?.maxZoom).toBe(19);
    const c = await s.colours('status', 1);
    expect(isCancelled(c) ? null : Array.from(c.rgba.subarray(4, 8))).toEqual([255, 65, 54, 255]);
    const inPlot = await s.legendCounts('status', { kind: 'plot', part: 0 }, 1);
    expect(isCancelled(inPlot) ? null : Array.from(inPlot.subarray(0, 6))).toEqual([1, 0, 0, 0, 0, 0]);
    const img = await s.treeImage({ zoom: 10, pixelRatio: 1, radius: 2 }, 1);
    expect(img && !isCancelled(img) ? img.coloursId : null).toBe(1);
    const labels = await s.treeLabels([35, 32, 35.01, 32.01], 10);
    expect(labels.text).toEqual(['1']);
    expect(await s.treeProperties(0)).toMatchObject({ tree_id: 1, crop_name: 'Olive', plot_id: '9', biomass: 1 });
    expect(await s.treeProperties(5)).toBeNull();
  });

  it('a newer colours() request cancels an older pending one', async () => {
    const s = createGeoService();
    await s.ingest({ format: 'object', data });
    const older = s.colours('status', 1);
    const newer = s.colours('canopy', 2);
    expect(await older).toEqual({ cancelled: true });
    expect(isCancelled(await newer)).toBe(false);
    const stale = await s.colours('n', 1); // arrives late with an old id
    expect(stale).toEqual({ cancelled: true });
  });

  it('hands over transferables through the injected transfer function', async () => {
    const seen: Transferable[][] = [];
    const s = createGeoService((v, t) => {
      seen.push(t);
      return v;
    });
    await s.ingest({ format: 'object', data });
    const c = await s.colours('k', 1);
    expect(seen[0]).toHaveLength(2);
    expect(seen[1]).toEqual(isCancelled(c) ? [] : [c.rgba.buffer, c.counts.buffer]);
  });
});
