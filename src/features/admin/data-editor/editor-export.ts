import type { ClientData, EditorFeature } from '../../../api/admin-data';

// Export Data (issue 7: the legacy button did nothing): the selected client's
// plots, irrigation areas and trees as one GeoJSON file and as CSV (one row
// per feature, geometry as WKT so a spreadsheet round-trips into the forms).
import { formatWkt } from '../../../domain/wkt';

const allFeatures = (data: ClientData): EditorFeature[] => {
  const trees = Array.from({ length: data.trees.count }, (_, i) => data.trees.feature(i));
  return [...data.plots.features, ...data.irrigationAreas.features, ...trees];
};

export function toGeoJson(data: ClientData): string {
  return JSON.stringify({ type: 'FeatureCollection', features: allFeatures(data) });
}

const COLUMNS = ['type', 'id', 'name', 'plot_id', 'plot_name', 'plot_area', 'crop_name', 'irrigation_area_id', 'irrigation_area_name', 'row_num', 'tree_num', 'breed_name', 'planting_date', 'wkt'];

const cell = (v: unknown) => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // Quote when needed; a leading = + - @ is prefixed so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(data: ClientData): string {
  const rows = [COLUMNS.join(',')];
  for (const f of allFeatures(data)) {
    const p = f.properties as unknown as Record<string, unknown>;
    rows.push(COLUMNS.map((c) => cell(c === 'wkt' ? formatWkt(f.geometry) : p[c])).join(','));
  }
  return rows.join('\r\n');
}

export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
