// Proves that big arrays cross the worker boundary as transfers, not clones:
// a real worker thread running the same service through Comlink.
import { afterAll, describe, expect, it } from 'vitest';
import { MessageChannel, Worker } from 'node:worker_threads';
import { expose, transfer, wrap } from 'comlink';
import type { GeoWorkerApi } from './geo-api';
import { nodeEndpoint } from './geo-node-endpoint';
import { encodeMapDataArrow } from './geo/arrow-schema';
import { ingestMapDataGeoJSON } from './geo/ingest-geojson';
import { createGeoService } from './geo/service';
import { mapData, treeFeature } from './geo/test-fixtures';

const json = mapData({
  trees: {
    type: 'FeatureCollection',
    features: Array.from({ length: 500 }, (_, i) => treeFeature(35 + i * 1e-5, 32, { tree_id: i, tree_status: i % 6, canopy_diameter: i % 9 })),
  },
});
const arrowBytes = () => {
  const d = ingestMapDataGeoJSON(json);
  const b = encodeMapDataArrow({ areasCrs: 'EPSG:3857', trees: d.trees, plots: json.plots, irrigationAreas: json.irrigationAreas });
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

describe('geo worker transfer', () => {
  // Node 20 does not apply `--import tsx` hooks inside workers: register tsx from the worker itself.
  const entry = new URL('./geo.node-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true });
  const api = wrap<GeoWorkerApi>(nodeEndpoint(worker));
  afterAll(() => worker.terminate());

  it('the Arrow bytes sent to a worker thread are detached on the caller side', async () => {
    const bytes = arrowBytes();
    expect(bytes.byteLength).toBeGreaterThan(0);
    const r = await api.ingest(transfer({ format: 'arrow', bytes }, [bytes]));
    expect(bytes.byteLength).toBe(0); // detached: moved, not copied
    expect(r.treeCount).toBe(500);
    expect(r.positions).toBeInstanceOf(Float64Array);
    expect(r.positions[0]).toBeCloseTo(35, 9);
    const c = await api.colours('canopy', 1);
    expect('rgba' in c && c.rgba.length).toBe(2000);
  }, 30_000);

  it('the worker-side RGBA and position buffers are detached after the call', async () => {
    const { port1, port2 } = new MessageChannel();
    const service = createGeoService(transfer);
    const kept: ArrayBuffer[] = [];
    const spy: GeoWorkerApi = {
      ...service,
      ingest: async (input) => {
        const r = await service.ingest(input);
        kept.push(r.positions.buffer as ArrayBuffer);
        return r;
      },
      colours: async (mode, id) => {
        const r = await service.colours(mode, id);
        if ('rgba' in r) kept.push(r.rgba.buffer as ArrayBuffer);
        return r;
      },
    };
    expose(spy, nodeEndpoint(port1));
    const remote = wrap<GeoWorkerApi>(nodeEndpoint(port2));
    const r = await remote.ingest({ format: 'object', data: json });
    const c = await remote.colours('status', 1);
    expect(r.positions.length).toBe(1000);
    expect('rgba' in c && c.rgba.byteLength).toBe(2000);
    expect(kept.map((b) => b.byteLength)).toEqual([0, 0]); // the sender's buffers were moved
    port1.close();
    port2.close();
  });
});
