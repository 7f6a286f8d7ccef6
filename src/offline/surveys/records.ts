// What the device keeps of a survey (issue 35, README "Surveys on this device"): the index record in IndexedDB.
// The map data's bytes live in the Origin Private File System (blob-store.ts), exactly as the server sent them
// (the format, i.e. the content type, and the server's version tag kept beside them, so a later wire form is
// kept the same way); the photo's tiles in Cache Storage (photo-tiles.ts). Types only.
import type { UserProject } from '../../domain/contracts/projects';
import type { RelatedSurvey } from '../../domain/contracts/survey';
import type { Bounds } from '../../domain/tile-math';
import type { PhotoStatusLike } from './photo-plan';
import type { MapFormat } from '../../api/map-data';

export interface KeptMap {
  /** 'arrow' | 'json': how the worker reads the bytes (from the content type). */
  format: MapFormat;
  contentType: string;
  /** The server's ETag of these bytes: a conditional request answers 304 while the survey is unchanged. */
  etag: string | null;
  bytes: number;
}

export interface KeptPlotDetail {
  plotId: string;
  name: string;
  bounds: Bounds;
  tiles: number;
  bytes: number;
}

export interface KeptPhoto {
  /** The photo's status as the server answered it (tile template with its version). */
  status: PhotoStatusLike & Record<string, unknown>;
  /** The deepest zoom kept over the whole photo (null: none fits). */
  zoom: number | null;
  tiles: number;
  bytes: number;
  /** All the planned tiles are on the device (a download cut short keeps what it got and goes on later). */
  complete: boolean;
  /** "Keep offline" with the full resolution of one plot. */
  plot: KeptPlotDetail | null;
}

export interface KeptSurvey {
  projectId: number;
  /** Whose device copy this is: another user's sign-in never lists it (README). */
  userId: number;
  /** The farm (client) of the survey, for "keep all surveys of the farm"; null for an admin. */
  farmId: number | null;
  name: string;
  observationDate: string | null;
  /** The survey's entry of the home list, as /api/projects/user answered it. */
  entry: UserProject | null;
  related: RelatedSurvey[] | null;
  /** The statistics answer as JSON text. */
  statistics: string | null;
  map: KeptMap;
  photo: KeptPhoto | null;
  /** First kept, last opened, last checked against the server (ms). */
  keptAt: number;
  openedAt: number;
  checkedAt: number;
  /** "Keep offline" for this survey. */
  pinned: boolean;
  /** Everything of the survey on the device: map bytes, the JSON parts and the photo. */
  bytes: number;
}

/** A farm whose surveys are all kept offline (pinned) for one user. */
export interface FarmPin {
  key: string;
  userId: number;
  farmId: number;
  at: number;
}

export const farmPinKey = (userId: number, farmId: number) => `${userId}:${farmId}`;

/** The bytes of the record's JSON parts (what IndexedDB holds beside the blobs). */
export function jsonBytes(r: Pick<KeptSurvey, 'entry' | 'related' | 'statistics' | 'photo'>): number {
  const enc = (v: unknown) => (v == null ? 0 : new TextEncoder().encode(typeof v === 'string' ? v : JSON.stringify(v)).length);
  return enc(r.entry) + enc(r.related) + enc(r.statistics) + enc(r.photo?.status);
}

export function totalBytes(r: Omit<KeptSurvey, 'bytes'>): number {
  return r.map.bytes + jsonBytes(r) + (r.photo?.bytes ?? 0) + (r.photo?.plot?.bytes ?? 0);
}
