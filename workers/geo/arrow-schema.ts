// Apache Arrow IPC wire form of the map-data response (docs/ARCHITECTURE.md §3), sent for
// `Accept: application/vnd.apache.arrow.stream`. One record batch, one row per tree:
//   position          FixedSizeList<Float64>[2]  lon, lat (EPSG:4326; the values
//                     buffer is already deck.gl's interleaved position array)
//   tree_id           Int32 (metadata orchard.idKind = "int") or Dictionary<Utf8>
//   tree_status       Uint8, 0..5 (unknown already mapped to 5)
//   row_num … biomass Float32, NaN = no value (no validity bitmaps: zero-copy)
//   crop_name, labels, classifications, planting_date, irrigation_area_id, plot_id:
//                     Dictionary<Utf8, Uint8|Uint16|Int32>, index 0 = '' = no value
// Schema metadata (JSON text): plots and irrigationAreas as FeatureCollections in
// EPSG:4326 (orchard.crs; version 1 sent them in EPSG:3857 as the JSON call does),
// biomassRange, npkRanges, treeDuplicates (ids the server dropped), version.
import {
  Dictionary,
  Field,
  FixedSizeList,
  Float32,
  Float64,
  Int32,
  RecordBatch,
  Schema,
  Struct,
  Table,
  Uint16,
  Uint8,
  Utf8,
  makeData,
  tableToIPC,
  vectorFromArray,
  type Data,
  type DataType,
} from 'apache-arrow';
import { numericFields, textFields, TREE_FIELDS, type TreeFieldList } from './fields';
import type { MapDataResponse, StringColumn, TreeColumns } from './types';

export const ARROW_MIME = 'application/vnd.apache.arrow.stream';
export const ARROW_VERSION = '2';
export const ARROW_CRS = 'EPSG:4326';
export const META = {
  version: 'orchard.version',
  crs: 'orchard.crs',
  idKind: 'orchard.idKind',
  plots: 'orchard.plots',
  irrigationAreas: 'orchard.irrigationAreas',
  biomassRange: 'orchard.biomassRange',
  npkRanges: 'orchard.npkRanges',
  treeDuplicates: 'orchard.treeDuplicates',
} as const;

export interface ArrowMapDataInput {
  /** Trees as columns (rowsToTreeColumns builds them from SQL rows). */
  trees: TreeColumns;
  /** Duplicate tree ids the builder dropped, forwarded for the app's alert. */
  treeDuplicates?: readonly string[];
  /** The fields to write (the one list of a tree's fields unless a test says otherwise). */
  fields?: TreeFieldList;
  /** In `areasCrs`: EPSG:4326 (ARROW_CRS, what the server sends) unless said otherwise. */
  plots: MapDataResponse['plots'];
  irrigationAreas: MapDataResponse['irrigationAreas'];
  /** 'EPSG:3857' when plots/irrigationAreas come straight from the JSON form (tests, benchmarks). */
  areasCrs?: 'EPSG:3857' | typeof ARROW_CRS;
  biomassRange?: MapDataResponse['biomassRange'];
  npkRanges?: MapDataResponse['npkRanges'];
}

function positionType(): FixedSizeList<Float64> {
  return new FixedSizeList(2, new Field('lonlat', new Float64(), false));
}

function dictData(col: StringColumn, id: number): Data {
  const c = col.codes;
  const index = c instanceof Uint8Array ? new Uint8() : c instanceof Uint16Array ? new Uint16() : new Int32();
  const type = new Dictionary(new Utf8(), index, id, false);
  const codes = c instanceof Uint32Array ? new Int32Array(c.buffer, c.byteOffset, c.length) : c;
  return makeData({ type, length: codes.length, nullCount: 0, data: codes, dictionary: vectorFromArray(col.dict, new Utf8()) });
}

/** Encodes the map data as one Arrow IPC stream (Uint8Array ready to send). */
export function encodeMapDataArrow(input: ArrowMapDataInput): Uint8Array {
  const t = input.trees;
  const n = t.length;
  const fields: Field[] = [];
  const children: Data[] = [];
  const add = (name: string, data: Data<DataType>) => {
    fields.push(new Field(name, data.type, false));
    children.push(data);
  };
  add(
    'position',
    makeData({
      type: positionType(),
      length: n,
      nullCount: 0,
      child: makeData({ type: new Float64(), length: 2 * n, nullCount: 0, data: t.positions }),
    }),
  );
  let dictId = 0;
  if (t.ids.kind === 'int') add('tree_id', makeData({ type: new Int32(), length: n, nullCount: 0, data: t.ids.values }));
  else add('tree_id', dictData(t.ids.values, dictId++));
  add('tree_status', makeData({ type: new Uint8(), length: n, nullCount: 0, data: t.status }));
  const list = input.fields ?? TREE_FIELDS;
  const num = t.numeric as Record<string, Float32Array>,
    txt = t.text as Record<string, StringColumn>;
  for (const f of numericFields(list)) add(f, makeData({ type: new Float32(), length: n, nullCount: 0, data: num[f] }));
  for (const f of textFields(list)) add(f, dictData(txt[f], dictId++));
  const metadata = new Map<string, string>([
    [META.version, ARROW_VERSION],
    [META.crs, input.areasCrs ?? ARROW_CRS],
    [META.idKind, t.ids.kind],
    [META.plots, JSON.stringify(input.plots ?? { type: 'FeatureCollection', features: [] })],
    [META.irrigationAreas, JSON.stringify(input.irrigationAreas ?? { type: 'FeatureCollection', features: [] })],
    [META.biomassRange, JSON.stringify(input.biomassRange ?? null)],
    [META.npkRanges, JSON.stringify(input.npkRanges ?? {})],
    [META.treeDuplicates, JSON.stringify(input.treeDuplicates ?? [])],
  ]);
  const schema = new Schema(fields, metadata);
  const struct = makeData({ type: new Struct(fields), length: n, nullCount: 0, children });
  return tableToIPC(new Table([new RecordBatch(schema, struct)]), 'stream');
}
