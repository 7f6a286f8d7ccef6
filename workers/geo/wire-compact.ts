// The compact wire form of the map data (README "Compact map data"), sent for
// `Accept: application/vnd.orchard.trees.v2+compact` and gzip'd as a whole when
// accepted. Only what the app cannot derive, at the precision it shows and uses:
//   positions   centimetres east/north of the survey's origin (the first tree),
//               as integer steps of 1 cm in lon and lat, coded along the stored
//               order (int-column.ts: differences of order 0-2, less a bias, in
//               byte planes)
//   tree_id     integers (int-column.ts), or a dictionary and its codes
//   tree_status one byte per tree
//   numbers     each numeric field of the list (fields.ts) as integers at its
//               wire decimals (a survey's own precision), null = no value;
//               Float32 bytes when the field has no decimals or a value is huge
//   text        each text field not `derived` (fields.ts): dictionary + codes
// The derived words (labels and classes stored beside the measures) are not
// sent: the app shows the classes it derives from the values and the crop's
// ranges (client.md §5); the decoder gives them as empty columns.
// Layout: 'OSC1', header length (u32 LE), header (JSON), then each column's bytes.
// Version 2 added the columns' bias (int-column.ts) and its own media type: a
// version-1 decoder (an app tab open since before) is never sent it (it asks for
// the old type and gets Arrow), and decodes nothing wrong; this decoder reads both
// (surveys kept on a device, snapshots written before).
import { emptyCodes, emptyStringColumn } from './dictionary';
import { normalizeAreas } from './features';
import { EARTH_RADIUS } from './geodesy';
import { numericFields, textFields, TREE_FIELDS, wireTextFields, fieldSpec, type TreeFieldList } from './fields';
import { decodeInts, encodeInts, MAX_WIRE_INT, type IntTarget, type Order } from './int-column';
import type { ArrowMapDataInput } from './arrow-schema';
import type { GeoDataset } from './ingest-geojson';
import type { IdColumn, MapDataResponse, StringColumn, TreeColumns } from './types';

export const COMPACT_MIME = 'application/vnd.orchard.trees.v2+compact';
export const COMPACT_VERSION = 2;
/** Version 1 had no bias: its bytes decode the same way with every bias 0. */
const READS_VERSIONS = [1, 2];
const MAGIC = [0x4f, 0x53, 0x43, 0x31]; // "OSC1"

/** One column's bytes: integers (with their order, nulls and decimals), Float32, raw bytes; text adds its dictionary. */
interface ColumnHead {
  key: string;
  code: 'int' | 'f32' | 'u8';
  len: number;
  order?: Order;
  bias?: number;
  nulls?: boolean;
  width?: number;
  decimals?: number;
  dict?: string[];
}

interface Header {
  version: number;
  n: number;
  /** lon/lat of the origin and the size of 1 cm in degrees of lon and lat there. */
  origin: { lon: number; lat: number; stepLon: number; stepLat: number };
  idKind: IdColumn['kind'];
  columns: ColumnHead[];
  plots: MapDataResponse['plots'];
  irrigationAreas: MapDataResponse['irrigationAreas'];
  biomassRange: MapDataResponse['biomassRange'] | null;
  npkRanges: MapDataResponse['npkRanges'];
  treeDuplicates: readonly string[];
}

export type CompactMapDataInput = Omit<ArrowMapDataInput, 'areasCrs'>;

/** Degrees of latitude in 1 cm (the spherical earth of geodesy.ts). */
const CM_LAT = 0.01 / ((EARTH_RADIUS * Math.PI) / 180);

function originOf(pos: Float64Array): Header['origin'] {
  let i = 0;
  while (i < pos.length && !(Number.isFinite(pos[i]) && Number.isFinite(pos[i + 1]))) i += 2;
  const lon = i < pos.length ? pos[i] : 0,
    lat = i < pos.length ? pos[i + 1] : 0;
  return { lon, lat, stepLon: CM_LAT / Math.max(0.01, Math.cos((lat * Math.PI) / 180)), stepLat: CM_LAT };
}

/** Encodes the map data in the compact form (the bytes to store and send). */
export function encodeMapDataCompact(input: CompactMapDataInput): Uint8Array {
  const t = input.trees;
  const n = t.length;
  const list = input.fields ?? TREE_FIELDS;
  const origin = originOf(t.positions);
  const columns: ColumnHead[] = [];
  const bodies: Uint8Array[] = [];
  const add = (head: Omit<ColumnHead, 'len'>, bytes: Uint8Array) => {
    columns.push({ ...head, len: bytes.length });
    bodies.push(bytes);
  };
  const ints = (key: string, values: ArrayLike<number>, extra: Partial<ColumnHead> = {}) => {
    const c = encodeInts(values);
    add({ key, code: 'int', order: c.order, ...(c.bias ? { bias: c.bias } : {}), nulls: c.nulls, width: c.width, ...extra }, c.bytes);
  };
  const steps = new Float64Array(n);
  for (const [key, k, o, step] of [
    ['lon', 0, origin.lon, origin.stepLon],
    ['lat', 1, origin.lat, origin.stepLat],
  ] as const) {
    for (let i = 0; i < n; i++) steps[i] = Math.round((t.positions[2 * i + k] - o) / step); // NaN stays NaN: no position
    ints(key, steps);
  }
  const text = (key: string, col: StringColumn) => ints(key, col.codes, { dict: col.dict });
  if (t.ids.kind === 'int') ints('tree_id', t.ids.values);
  else text('tree_id', t.ids.values);
  add({ key: 'tree_status', code: 'u8' }, t.status);
  const num = t.numeric as Record<string, Float32Array>;
  for (const key of numericFields(list)) {
    const v = num[key];
    const spec = fieldSpec(key, list);
    const decimals = spec?.wireDecimals ?? spec?.decimals;
    const scale = 10 ** (decimals ?? 0);
    let fits = decimals !== undefined;
    for (let i = 0; fits && i < n; i++) {
      const q = Math.round(v[i] * scale);
      if (q === q) steps[i] = q;
      else if (v[i] === v[i])
        fits = false; // ±Infinity
      else steps[i] = NaN;
      if (Math.abs(q) > MAX_WIRE_INT) fits = false;
    }
    if (fits) ints(key, steps.subarray(0, n), { decimals });
    else add({ key, code: 'f32' }, new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + 4 * n)));
  }
  const txt = t.text as Record<string, StringColumn>;
  for (const key of wireTextFields(list)) text(key, txt[key]);
  const header: Header = {
    version: COMPACT_VERSION,
    n,
    origin,
    idKind: t.ids.kind,
    columns,
    plots: input.plots ?? { type: 'FeatureCollection', features: [] },
    irrigationAreas: input.irrigationAreas ?? { type: 'FeatureCollection', features: [] },
    biomassRange: input.biomassRange ?? null,
    npkRanges: input.npkRanges ?? {},
    treeDuplicates: input.treeDuplicates ?? [],
  };
  const head = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + head.length + bodies.reduce((s, b) => s + b.length, 0));
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, head.length, true);
  out.set(head, 8);
  let p = 8 + head.length;
  for (const b of bodies) {
    out.set(b, p);
    p += b.length;
  }
  return out;
}

/** The bytes start like the compact form (a kept survey tells its form by its content type; this checks the bytes). */
export function isCompactMapData(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && MAGIC.every((b, i) => bytes[i] === b);
}

function parse(bytes: Uint8Array): { header: Header; body: Map<string, { head: ColumnHead; bytes: Uint8Array }> } {
  if (!isCompactMapData(bytes)) throw new RangeError('compact map data: not this form');
  const len = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + len > bytes.length) throw new RangeError('compact map data: the header ends early');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + len))) as Header;
  if (!READS_VERSIONS.includes(header.version)) throw new RangeError(`compact map data: version ${header.version} is not known`);
  const body = new Map<string, { head: ColumnHead; bytes: Uint8Array }>();
  let p = 8 + len;
  for (const head of header.columns) {
    if (p + head.len > bytes.length) throw new RangeError(`compact map data: column ${head.key} ends early`);
    body.set(head.key, { head, bytes: bytes.subarray(p, p + head.len) });
    p += head.len;
  }
  return { header, body };
}

/** Compact bytes → the same dataset decodeMapDataArrow gives (the derived words as empty columns). */
export function decodeMapDataCompact(input: Uint8Array | ArrayBuffer, list: TreeFieldList = TREE_FIELDS): GeoDataset {
  const { header, body } = parse(input instanceof Uint8Array ? input : new Uint8Array(input));
  const n = header.n;
  const column = (key: string) => {
    const c = body.get(key);
    if (!c) throw new RangeError(`compact map data: missing column ${key}`);
    return c;
  };
  let scratch: Float64Array | null = null;
  const intsOf = (key: string, target: IntTarget = { out: (scratch ??= new Float64Array(n)) }) => {
    const c = column(key);
    if (c.head.code !== 'int') throw new RangeError(`compact map data: column ${key} is not integers`);
    const bias = header.version >= 2 ? (c.head.bias ?? 0) : 0;
    return decodeInts({ order: c.head.order ?? 0, bias, nulls: !!c.head.nulls, width: c.head.width ?? 0, bytes: c.bytes }, n, target);
  };
  const positions = new Float64Array(2 * n);
  const { origin } = header;
  for (const [key, k, o, step] of [
    ['lon', 0, origin.lon, origin.stepLon],
    ['lat', 1, origin.lat, origin.stepLat],
  ] as const) {
    intsOf(key, { out: positions, stride: 2, offset: k, add: o, mul: step });
  }
  const text = (key: string): StringColumn => {
    const dict = column(key).head.dict;
    if (!dict || dict[0] !== '') throw new RangeError(`compact map data: column ${key} has no dictionary`);
    const q = intsOf(key);
    const codes = emptyCodes(n, dict.length);
    for (let i = 0; i < n; i++) {
      const c = q[i];
      if (!(c >= 0 && c < dict.length)) throw new RangeError(`compact map data: column ${key} has a code out of its dictionary`);
      codes[i] = c;
    }
    return { codes, dict };
  };
  const ids: IdColumn = header.idKind === 'int' ? { kind: 'int', values: Int32Array.from(intsOf('tree_id')) } : { kind: 'text', values: text('tree_id') };
  const st = column('tree_status');
  if (st.bytes.length !== n) throw new RangeError('compact map data: the status column is not one byte per tree');
  const status = st.bytes.slice();
  const numeric: Record<string, Float32Array> = {};
  for (const key of numericFields(list)) {
    const c = column(key);
    const out = new Float32Array(n);
    if (c.head.code === 'f32') {
      if (c.bytes.length !== 4 * n) throw new RangeError(`compact map data: column ${key} is not 4 bytes per tree`);
      out.set(new Float32Array(c.bytes.slice().buffer));
    } else out.set(intsOf(key, { out: (scratch ??= new Float64Array(n)), div: 10 ** (c.head.decimals ?? 0) }));
    numeric[key] = out;
  }
  const sent = new Set(wireTextFields(list));
  const txt: Record<string, StringColumn> = {};
  for (const key of textFields(list)) txt[key] = sent.has(key) ? text(key) : emptyStringColumn(n);
  const trees: TreeColumns = { length: n, positions, ids, status, numeric: numeric as TreeColumns['numeric'], text: txt as TreeColumns['text'] };
  const plots = normalizeAreas(header.plots, { kind: 'plot', idField: 'plot_id', fromMercator: false });
  const areas = normalizeAreas(header.irrigationAreas, { kind: 'irrigation area', idField: 'irrigation_area_id', fromMercator: false });
  return {
    trees,
    plots: plots.features,
    irrigationAreas: areas.features,
    duplicates: { plot: plots.duplicates, 'irrigation area': areas.duplicates, tree: [...header.treeDuplicates] },
    biomassRange: header.biomassRange ?? null,
    npkRanges: header.npkRanges ?? {},
    skippedTrees: 0,
  };
}
