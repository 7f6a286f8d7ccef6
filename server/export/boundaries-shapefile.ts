// A client's plots or irrigation areas as a zipped WGS 84 polygon shapefile
// (the data editor's export, GET /api/admin/data/clients/{id}/boundaries.zip):
// ID, NAME, and CROP + AREA_HA (plots) or PLOT (areas) — the attributes the
// boundary import maps back, so the file imports unchanged.
import type { MultiPolygon, Polygon } from 'geojson';
import { polygonShapefileZip, utf8Bytes } from './shp-polygons';

export interface BoundaryRow {
  id: number;
  name: string;
  second: string | null;
  areaHa: number | null;
  geom: Polygon | MultiPolygon;
}

export function boundariesShapefile(rows: readonly BoundaryRow[], kind: 'plot' | 'irrigation', base: string): Promise<Uint8Array> {
  const plots = kind === 'plot';
  const second = plots ? 'CROP' : 'PLOT';
  const width = (vals: string[]) => Math.min(254, Math.max(1, ...vals.map((v) => Buffer.byteLength(v, 'utf8'))));
  const fields = [
    { name: 'ID', type: 'N' as const, size: 12 },
    { name: 'NAME', type: 'C' as const, size: width(rows.map((r) => r.name)) },
    { name: second, type: 'C' as const, size: width(rows.map((r) => r.second ?? '')) },
    ...(plots ? [{ name: 'AREA_HA', type: 'N' as const, size: 16 }] : []),
  ];
  return polygonShapefileZip(
    rows.map((r) => ({
      polygons: r.geom.type === 'Polygon' ? [r.geom.coordinates] : r.geom.coordinates,
      row: {
        ID: String(r.id),
        NAME: utf8Bytes(r.name),
        [second]: utf8Bytes(r.second ?? ''),
        ...(plots ? { AREA_HA: r.areaHa === null ? null : r.areaHa.toFixed(4) } : {}),
      },
    })),
    fields,
    base,
  );
}
