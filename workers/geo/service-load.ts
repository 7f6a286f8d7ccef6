// How the worker gets a survey: decoded from the bytes the page sends, or from
// the copy kept on the device (read, and decoded ahead when the app starts on a
// survey's address: prepareKept). Each step is marked in epoch ms for the page.
import type { IngestInput, KeptMapData, KeptRef, KeptSurvey, MapDataInput } from '../geo-api';
import type { MapDataResponse } from './types';
import { decodeMapDataCompact } from './wire-compact';
import { ingestMapDataGeoJSON, type GeoDataset } from './ingest-geojson';
import { analyseDataset, type Analysis } from './pipeline';

/** Where the worker reads a kept copy (geo.worker.ts gives the device's; none: prepareKept rejects). */
export interface GeoServiceDeps {
  readKept?: (userId: number, projectId: number) => Promise<KeptMapData | null>;
}

/** A survey decoded and analysed, before it becomes the session. */
export interface Decoded {
  d: GeoDataset;
  a: Analysis;
}

/** A kept copy read and decoded ahead (prepareKept), for one user's survey; null inside: the device has none. */
interface Prepared {
  userId: number;
  projectId: number;
  ready: Promise<(Decoded & { etag: string | null }) | null>;
}

/** Epoch ms, comparable across the page and its workers. */
const now = () => performance.timeOrigin + performance.now();

/** Arrow (an older server's answer, or a copy kept before the compact form) loads its reader when first met: the
 *  worker's own code stays small and starts sooner (apache-arrow is most of it). */
export async function decode(input: MapDataInput): Promise<GeoDataset> {
  if (input.format === 'compact') return decodeMapDataCompact(input.bytes);
  if (input.format === 'arrow') return (await import('./arrow-decode')).decodeMapDataArrow(input.bytes);
  return ingestMapDataGeoJSON(input.format === 'json' ? (JSON.parse(new TextDecoder().decode(input.bytes)) as MapDataResponse) : input.data);
}

const analysed = (d: GeoDataset): Decoded => ({ d, a: analyseDataset(d) });

export function createLoader(deps: GeoServiceDeps) {
  let prepared: Prepared | null = null;
  /** The steps of the current load (the worker's start, a kept copy read ahead, the ingest). */
  let marks: Record<string, number> = { 'worker-up': now() };

  const readKept = (userId: number, projectId: number): Promise<KeptMapData | null> => {
    if (!deps.readKept) return Promise.reject(new Error('geo worker: no device to read kept surveys from'));
    return deps.readKept(userId, projectId);
  };
  const decodeKept = async (k: KeptMapData | null) => {
    if (!k?.blob) return null;
    const bytes = await k.blob.arrayBuffer();
    marks['kept-bytes'] = now();
    const r = { etag: k.record.map.etag, ...analysed(await decode({ format: k.record.map.format, bytes })) };
    marks['kept-decoded'] = now();
    return r;
  };
  /** The kept copy the page asks for: the one decoded ahead when it is that copy, else read now. */
  const keptDecoded = async (ref: KeptRef, ahead: Prepared | null): Promise<Decoded> => {
    const early = ahead && ahead.userId === ref.userId && ahead.projectId === ref.projectId ? await ahead.ready : null;
    if (early && early.etag === ref.etag) {
      marks['kept-taken'] = now();
      return early;
    }
    const k = await decodeKept(await readKept(ref.userId, ref.projectId).catch(() => null));
    if (!k) throw new Error('geo worker: the survey is not kept on this device');
    return k;
  };

  return {
    /** The survey an ingest names, decoded and analysed (a copy prepared ahead is taken or dropped). */
    async load(input: IngestInput): Promise<Decoded> {
      const ahead = prepared;
      prepared = null;
      marks.ingest = now();
      return input.format === 'kept' ? keptDecoded(input, ahead) : analysed(await decode(input));
    },

    /** This load's marks, ending with 'ingested'; the next load starts a new set. */
    takeMarks(): Record<string, number> {
      const out = { ...marks, ingested: now() };
      marks = {};
      return out;
    },

    async prepareKept(userId: number, projectId: number): Promise<KeptSurvey | null> {
      marks['kept-ahead'] = now();
      const read = readKept(userId, projectId);
      // The decode waits for the bytes (a later task), so the record's answer is posted before it.
      prepared = { userId, projectId, ready: read.then(decodeKept).catch(() => null) };
      // A record whose bytes are gone is no copy: the page downloads the survey anew (or, offline, says so).
      const k = await read;
      return k?.blob ? k.record : null;
    },
  };
}
