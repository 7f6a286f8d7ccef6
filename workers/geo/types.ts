// Types of the map-data call (client.md §3) and of the columnar form the geo
// core works on. Pure types: safe to import from the app, the worker and the server.
import type { FeatureCollection, MultiPolygon, Point, Polygon } from 'geojson';

/** Tree status codes (client.md §3). Empty/unknown input is stored as 5. */
export type TreeStatusCode = 0 | 1 | 2 | 3 | 4 | 5;
export const STATUS_DEAD = 3;
export const STATUS_MISSING = 4;
export const STATUS_UNKNOWN = 5;

/** Property values arrive as numbers or as text ("12.5", "N/A", "null"). */
export type LooseNumber = number | string | null | undefined;
export type LooseId = string | number | null | undefined;

export interface TreeProperties {
  tree_id?: LooseId;
  row_num?: LooseNumber;
  tree_num?: LooseNumber;
  planting_date?: string | null;
  tree_status?: LooseNumber;
  crop_name?: string | null;
  n_mean?: LooseNumber;
  p_mean?: LooseNumber;
  k_mean?: LooseNumber;
  n_label?: string | null;
  p_label?: string | null;
  k_label?: string | null;
  n_classification?: string | number | null;
  p_classification?: string | number | null;
  k_classification?: string | number | null;
  n_classification_label?: string | null;
  p_classification_label?: string | null;
  k_classification_label?: string | null;
  canopy_diameter?: LooseNumber;
  canopy_diameter_label?: string | null;
  canopy_classification?: string | number | null;
  canopy_classification_label?: string | null;
  biomass?: LooseNumber;
  biomass_label?: string | null;
  irrigation_area_id?: LooseId;
  /** Sent by our server as well, not listed in the spec. */
  plot_id?: LooseId;
}

export interface PlotProperties {
  plot_id?: LooseId;
  plot_name?: string | null;
  name?: string | null;
  area?: number | null;
  plot_area?: number | null;
  crop_name?: string | null;
  [key: string]: unknown;
}

export interface IrrigationAreaProperties {
  irrigation_area_id?: LooseId;
  irrigation_area_name?: string | null;
  name?: string | null;
  plot_id?: LooseId;
  [key: string]: unknown;
}

export type Nutrient = 'n' | 'p' | 'k';
export interface NutrientRange {
  lower: number;
  upper: number;
}
/** Keyed by lowercase crop name, then nutrient letter (client.md §3). */
export type NpkRanges = Record<string, Partial<Record<Nutrient, Partial<NutrientRange>>>>;

export type AreaGeometry = Polygon | MultiPolygon;

/** The map-data response (GET trees/{projectId}); geometry in EPSG:3857. */
export interface MapDataResponse {
  plots: FeatureCollection<AreaGeometry | null, PlotProperties>;
  irrigationAreas: FeatureCollection<AreaGeometry | null, IrrigationAreaProperties>;
  trees: FeatureCollection<Point | null, TreeProperties>;
  biomassRange?: { min: number | null; max: number | null } | null;
  npkRanges?: NpkRanges | null;
}

/** Dictionary-encoded text column; code 0 is "no value" and dict[0] === ''. */
export interface StringColumn {
  codes: Uint8Array | Uint16Array | Uint32Array;
  dict: string[];
}

/** Tree ids: plain integers when every id is one, otherwise dictionary text. */
export type IdColumn = { kind: 'int'; values: Int32Array } | { kind: 'text'; values: StringColumn };

// The field lists (numbers, text, a survey's results) come from the one list of a tree's fields.
export { MEASURED_FIELDS, NUMERIC_FIELDS, TEXT_FIELDS, type MeasuredField, type NumericField, type TextField } from './fields';
import type { NumericField, TextField } from './fields';

/**
 * Columnar trees. positions: interleaved lon/lat (EPSG:4326) as Float64Array —
 * float32 lon/lat has ~0.4 m steps at lon 35°, visible at zoom 20, while deck.gl
 * takes Float64 positions and splits them for fp64 precision itself.
 * Numeric columns are Float32Array with NaN for missing; text is dictionary-encoded.
 */
export interface TreeColumns {
  length: number;
  positions: Float64Array;
  ids: IdColumn;
  status: Uint8Array;
  numeric: Record<NumericField, Float32Array>;
  text: Record<TextField, StringColumn>;
}

/** A plot or irrigation area after dedup and multipolygon split, in EPSG:4326. */
export interface AreaFeature<P = Record<string, unknown>> {
  /** Unique id; `${sourceId}_poly${n}` (n from 0) for parts of a MultiPolygon. */
  id: string | number;
  /** The id the server sent (or the generated one). */
  sourceId: string | number;
  geometry: Polygon;
  properties: P;
}

export type FeatureKind = 'plot' | 'irrigation area' | 'tree';

export type PlotFeature = AreaFeature<PlotProperties>;
export type IrrigationAreaFeature = AreaFeature<IrrigationAreaProperties>;
