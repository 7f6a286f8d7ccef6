// The ONE typed interface of the geo worker (docs/ARCHITECTURE.md §2). The app talks to
// it through src/map/geo-client.ts; nobody builds worker messages by hand.
import type { ColourMode, RelativeRange } from './geo/colours';
import type { KeptSurvey } from '../src/offline/surveys/records';
import type { MapFit } from './geo/fit';
import type { ResolvedNpkRanges } from './geo/npk-ranges';
import type { TreeOffsets } from './geo/draw-offsets';
import type { TreeStatistics } from './geo/statistics';
import type { TreeRaster } from './geo/tree-raster';
import type { ListSort, TreeList } from './geo/tree-list';
import type { ZoneRow } from './geo/zones';
import type { PrescriptionError, PrescriptionPreview } from './geo/prescription';
import type { PrescriptionInput } from './geo/prescription-input';
import type { FeatureKind, IrrigationAreaFeature, MapDataResponse, PlotFeature } from './geo/types';

export type { ColourMode, KeptSurvey, ListSort, MapFit, TreeList, TreeOffsets, TreeRaster, TreeStatistics, ZoneRow };

export interface CompareResult {
  otherCount: number;
  /** Base trees whose tree_id the other survey has. */
  matched: number;
  /** Trees only the other survey has: drawn after the base trees, at these positions (transferred). */
  extraCount: number;
  /** With extra trees: every drawn position (ours, then theirs) and their drawing offsets (the load's origin); transferred. */
  drawn: { positions: Float64Array; offsets: TreeOffsets } | null;
}

/** A plot or irrigation area as the map selects it: the index of one of its parts. */
export interface ZoneRef {
  kind: 'plot' | 'area';
  part: number;
}

/** The tree image below the detail zoom (tree-raster.ts): zoom, device pixel ratio, dot radius in CSS pixels. */
export interface ImageRequest {
  zoom: number;
  pixelRatio: number;
  radius: number;
  /** Sun mode's dark edge round each dot (tree-raster.ts). */
  outline?: { rgb: [number, number, number]; width: number };
}
export interface TreeImageResult {
  /** The colours request the image was painted with (the app keeps an image on screen until its successor arrives). */
  coloursId: number;
  /** Its pixels are transferred. */
  raster: TreeRaster;
}

/** Tree ids to draw as labels: lon/lat pairs (transferred) and the text of each. */
export interface TreeLabels {
  positions: Float64Array;
  text: string[];
}

/** The problem-tree list's filter: the legend's hidden classes of a mode, and optionally the selected plot / irrigation area. */
export interface ListFilter {
  mode: ColourMode;
  hidden: readonly number[];
  zone?: ZoneRef | null;
}

/** What to ingest. Byte inputs are transferred to the worker (the caller's buffer is detached). */
export type IngestInput =
  | MapDataInput
  /** The copy of the survey kept on this device (issue 35): the worker reads it itself (see prepareKept). */
  | ({ format: 'kept' } & KeptRef);

/** Map data handed to the worker (a survey, or one to compare with). */
export type MapDataInput =
  | { format: 'arrow'; bytes: ArrayBuffer }
  /** The compact form (wire-compact.ts). */
  | { format: 'compact'; bytes: ArrayBuffer }
  /** UTF-8 JSON text of the map-data response, parsed in the worker. */
  | { format: 'json'; bytes: ArrayBuffer }
  /** An already-parsed response (structured clone: only for small data and tests). */
  | { format: 'object'; data: MapDataResponse };

/** Which kept copy: the user's own (a device copy is per user), of this survey, with this version tag. */
export interface KeptRef {
  userId: number;
  projectId: number;
  /** The ETag the page's record names (a copy decoded ahead under another tag is read again). */
  etag: string | null;
}

/** A kept copy as the device holds it (src/offline/surveys/kept-read.ts reads it in the worker). */
export interface KeptMapData {
  /** The index record: the map data's format and version tag, the survey's name, statistics and the rest. */
  record: KeptSurvey;
  /** The map data's bytes as the server sent them (null: the record stayed, the bytes are gone). */
  blob: Blob | null;
}

export interface IngestResult {
  treeCount: number;
  /** Interleaved lon/lat per tree (deck.gl getPosition, size 2); transferred. */
  positions: Float64Array;
  /** Float32 drawing offsets of the positions (draw-offsets.ts); transferred. */
  offsets: TreeOffsets;
  plots: PlotFeature[];
  irrigationAreas: IrrigationAreaFeature[];
  /** Duplicate ids per kind: the app words client.md §8's alert in the UI's language. */
  duplicates: Record<FeatureKind, string[]>;
  fit: MapFit | null;
  npkRanges: ResolvedNpkRanges;
  biomassRange: { min: number | null; max: number | null } | null;
  vitalityRange: RelativeRange;
  canopyRange: RelativeRange;
  skippedTrees: number;
  /** When the worker reached each step of this load (epoch ms): the page marks them beside its own (bench:offline). */
  marks: Record<string, number>;
}

export interface ColoursResult {
  /** The request id (a tree image names the colours it was painted with). */
  id: number;
  mode: ColourMode;
  /** 4 bytes (RGBA) per tree, a new buffer each call; transferred. */
  rgba: Uint8Array;
  range: RelativeRange | null;
  visible: number;
  /** Trees per legend class (index = class number of treeClasses), hidden ones included; transferred. */
  counts: Uint32Array;
}

/** A request overtaken by a newer one of the same kind resolves with this. */
export interface Cancelled {
  cancelled: true;
}
export const isCancelled = (r: unknown): r is Cancelled => typeof r === 'object' && r !== null && (r as Cancelled).cancelled === true;

export type TreeFieldValues = Record<string, string | number | null>;

export interface GeoWorkerApi {
  ingest(input: IngestInput): Promise<IngestResult>;
  /**
   * Reads the user's kept copy of the survey and decodes it ahead, beside the page's own start-up (its code and
   * map set-up), so ingest({ format: 'kept' }) finds it done. Answers the kept record (null: none) as soon as it
   * is read, before the decode; rejects when this worker cannot read the device (the page reads it then).
   */
  prepareKept(userId: number, projectId: number): Promise<KeptSurvey | null>;
  /** requestId increases per call; a newer colours() call cancels an older pending one. */
  colours(mode: ColourMode, requestId: number, hidden?: readonly number[]): Promise<ColoursResult | Cancelled>;
  /** The legend's counts inside one plot or irrigation area (all its parts, extra trees included): 256 classes. */
  legendCounts(mode: ColourMode, zone: ZoneRef, requestId: number): Promise<Uint32Array | Cancelled>;
  /** The drawn trees as an image at this zoom with the last colours (null: too large, or no colours yet); latest wins. */
  treeImage(req: ImageRequest, requestId: number): Promise<TreeImageResult | null | Cancelled>;
  /** Up to `max` drawn trees inside [west, south, east, north], with their ids: one call per view. */
  treeLabels(bounds: [number, number, number, number], max: number): Promise<TreeLabels>;
  fit(): Promise<MapFit | null>;
  /** Field/value table of one drawn tree (info panel); a comparison's extra tree has `only_in: 'compared'`. */
  treeProperties(index: number): Promise<TreeFieldValues | null>;
  /** The drawn index of the tree with this tree id (a shared link names a tree by its id), -1 when there is none. */
  treeIndex(treeId: string): Promise<number>;
  /** "Which tree am I at?" (issue 35): the survey's tree nearest to a position within maxMetres (walk.ts), or null. */
  nearestTree(lon: number, lat: number, maxMetres?: number): Promise<{ index: number; distance: number } | null>;
  /** Loads the survey to compare with (null: no comparison); change modes need it. */
  compare(input: MapDataInput | null, otherIsNewer: boolean): Promise<CompareResult | null>;
  /** The compared survey's values of the same tree (null: not in it, or no comparison). */
  comparedProperties(index: number): Promise<TreeFieldValues | null>;
  /** Statistics per plot and per irrigation area (with the change while comparing). */
  zones(): Promise<ZoneRow[]>;
  /** A prescription's zones and rates for the map and its table (issue 14); the API's files come from the same core. */
  prescription(input: PrescriptionInput): Promise<PrescriptionPreview | { error: PrescriptionError['code']; message: string }>;
  /** The drawn trees the filter keeps, sorted, as columns (transferred); latest request wins. */
  treeList(filter: ListFilter, sort: ListSort, requestId: number): Promise<TreeList | Cancelled>;
}
