// Words of scouting data in both languages, for the server's files (records export, PDF report); the app has
// the same words in its locales (namespace scouting). One owner of the record columns of every file.
import { TREE_STATUS_NAMES } from './tree-status-names';

export const SEVERITY_NAMES = {
  he: { 1: 'נמוכה', 2: 'בינונית', 3: 'גבוהה' },
  en: { 1: 'Low', 2: 'Medium', 3: 'High' },
} as const;

export type FileLang = 'he' | 'en';

/** A record as the files show it (one row of the export, one line of the report). */
export interface RecordFileRow {
  record_id: string;
  kind: string;
  issue_en: string | null;
  issue_he: string | null;
  severity: number | null;
  note: string;
  tree_status: number | null;
  tree_id: number | null;
  row_num: number | null;
  tree_num: number | null;
  plot_name: string | null;
  author_name: string;
  observed_at: Date | string;
  received_at: Date | string;
  task_id: string | null;
  photos: number;
  lon: number;
  lat: number;
  accuracy_m: number | null;
}

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/** The columns of the `records` export (GeoJSON properties and CSV columns, the same names; CSV adds lon, lat). */
export function recordFields(lang: FileLang): { key: string; get: (r: RecordFileRow) => string | number | null }[] {
  return [
    { key: 'record_id', get: (r) => r.record_id },
    { key: 'kind', get: (r) => r.kind },
    { key: 'issue', get: (r) => (lang === 'he' ? r.issue_he : r.issue_en) },
    { key: 'severity', get: (r) => r.severity },
    { key: 'sev_name', get: (r) => (r.severity ? SEVERITY_NAMES[lang][r.severity as 1 | 2 | 3] : null) },
    { key: 'note', get: (r) => r.note },
    { key: 'status', get: (r) => r.tree_status },
    { key: 'status_nm', get: (r) => (r.tree_status === null ? null : TREE_STATUS_NAMES[lang][r.tree_status]) },
    { key: 'tree_id', get: (r) => r.tree_id },
    { key: 'plot', get: (r) => r.plot_name },
    { key: 'row', get: (r) => r.row_num },
    { key: 'tree', get: (r) => r.tree_num },
    { key: 'author', get: (r) => r.author_name },
    { key: 'observed', get: (r) => iso(r.observed_at) },
    { key: 'received', get: (r) => iso(r.received_at) },
    { key: 'task_id', get: (r) => r.task_id },
    { key: 'photos', get: (r) => r.photos },
    { key: 'accuracy', get: (r) => r.accuracy_m },
  ];
}
