import type { ExportFormat } from '../../src/domain/export';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  geojson: 'application/geo+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  shp: 'application/zip',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
};
