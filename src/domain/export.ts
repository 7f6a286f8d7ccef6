// Tree exports (issue 13), the zod-free half shared with the app: formats, the
// exported fields with their ≤ 10-character names (the dBASE limit of
// shapefiles; every format uses the same names) and the URL of the API call
// the project map makes. The query's validation is src/domain/contracts/export.ts.
import type { ColourMode } from '../../workers/geo/colours';
import { TREE_FIELDS, type ExportName, type TreeFieldList } from '../../workers/geo/fields';

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

/** An exported field: its name (≤ 10 characters), its place, its dBASE type and meaning; `key`: the tree field it writes. */
export interface ExportFieldSpec {
  name: string;
  col: number;
  type: 'N' | 'C';
  meaning: string;
  key?: string;
}
/** The export's own fields beside the tree's (workers/geo/fields.ts): its zones' names and ids, and the status in words. */
const OWN_FIELDS: readonly ExportFieldSpec[] = [
  { name: 'plot', col: 0, type: 'C', meaning: 'plot name' },
  { name: 'area', col: 1, type: 'C', meaning: 'irrigation area name' },
  { name: 'status_nm', col: 6, type: 'C', meaning: 'tree status name (lang)' },
  { name: 'plot_id', col: 14, type: 'N', meaning: 'plot id' },
  { name: 'area_id', col: 15, type: 'N', meaning: 'irrigation area id' },
];
/** Exported tree fields in file order: the tree fields with an export name, and the export's own. */
export function exportFieldSpecs(list: TreeFieldList = TREE_FIELDS): ExportFieldSpec[] {
  const tree = list.flatMap((f) => (f.export ? [{ ...f.export, key: f.key }] : []));
  return [...OWN_FIELDS, ...tree].sort((a, b) => a.col - b.col);
}
/** Exported tree fields: name (≤ 10 characters) and meaning, in file order. */
export const EXPORT_FIELDS = exportFieldSpecs().map((f) => [f.name as ExportName | OwnField, f.meaning] as const);
type OwnField = 'plot' | 'area' | 'status_nm' | 'plot_id' | 'area_id';
/** Added while comparing with another survey (README "Comparing two surveys"). */
export const EXPORT_COMPARE_FIELDS = [
  ['change', 'change class: lost, declined, stable, improved, new, gone, unknown'],
  ['vit_change', 'vitality, later survey − earlier survey'],
  ['can_change', 'canopy diameter, later − earlier, m'],
] as const;
export type ExportField = ExportName | OwnField | (typeof EXPORT_COMPARE_FIELDS)[number][0];
/** The export's numbers (dBASE N): the numeric fields and the comparison's differences. */
export const NUMERIC_EXPORT_FIELDS: ReadonlySet<string> = new Set([
  ...exportFieldSpecs()
    .filter((f) => f.type === 'N')
    .map((f) => f.name),
  'vit_change',
  'can_change',
]);
