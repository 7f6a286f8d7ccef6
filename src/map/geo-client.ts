// App-side handle on the geo worker: creates it, wraps it with Comlink and
// exposes typed async calls. A colours()/legendCounts()/treeImage()/treeList()
// call overtaken by a newer call of the same kind resolves as { cancelled: true }
// (the worker also skips the work if the newer request arrives before it starts).
import { releaseProxy, transfer, wrap, type Endpoint, type Remote } from 'comlink';
import type { MapFormat } from '../api/map-data';
import {
  isCancelled,
  type Cancelled,
  type ColourMode,
  type ColoursResult,
  type CompareResult,
  type GeoWorkerApi,
  type ImageRequest,
  type IngestResult,
  type KeptRef,
  type KeptSurvey,
  type ListFilter,
  type ListSort,
  type MapFit,
  type TreeFieldValues,
  type TreeImageResult,
  type TreeLabels,
  type TreeList,
  type TreeOffsets,
  type TreeStatistics,
  type ZoneRef,
  type ZoneRow,
} from '../../workers/geo-api';
import type { MapDataResponse } from '../../workers/geo/types';
import type { PrescriptionPreview } from '../../workers/geo/prescription';
import type { PrescriptionInput } from '../../workers/geo/prescription-input';

export { isCancelled };
export type {
  KeptRef,
  Cancelled,
  ColourMode,
  ColoursResult,
  CompareResult,
  ImageRequest,
  IngestResult,
  ListFilter,
  ListSort,
  MapFit,
  TreeImageResult,
  TreeLabels,
  TreeList,
  TreeOffsets,
  TreeStatistics,
  ZoneRef,
  ZoneRow,
};

export interface GeoClient {
  /** Map-data bytes in the form they came in (src/api/map-data.ts: compact, Arrow or JSON), transferred. */
  ingestBytes(raw: { format: MapFormat; bytes: ArrayBuffer }): Promise<IngestResult>;
  /** The survey's copy kept on this device: the worker reads it (or has read it: prepareKept). */
  ingestKept(ref: KeptRef): Promise<IngestResult>;
  /** The user's kept copy of a survey, read in the worker, which goes on to decode it (rejects: read it here). */
  prepareKept(userId: number, projectId: number): Promise<KeptSurvey | null>;
  /** An already-parsed response (copied; fine for small projects). */
  ingestObject(data: MapDataResponse): Promise<IngestResult>;
  colours(mode: ColourMode, hidden?: readonly number[]): Promise<ColoursResult | Cancelled>;
  legendCounts(mode: ColourMode, zone: ZoneRef): Promise<Uint32Array | Cancelled>;
  treeImage(req: ImageRequest): Promise<TreeImageResult | null | Cancelled>;
  treeLabels(bounds: [number, number, number, number], max: number): Promise<TreeLabels>;
  fit(): Promise<MapFit | null>;
  treeProperties(index: number): Promise<TreeFieldValues | null>;
  treeIndex(treeId: string): Promise<number>;
  /** "Which tree am I at?" (issue 35): searched in the worker. */
  nearestTree(lon: number, lat: number, maxMetres?: number): Promise<{ index: number; distance: number } | null>;
  /** Map-data bytes of the survey to compare with (transferred), or null for no comparison. */
  compare(raw: { format: MapFormat; bytes: ArrayBuffer } | null, otherIsNewer: boolean): Promise<CompareResult | null>;
  comparedProperties(index: number): Promise<TreeFieldValues | null>;
  zones(): Promise<ZoneRow[]>;
  treeList(filter: ListFilter, sort: ListSort): Promise<TreeList | Cancelled>;
  /** A prescription's preview, or why it cannot be made (the code names the message). */
  prescription(input: PrescriptionInput): Promise<PrescriptionPreview | { error: string; message: string }>;
  dispose(): void;
}

export function createGeoWorker(): Worker {
  return new Worker(new URL('../../workers/geo.worker.ts', import.meta.url), { type: 'module' });
}

/** Wraps a worker (or any Comlink endpoint exposing GeoWorkerApi; tests pass a MessagePort). */
export function createGeoClient(worker: Worker | Endpoint = createGeoWorker()): GeoClient {
  const api: Remote<GeoWorkerApi> = wrap<GeoWorkerApi>(worker);
  const seq = { colours: 0, counts: 0, image: 0, list: 0 };

  async function latestOnly<K extends keyof typeof seq, R>(kind: K, call: (id: number) => Promise<R | Cancelled>): Promise<R | Cancelled> {
    const id = ++seq[kind];
    const result = await call(id);
    return id === seq[kind] ? result : { cancelled: true };
  }

  return {
    ingestBytes: (raw) => api.ingest(transfer({ format: raw.format, bytes: raw.bytes }, [raw.bytes])),
    ingestObject: (data) => api.ingest({ format: 'object', data }),
    ingestKept: (ref) => api.ingest({ format: 'kept', ...ref }),
    prepareKept: (userId, projectId) => api.prepareKept(userId, projectId),
    colours: (mode, hidden = []) => latestOnly('colours', (id) => api.colours(mode, id, [...hidden]) as Promise<ColoursResult | Cancelled>),
    legendCounts: (mode, zone) => latestOnly('counts', (id) => api.legendCounts(mode, zone, id) as Promise<Uint32Array | Cancelled>),
    treeImage: (req) => latestOnly('image', (id) => api.treeImage(req, id) as Promise<TreeImageResult | null | Cancelled>),
    treeLabels: (bounds, max) => api.treeLabels(bounds, max),
    fit: () => api.fit(),
    treeProperties: (i) => api.treeProperties(i),
    treeIndex: (id) => api.treeIndex(id),
    nearestTree: (lon, lat, max) => api.nearestTree(lon, lat, max),
    compare: (raw, newer) => (raw ? api.compare(transfer({ format: raw.format, bytes: raw.bytes }, [raw.bytes]), newer) : api.compare(null, newer)),
    comparedProperties: (i) => api.comparedProperties(i),
    zones: () => api.zones(),
    treeList: (f, sort) => latestOnly('list', (id) => api.treeList({ ...f, hidden: [...f.hidden] }, sort, id) as Promise<TreeList | Cancelled>),
    prescription: (input) => api.prescription({ ...input, rates: [...input.rates] }),
    dispose: () => {
      api[releaseProxy]();
      if ('terminate' in worker) worker.terminate();
    },
  };
}
