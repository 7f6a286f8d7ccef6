// What a survey snapshot keeps beside its Arrow file so a patch can rebuild it
// without reading every tree again (`{project}-{token}.rows`): each row's
// observation id (the order of the rows) and biomass as read, and the dropped
// duplicate rows. Layout: "OSNAP2\n", uint32 header length, the header JSON
// ({ length, dups }), zero padding to 8 bytes, obs and biomass as Float64.
import type { SnapshotTrees } from '../surveys/map-data-build';

const MAGIC = 'OSNAP2\n';
const pad8 = (n: number) => (n + 7) & ~7;

export type Sidecar = Pick<SnapshotTrees, 'obs' | 'biomass' | 'dups'>;

export function encodeSidecar(s: Sidecar): Uint8Array {
  const n = s.obs.length;
  const header = new TextEncoder().encode(JSON.stringify({ length: n, dups: s.dups }));
  const start = pad8(MAGIC.length + 4 + header.length);
  const out = new Uint8Array(start + 16 * n);
  out.set(new TextEncoder().encode(MAGIC));
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true);
  out.set(header, MAGIC.length + 4);
  new Float64Array(out.buffer, start, n).set(s.obs);
  new Float64Array(out.buffer, start + 8 * n, n).set(s.biomass);
  return out;
}

export function decodeSidecar(bytes: Uint8Array): Sidecar {
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error('not a survey snapshot file');
  const len = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + len))) as { length: number; dups: Sidecar['dups'] };
  const n = header.length;
  const start = pad8(MAGIC.length + 4 + len);
  if (bytes.byteLength < start + 16 * n) throw new Error('survey snapshot file is truncated');
  const body = new Uint8Array(16 * n); // an aligned copy (a Buffer's slice would be a view)
  body.set(bytes.subarray(start, start + 16 * n));
  return { obs: new Float64Array(body.buffer, 0, n), biomass: new Float64Array(body.buffer, 8 * n, n), dups: header.dups };
}
