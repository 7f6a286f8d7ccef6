// Variable-rate prescriptions (issue 14), the zod-free half shared by the app,
// the worker and the server: the inputs a grower picks, their limits and the
// classes a rate is given for. The request's validation is
// src/domain/contracts/prescription.ts; the zones and rates are computed by
// prescription.ts here (the map's preview and the API's files alike).
import { NUTRIENT_CLASSES } from './npk-ranges';

/** The layer a prescription follows: a nutrient's crop-range class, or a relative band of vitality / canopy. */
export const PRESCRIPTION_LAYERS = ['n', 'p', 'k', 'vitality', 'canopy'] as const;
export type PrescriptionLayer = (typeof PRESCRIPTION_LAYERS)[number];
export const ZONE_UNITS = ['irrigation_area', 'plot', 'grid'] as const;
export type ZoneUnit = (typeof ZONE_UNITS)[number];
export const RATE_UNITS = ['kg/ha', 'l/ha', 'g/tree'] as const;
export type RateUnit = (typeof RATE_UNITS)[number];
export const PRESCRIPTION_FORMATS = ['isoxml', 'shapefile'] as const;
export type PrescriptionFormat = (typeof PRESCRIPTION_FORMATS)[number];
/**
 * Shapefile terminal profiles (README "Prescription maps"):
 * - generic: one polygon per zone with ZONE, CLASS, TREES, AREA_HA, RATE (+ G_TREE);
 * - compact: the zones of one rate merged into one (multi)polygon and RATE as the only
 *   field, for terminals that take a few zones or read the first numeric column.
 */
export const TERMINAL_PROFILES = ['generic', 'compact'] as const;
export type TerminalProfile = (typeof TERMINAL_PROFILES)[number];

export const GRID_MIN_M = 5;
export const GRID_MAX_M = 50;
/** More zones than this are refused (a 5 m grid over a 1M-tree farm): a coarser grid says the same to a spreader. */
export const MAX_ZONES = 200_000;
export const MAX_RATE = 100_000;
export const PRODUCT_NAME_MAX = 60;

/** Class names of a layer, in rate order: N/P/K by the crop's range (npk-ranges.ts), vitality/canopy by the six legend bands. */
export const BAND_CLASSES = ['band1', 'band2', 'band3', 'band4', 'band5', 'band6'] as const;
export function layerClasses(layer: PrescriptionLayer): readonly string[] {
  return layer === 'vitality' || layer === 'canopy' ? BAND_CLASSES : NUTRIENT_CLASSES;
}

export interface PrescriptionInput {
  layer: PrescriptionLayer;
  unit: ZoneUnit;
  /** Cell size in metres (unit grid only). */
  gridSize?: number;
  product: string;
  rateUnit: RateUnit;
  /** One rate per class of the layer (layerClasses order), in rateUnit. */
  rates: number[];
  /** The rate of a zone without measured trees. */
  defaultRate: number;
}

export interface PrescriptionRequest extends PrescriptionInput {
  format: PrescriptionFormat;
  profile?: TerminalProfile;
}

/** What a zone's rate means on an applicator: g/tree becomes kg/ha over the zone's treated trees. */
export function appliedUnit(u: RateUnit): 'kg/ha' | 'l/ha' {
  return u === 'l/ha' ? 'l/ha' : 'kg/ha';
}
/** Unit of the total quantity: kg (kg/ha, g/tree) or l. */
export function quantityUnit(u: RateUnit): 'kg' | 'l' {
  return u === 'l/ha' ? 'l' : 'kg';
}
