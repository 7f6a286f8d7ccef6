// What makes a boundary-file feature importable (README "Boundary import"): the
// one rule behind the import's 422 (server/routes/admin/data/boundaries.ts) and
// the preview table's verdict (the data editor's import panel), so what the
// preview calls valid imports. Zod-free: the app imports it.
import type { Geometry, MultiPolygon, Polygon } from 'geojson';
import type { ErrorCode, ErrorParams } from './error-codes';
import { AREA_NAME, PLOT_AREA_MAX_HA } from './field-rules';
import { validateGeometry } from './geometry-validation';

export interface BoundaryCandidate {
  kind: 'plot' | 'irrigation';
  name: string;
  /** A crop of the reference list, by name (plots only; empty: none). */
  crop_name?: string | null;
  area_ha?: number | null;
  geometry: unknown;
}

/** Why a feature cannot be imported: where (the import body's field), a code of error-codes.ts with its params, and in English. */
export interface BoundaryProblem {
  field: 'geometry' | 'crop_name' | 'name' | 'area_ha';
  code: ErrorCode;
  params: ErrorParams;
  message: string;
}

/** Crop names as the import matches them: trimmed, case-insensitive. */
export const cropKey = (name: string) => name.trim().toLowerCase();

/**
 * The first reason the feature would be refused, or null: its name (required, at most AREA_NAME.max), its
 * geometry (the editor's rules for the kind), its crop (a plot's crop must be in the crop list, `crops` holding
 * cropKey of each) and its area (above 0, at most PLOT_AREA_MAX_HA).
 */
export function boundaryFeatureProblem(f: BoundaryCandidate, crops: ReadonlySet<string>): BoundaryProblem | null {
  const name = f.name.trim();
  if (!name) return { field: 'name', code: 'feature_name_required', params: {}, message: 'The feature has no name' };
  if (name.length > AREA_NAME.max)
    return {
      field: 'name',
      code: 'feature_name_too_long',
      params: { name, max: AREA_NAME.max },
      message: `${name}: the name is longer than ${AREA_NAME.max} characters`,
    };
  const g = validateGeometry(f.geometry, f.kind);
  if (!g.ok) return { field: 'geometry', code: g.code, params: { ...g.params, name }, message: `${name}: ${g.error}` };
  if (f.kind !== 'plot') return null;
  const crop = f.crop_name?.trim();
  if (crop && !crops.has(cropKey(crop)))
    return { field: 'crop_name', code: 'crop_unknown', params: { name, crop }, message: `${name}: crop "${crop}" is not in the crop list` };
  const area = f.area_ha;
  if (area !== null && area !== undefined && !(area > 0 && area <= PLOT_AREA_MAX_HA))
    return {
      field: 'area_ha',
      code: 'feature_area_range',
      params: { name, max: PLOT_AREA_MAX_HA },
      message: `${name}: the area must be above 0 and at most ${PLOT_AREA_MAX_HA} ha`,
    };
  return null;
}

/** The geometry of a feature that passed boundaryFeatureProblem. */
export const importedGeometry = (f: BoundaryCandidate) => f.geometry as Geometry as Polygon | MultiPolygon;
