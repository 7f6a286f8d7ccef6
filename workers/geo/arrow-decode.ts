// Arrow IPC map data (arrow-schema.ts) → GeoDataset. Our encoder's single batch
// decodes without copying measures or codes; other producers (several batches,
// validity bitmaps) take a slower but equivalent path.
import { tableFromIPC, type Table, type Vector } from 'apache-arrow';
import { DictionaryBuilder } from './dictionary';
import { normalizeAreas } from './features';
import type { GeoDataset } from './ingest-geojson';
import { ARROW_CRS, META } from './arrow-schema';
import { type IdColumn, type MapDataResponse, type NumericField, type StringColumn, type TextField, type TreeColumns } from './types';
import { looseText, parseStatus } from './values';
import { numericFields, textFields, TREE_FIELDS, type TreeFieldList } from './fields';

function child(table: Table, name: string): Vector {
  const v = table.getChild(name);
  if (!v) throw new Error(`Arrow map data: missing column ${name}`);
  return v;
}

function float32(v: Vector, n: number): Float32Array {
  if (v.data.length === 1 && v.nullCount === 0) {
    const d = v.data[0];
    return (d.values as Float32Array).subarray(d.offset, d.offset + n);
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = v.get(i) as number | null;
    out[i] = x === null || x === undefined ? NaN : Number(x);
  }
  return out;
}

function text(v: Vector, n: number): StringColumn {
  const d = v.data[0];
  const dict = d?.dictionary?.toArray() as string[] | undefined;
  if (v.data.length === 1 && v.nullCount === 0 && dict && dict[0] === '') {
    const raw = (d.values as Uint8Array | Uint16Array | Int32Array).subarray(d.offset, d.offset + n);
    const codes = raw instanceof Int32Array ? new Uint32Array(raw.buffer, raw.byteOffset, raw.length) : raw;
    return { codes: codes as StringColumn['codes'], dict };
  }
  const b = new DictionaryBuilder(n);
  for (let i = 0; i < n; i++) b.push(looseText(v.get(i)));
  return b.finish();
}

function positions(v: Vector, n: number): Float64Array {
  // Always an own buffer: the worker transfers positions to the app, and a view
  // would take the whole IPC buffer (every other column) with it.
  if (v.data.length === 1) {
    const c = v.data[0].children[0];
    const start = v.data[0].offset * 2 + c.offset;
    return (c.values as Float64Array).slice(start, start + 2 * n);
  }
  const out = new Float64Array(2 * n);
  let o = 0;
  for (const d of v.data) {
    const c = d.children[0];
    const start = d.offset * 2 + c.offset;
    out.set((c.values as Float64Array).subarray(start, start + 2 * d.length), o);
    o += 2 * d.length;
  }
  return out;
}

function meta<T>(table: Table, key: string, fallback: T): T {
  const s = table.schema.metadata.get(key);
  return s ? (JSON.parse(s) as T) : fallback;
}

export function decodeTreeColumns(table: Table, fields: TreeFieldList = TREE_FIELDS): TreeColumns {
  const n = table.numRows;
  const idVec = child(table, 'tree_id');
  let ids: IdColumn;
  if (table.schema.metadata.get(META.idKind) === 'int') {
    const d = idVec.data[0];
    ids = {
      kind: 'int',
      values: idVec.data.length === 1 ? (d.values as Int32Array).subarray(d.offset, d.offset + n) : Int32Array.from(idVec.toArray() as ArrayLike<number>),
    };
  } else ids = { kind: 'text', values: text(idVec, n) };
  const statusVec = child(table, 'tree_status');
  let status: Uint8Array;
  if (statusVec.data.length === 1 && statusVec.nullCount === 0) {
    const d = statusVec.data[0];
    status = (d.values as Uint8Array).subarray(d.offset, d.offset + n);
  } else {
    status = new Uint8Array(n);
    for (let i = 0; i < n; i++) status[i] = parseStatus(statusVec.get(i));
  }
  const numeric = {} as Record<NumericField, Float32Array>;
  for (const f of numericFields(fields)) numeric[f as NumericField] = float32(child(table, f), n);
  const txt = {} as Record<TextField, StringColumn>;
  for (const f of textFields(fields)) txt[f as TextField] = text(child(table, f), n);
  return { length: n, positions: positions(child(table, 'position'), n), ids, status, numeric, text: txt };
}

/** Arrow IPC bytes → the same dataset ingestMapDataGeoJSON gives for the JSON form. */
export function decodeMapDataArrow(bytes: Uint8Array | ArrayBuffer, fields: TreeFieldList = TREE_FIELDS): GeoDataset {
  const table = tableFromIPC(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  const trees = decodeTreeColumns(table, fields);
  const plotsFc = meta<MapDataResponse['plots'] | null>(table, META.plots, null);
  const areasFc = meta<MapDataResponse['irrigationAreas'] | null>(table, META.irrigationAreas, null);
  // Version 2 sends lon/lat (orchard.crs); a version-1 stream still holds EPSG:3857 areas.
  const fromMercator = table.schema.metadata.get(META.crs) !== ARROW_CRS;
  const plots = normalizeAreas(plotsFc, { kind: 'plot', idField: 'plot_id', fromMercator });
  const areas = normalizeAreas(areasFc, { kind: 'irrigation area', idField: 'irrigation_area_id', fromMercator });
  return {
    trees,
    plots: plots.features,
    irrigationAreas: areas.features,
    duplicates: {
      plot: plots.duplicates,
      'irrigation area': areas.duplicates,
      tree: meta<string[]>(table, META.treeDuplicates, []),
    },
    biomassRange: meta(table, META.biomassRange, null),
    npkRanges: meta(table, META.npkRanges, {}),
    skippedTrees: 0,
  };
}
