import type { ClientData, EditorFeature } from '../../../api/admin-data';

// Export Data (issue 7: the legacy button did nothing): the selected client's
// plots, irrigation areas and trees as one GeoJSON file and as CSV (one row
// per feature, geometry as WKT so a spreadsheet round-trips into the forms).
import { saveBlob } from '../../../api/download';
import { csvDocument } from '../../../domain/csv';
import { formatWkt } from '../../../domain/wkt';

const allFeatures = (data: ClientData): EditorFeature[] => {
  const trees = Array.from({ length: data.trees.count }, (_, i) => data.trees.feature(i));
  return [...data.plots.features, ...data.irrigationAreas.features, ...trees];
};

export function toGeoJson(data: ClientData): string {
  return JSON.stringify({ type: 'FeatureCollection', features: allFeatures(data) });
}

const COLUMNS = [
  'type',
  'id',
  'name',
  'plot_id',
  'plot_name',
  'plot_area',
  'crop_name',
  'irrigation_area_id',
  'irrigation_area_name',
  'row_num',
  'tree_num',
  'breed_name',
  'planting_date',
  'wkt',
];

export function toCsv(data: ClientData): string {
  return csvDocument(
    COLUMNS,
    allFeatures(data).map((f) => {
      const p = f.properties as unknown as Record<string, unknown>;
      return COLUMNS.map((c) => (c === 'wkt' ? formatWkt(f.geometry) : p[c]));
    }),
  );
}

export function download(filename: string, text: string, type: string): void {
  saveBlob(filename, new Blob([text], { type }));
}
