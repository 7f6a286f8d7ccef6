// The four tree formats. Each writer turns record chunks into byte pieces so a
// survey is written as it is read (GeoJSON, CSV and KML are streamed; the
// shapefile's .shp needs every point before its header, so its zip is built
// whole, a chunk of dBASE records at a time).
import shpwrite from '@mapbox/shp-write';
import { structure, type DbfField } from 'dbf';
import JSZip from 'jszip';
import { CSV_BOM, csvLine } from '../../src/domain/csv';
import { escapeXml } from '../../src/domain/markup';
import type { ExportFormat } from '../../src/domain/export';
import { NUMERIC_EXPORT_FIELDS, type ExportField } from '../../src/domain/export';
import type { ExportValue, TreeRecord } from './tree-records';

export interface ExportWriter {
  head(): string | Uint8Array;
  chunk(records: TreeRecord[]): string | Uint8Array;
  tail(): Promise<string | Uint8Array> | string | Uint8Array;
}

/** Text fields of the shapefile, sized in bytes from the longest value the survey can have. */
export type TextSizes = Partial<Record<ExportField, number>>;

function geojsonWriter(): ExportWriter {
  let first = true;
  return {
    head: () => '{"type":"FeatureCollection","features":[\n',
    chunk(records) {
      let s = '';
      for (const r of records) {
        s += `${first ? '' : ',\n'}${JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [r.lon, r.lat] }, properties: r.values })}`;
        first = false;
      }
      return s;
    },
    tail: () => '\n]}\n',
  };
}

function csvWriter(fields: readonly ExportField[]): ExportWriter {
  return {
    head: () => CSV_BOM + csvLine([...fields, 'lon', 'lat']),
    chunk: (records) => records.map((r) => csvLine([...fields.map((f) => r.values[f] ?? null), r.lon, r.lat])).join(''),
    tail: () => '',
  };
}

/**
 * KML 2.2: one Placemark per tree, the fields as ExtendedData. Written here, not
 * with @placemarkio/tokml: tokml took 12.8 s per 100k trees (an XML tree per
 * chunk), this takes well under a second; the tests read it back with togeojson.
 */
function kmlWriter(title: string, fields: readonly ExportField[]): ExportWriter {
  return {
    head: () => `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${escapeXml(title)}</name>\n`,
    chunk(records) {
      let s = '';
      for (const r of records) {
        const v = r.values;
        const name = v.row !== null && v.tree !== null ? `${v.plot ?? ''} ${v.row}/${v.tree}`.trim() : String(v.tree_id ?? '');
        let data = '';
        for (const f of fields) if (v[f] !== null && v[f] !== undefined) data += `<Data name="${f}"><value>${escapeXml(String(v[f]))}</value></Data>`;
        s += `<Placemark><name>${escapeXml(name)}</name><ExtendedData>${data}</ExtendedData><Point><coordinates>${r.lon},${r.lat}</coordinates></Point></Placemark>\n`;
      }
      return s;
    },
    tail: () => '</Document></kml>\n',
  };
}

// dBASE: numbers as N(12, 3); text as C(bytes) with UTF-8 bytes (declared in .cpg).
// The dbf package writes one byte per UTF-16 unit, so text goes in as its UTF-8 bytes.
const NUMERIC = NUMERIC_EXPORT_FIELDS;
const utf8Bytes = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

function shapefileWriter(base: string, sizes: TextSizes, intIds: boolean, fields: readonly ExportField[]): ExportWriter {
  const numeric = new Set(NUMERIC);
  if (intIds) numeric.add('tree_id');
  const meta: DbfField[] = fields.map((name) =>
    numeric.has(name) ? { name, type: 'N', size: 12 } : { name, type: 'C', size: Math.min(254, Math.max(1, sizes[name] ?? 1)) },
  );
  const points: number[][] = [];
  const dbfParts: Uint8Array[] = [];
  return {
    head: () => '',
    chunk(records) {
      const rows = records.map((r) => {
        const row: Record<string, ExportValue> = {};
        for (const f of meta) {
          const v = r.values[f.name as keyof typeof r.values] ?? null;
          row[f.name] = v === null ? null : f.type === 'N' ? v : utf8Bytes(String(v));
        }
        points.push([r.lon, r.lat]);
        return row;
      });
      const view = structure(rows, meta);
      const header = view.getUint16(8, true);
      dbfParts.push(new Uint8Array(view.buffer, view.byteOffset + header, view.byteLength - header - 1)); // records only
      return '';
    },
    async tail() {
      const parts = await new Promise<{ shp: DataView; shx: DataView; prj: string }>((resolve, reject) =>
        shpwrite.write([], 'POINT', points, (e, p) => (e ? reject(e) : resolve(p))),
      );
      const head = structure([], meta);
      const headerLength = head.getUint16(8, true);
      const dbf = new Uint8Array(headerLength + dbfParts.reduce((a, p) => a + p.length, 0) + 1);
      dbf.set(new Uint8Array(head.buffer, head.byteOffset, headerLength), 0);
      new DataView(dbf.buffer).setUint32(4, points.length, true);
      let o = headerLength;
      for (const p of dbfParts) {
        dbf.set(p, o);
        o += p.length;
      }
      dbf[o] = 0x1a;
      const zip = new JSZip();
      const bytes = (v: DataView) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      zip.file(`${base}.shp`, bytes(parts.shp));
      zip.file(`${base}.shx`, bytes(parts.shx));
      zip.file(`${base}.dbf`, dbf);
      zip.file(`${base}.prj`, parts.prj);
      zip.file(`${base}.cpg`, 'UTF-8');
      return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
    },
  };
}

export function writerFor(
  format: ExportFormat,
  opts: { title: string; base: string; sizes: TextSizes; intIds: boolean; fields: readonly ExportField[] },
): ExportWriter {
  if (format === 'geojson') return geojsonWriter();
  if (format === 'csv') return csvWriter(opts.fields);
  if (format === 'kml') return kmlWriter(opts.title, opts.fields);
  return shapefileWriter(opts.base, opts.sizes, opts.intIds, opts.fields);
}
