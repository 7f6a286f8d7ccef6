// The `records` export (README "Scouting"): the survey's standing records as GeoJSON (RFC 7946, WGS 84 points)
// or CSV (the one CSV writer: UTF-8 with BOM, formula-safe), the same fields in both (src/domain/scouting-names.ts).
import { csvDocument } from '../../src/domain/csv';
import { recordFields, type FileLang, type RecordFileRow } from '../../src/domain/scouting-names';

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;

export function recordsGeoJson(rows: RecordFileRow[], lang: FileLang): string {
  const fields = recordFields(lang);
  return JSON.stringify({
    type: 'FeatureCollection',
    features: rows.map((r) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [round(r.lon, 7), round(r.lat, 7)] },
      properties: Object.fromEntries(fields.map((f) => [f.key, f.get(r)])),
    })),
  });
}

export function recordsCsv(rows: RecordFileRow[], lang: FileLang): string {
  const fields = recordFields(lang);
  return csvDocument(
    [...fields.map((f) => f.key), 'lon', 'lat'],
    rows.map((r) => [...fields.map((f) => f.get(r)), round(r.lon, 7), round(r.lat, 7)]),
  );
}
