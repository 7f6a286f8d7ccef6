// The rows a survey snapshot was built from, as one binary file: every column
// of TreeArrays (observation ids, positions, the tree fields of client.md §3)
// exactly as the database answered them, so a patch can drop and re-read the
// changed trees and rebuild without reading the others again. Numbers are
// Float64 with a null mask (lossless for int and real columns), text columns a
// dictionary (codes, -1 = null). Layout: "OSNAP1\n", uint32 header length,
// the header JSON, zero padding to 8 bytes, then each column's buffers.
import { TREE_FIELDS, type Cell, type TreeArrays, type TreeField } from '../routes/map-data-query';

const MAGIC = 'OSNAP1\n';

type Column =
  | { name: string; kind: 'num'; nulls: boolean }
  | { name: string; kind: 'text'; dict: string[] }
  | { name: string; kind: 'json'; bytes: number };

interface Header { length: number; columns: Column[] }

const pad8 = (n: number) => (n + 7) & ~7;

function encodeColumn(name: string, values: ArrayLike<Cell>, n: number): { column: Column; parts: Uint8Array[] } {
  let numbers = 0, strings = 0, nulls = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined) nulls++;
    else if (typeof v === 'number') numbers++;
    else strings++;
  }
  if (strings === 0) {
    const f = new Float64Array(n);
    const mask = new Uint8Array(nulls ? pad8(n) : 0);
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (typeof v === 'number') f[i] = v;
      else mask[i] = 1;
    }
    return { column: { name, kind: 'num', nulls: nulls > 0 }, parts: nulls ? [new Uint8Array(f.buffer), mask] : [new Uint8Array(f.buffer)] };
  }
  if (numbers === 0) {
    const dict: string[] = [];
    const index = new Map<string, number>();
    const codes = new Int32Array(pad8(n * 4) / 4);
    for (let i = 0; i < n; i++) {
      const v = values[i] as string | null;
      if (v === null || v === undefined) { codes[i] = -1; continue; }
      let c = index.get(v);
      if (c === undefined) index.set(v, (c = dict.push(v) - 1));
      codes[i] = c;
    }
    return { column: { name, kind: 'text', dict }, parts: [new Uint8Array(codes.buffer)] };
  }
  // Numbers and text in one column: not a column the database answers, kept exactly anyway.
  const json = new TextEncoder().encode(JSON.stringify(Array.from({ length: n }, (_, i) => values[i] ?? null)));
  const out = new Uint8Array(pad8(json.length));
  out.set(json);
  return { column: { name, kind: 'json', bytes: json.length }, parts: [out] };
}

/** The rows as one buffer (decodeRawColumns reads it back). */
export function encodeRawColumns(rows: TreeArrays): Uint8Array {
  const n = rows.length;
  const named: [string, ArrayLike<Cell>][] = [['obs', rows.obs], ['lon', rows.lon], ['lat', rows.lat], ...TREE_FIELDS.map((f) => [f, rows.cols[f]] as [string, Cell[]])];
  const encoded = named.map(([name, values]) => encodeColumn(name, values, n));
  const header = new TextEncoder().encode(JSON.stringify({ length: n, columns: encoded.map((e) => e.column) } satisfies Header));
  const start = pad8(MAGIC.length + 4 + header.length);
  const total = encoded.reduce((s, e) => s + e.parts.reduce((a, p) => a + p.byteLength, 0), start);
  const out = new Uint8Array(total);
  out.set(new TextEncoder().encode(MAGIC));
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true);
  out.set(header, MAGIC.length + 4);
  let at = start;
  for (const e of encoded) for (const p of e.parts) { out.set(p, at); at += p.byteLength; }
  return out;
}

/** The rows of encodeRawColumns; throws on a file that is not one. */
export function decodeRawColumns(bytes: Uint8Array): TreeArrays {
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error('not a survey snapshot file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + headerLength))) as Header;
  const n = header.length;
  // Typed views need aligned offsets: copy once into an aligned buffer when the file's is not.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  let at = pad8(MAGIC.length + 4 + headerLength);
  const take = (len: number) => {
    const part = buf.subarray(at, at + len);
    at += pad8(len);
    return part;
  };
  const out = new Map<string, Cell[]>();
  for (const c of header.columns) {
    const values = new Array<Cell>(n);
    if (c.kind === 'num') {
      const p = take(n * 8);
      const f = new Float64Array(p.buffer, p.byteOffset, n);
      for (let i = 0; i < n; i++) values[i] = f[i];
      if (c.nulls) {
        const mask = take(n);
        for (let i = 0; i < n; i++) if (mask[i]) values[i] = null;
      }
    } else if (c.kind === 'text') {
      const p = take(n * 4);
      const codes = new Int32Array(p.buffer, p.byteOffset, n);
      for (let i = 0; i < n; i++) values[i] = codes[i] < 0 ? null : c.dict[codes[i]];
    } else {
      const parsed = JSON.parse(new TextDecoder().decode(take(c.bytes))) as Cell[];
      for (let i = 0; i < n; i++) values[i] = parsed[i];
    }
    out.set(c.name, values);
  }
  const col = (name: string) => {
    const v = out.get(name);
    if (!v) throw new Error(`survey snapshot file without column ${name}`);
    return v;
  };
  const cols = {} as Record<TreeField, Cell[]>;
  for (const f of TREE_FIELDS) cols[f] = col(f);
  return { length: n, obs: col('obs') as number[], lon: col('lon') as number[], lat: col('lat') as number[], cols };
}
