// Tree exports (issue 13): the query of GET /api/projects/{id}/export, shared by
// the route (validation) and the project map (which builds the same URL for its
// download links), and the exported fields with their ≤ 10-character names
// (the dBASE limit of shapefiles; every format uses the same names).
import { z } from 'zod';
import { COLOUR_MODES, type ColourMode } from '../../../workers/geo/colours';

export const EXPORT_FORMATS = ['geojson', 'csv', 'shp', 'kml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_LANGS = ['he', 'en'] as const;

const classList = z
  .string()
  .regex(/^(\d{1,3})(,\d{1,3})*$/, 'hide must be class numbers separated by commas, e.g. 3,4')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((a) => a.every((n) => n <= 255), 'hide: a class number is 0–255');
const id = (what: string) => z.coerce.number({ error: `${what} must be a number` }).int().positive().max(2_147_483_647);

export const exportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }).default('geojson'),
  /** The colour mode whose legend classes `hide` names (default status: all trees). */
  mode: z.enum(COLOUR_MODES as [ColourMode, ...ColourMode[]], { error: `mode must be one of ${COLOUR_MODES.join(', ')}` }).default('status'),
  hide: classList.optional(),
  plotId: id('plotId').optional(),
  irrigationAreaId: id('irrigationAreaId').optional(),
  /** Language of status names and column titles of the CSV. */
  lang: z.enum(EXPORT_LANGS).default('he'),
});
export type ExportQuery = z.input<typeof exportQuery>;

/** The download URL of an export (the project map's links are exactly these API calls). */
export function exportUrl(projectId: number, q: ExportQuery): string {
  const p = new URLSearchParams({ format: q.format ?? 'geojson' });
  if (q.mode && q.mode !== 'status') p.set('mode', q.mode);
  if (q.hide !== undefined && q.hide !== '') p.set('hide', q.hide);
  if (q.plotId !== undefined) p.set('plotId', String(q.plotId));
  if (q.irrigationAreaId !== undefined) p.set('irrigationAreaId', String(q.irrigationAreaId));
  if (q.lang) p.set('lang', q.lang);
  return `/api/projects/${projectId}/export?${p}`;
}

/** Exported tree fields: name (≤ 10 characters) and meaning, in file order. */
export const EXPORT_FIELDS = [
  ['plot', 'plot name'],
  ['area', 'irrigation area name'],
  ['row', 'row number'],
  ['tree', 'tree number in the row'],
  ['tree_id', 'tree id'],
  ['status', 'tree status code (0 healthy … 5 unknown)'],
  ['status_nm', 'tree status name (lang)'],
  ['crop', 'crop'],
  ['plant_date', 'planting date (YYYY-MM-DD)'],
  ['n', 'nitrogen, % (mean)'],
  ['p', 'phosphorus, % (mean)'],
  ['k', 'potassium, % (mean)'],
  ['vitality', 'vitality (biomass index)'],
  ['canopy', 'canopy diameter, m'],
  ['plot_id', 'plot id'],
  ['area_id', 'irrigation area id'],
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number][0];
