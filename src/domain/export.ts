// Tree exports (issue 13), the zod-free half shared with the app: formats, the
// exported fields with their ≤ 10-character names (the dBASE limit of
// shapefiles; every format uses the same names) and the URL of the API call
// the project map makes. The query's validation is src/domain/contracts/export.ts.
import type { ColourMode } from '../../workers/geo/colours';

export const EXPORT_FORMATS = ['geojson', 'csv', 'shp', 'kml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_LANGS = ['he', 'en'] as const;
/** File extension of each format (the shapefile comes as a zip). */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = { geojson: 'geojson', csv: 'csv', shp: 'zip', kml: 'kml' };

/** The query as the app builds it (the route validates and parses it). */
export interface ExportQuery {
  format?: ExportFormat;
  mode?: ColourMode;
  /** Legend classes switched off, e.g. "3,4". */
  hide?: string;
  plotId?: number;
  irrigationAreaId?: number;
  lang?: (typeof EXPORT_LANGS)[number];
  /** Another survey to compare with: adds the change fields, and the change modes' classes. */
  compare?: number;
}

/** The download URL of an export (the project map's links are exactly these API calls). */
export function exportUrl(projectId: number, q: ExportQuery): string {
  const p = new URLSearchParams({ format: q.format ?? 'geojson' });
  if (q.mode && q.mode !== 'status') p.set('mode', q.mode);
  if (q.hide !== undefined && q.hide !== '') p.set('hide', q.hide);
  if (q.plotId !== undefined) p.set('plotId', String(q.plotId));
  if (q.irrigationAreaId !== undefined) p.set('irrigationAreaId', String(q.irrigationAreaId));
  if (q.lang) p.set('lang', q.lang);
  if (q.compare !== undefined) p.set('compare', String(q.compare));
  return `/api/projects/${projectId}/export?${p}`;
}

/** The printable report (GET /api/projects/{id}/report.pdf): the project map's Report button is this call. */
export function reportUrl(projectId: number, q: { lang: (typeof EXPORT_LANGS)[number]; compare?: number | null }): string {
  const p = new URLSearchParams({ lang: q.lang });
  if (q.compare) p.set('compare', String(q.compare));
  return `/api/projects/${projectId}/report.pdf?${p}`;
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
/** Added while comparing with another survey (README "Comparing two surveys"). */
export const EXPORT_COMPARE_FIELDS = [
  ['change', 'change class: lost, declined, stable, improved, new, gone, unknown'],
  ['vit_change', 'vitality, later survey − earlier survey'],
  ['can_change', 'canopy diameter, later − earlier, m'],
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number][0] | (typeof EXPORT_COMPARE_FIELDS)[number][0];
