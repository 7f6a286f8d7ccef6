// A prescription as a zipped polygon shapefile in WGS84 (.shp, .shx, .dbf,
// .prj, .cpg), the form John Deere, Trimble, Ag Leader, Raven and Müller
// terminals import. RATE is what the applicator meters (kg/ha or l/ha). The
// terminal profile (workers/geo/prescription-input.ts) says which fields and
// how many features: generic = one polygon per zone; compact = one feature
// per rate (the zones of that rate merged) with RATE as its only field.
import type { DbfField } from 'dbf';
import polygonClipping, { type MultiPolygon as ClipMulti } from 'polygon-clipping';
import type { Position } from 'geojson';
import { layerClasses, type PrescriptionInput, type TerminalProfile } from '../../workers/geo/prescription-input';
import type { Prescription } from '../../workers/geo/prescription';
import { OUTSIDE_ZONES_KEY } from '../../workers/geo/prescription-field';
import { polygonShapefileZip, utf8Bytes, type ShapefileFeature } from './shp-polygons';

const num = (v: number) => v.toFixed(3);

function features(p: Prescription, input: PrescriptionInput, profile: TerminalProfile): { fields: DbfField[]; features: ShapefileFeature[] } {
  if (profile === 'compact') {
    const byRate = new Map<number, Position[][][][]>();
    for (const z of p.zones) {
      const list = byRate.get(z.applied) ?? [];
      list.push(z.polygons);
      byRate.set(z.applied, list);
    }
    const merged = [...byRate]
      .sort((a, b) => a[0] - b[0])
      .map(([rate, parts]) => ({
        polygons: (parts.length === 1 ? parts[0] : polygonClipping.union(parts[0] as ClipMulti, ...(parts.slice(1) as ClipMulti[]))) as Position[][][],
        row: { RATE: num(rate) },
      }));
    return { fields: [{ name: 'RATE', type: 'N', size: 16 }], features: merged };
  }
  const classes = layerClasses(input.layer);
  const perTree = input.rateUnit === 'g/tree';
  const fields: DbfField[] = [
    { name: 'ZONE', type: 'C', size: Math.min(254, Math.max(1, ...p.zones.map((z) => Buffer.byteLength(z.name, 'utf8')))) },
    { name: 'CLASS', type: 'C', size: 8 },
    { name: 'TREES', type: 'N', size: 16 },
    { name: 'AREA_HA', type: 'N', size: 16 },
    { name: 'RATE', type: 'N', size: 16 },
    ...(perTree ? [{ name: 'G_TREE', type: 'N', size: 16 } as DbfField] : []),
  ];
  return {
    fields,
    features: p.zones.map((z) => ({
      polygons: z.polygons,
      row: {
        ZONE: utf8Bytes(z.name),
        CLASS: z.key === OUTSIDE_ZONES_KEY ? 'default' : z.cls < 0 ? 'none' : classes[z.cls],
        TREES: String(z.trees),
        AREA_HA: num(z.areaHa),
        RATE: num(z.applied),
        ...(perTree ? { G_TREE: num(z.rate) } : {}),
      },
    })),
  };
}

export function prescriptionShapefile(p: Prescription, input: PrescriptionInput, profile: TerminalProfile, base: string): Promise<Uint8Array> {
  const { fields, features: list } = features(p, input, profile);
  return polygonShapefileZip(list, fields, base);
}
