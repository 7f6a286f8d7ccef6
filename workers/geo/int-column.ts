// Integer columns of the compact wire form (wire-compact.ts): each value as a
// zigzag varint of its difference of order 0 (the value), 1 (from the one
// before) or 2 (from the step before: regular spacing along a row gives ~0),
// whichever is shortest. With nulls, code 0 is "no value" and the others are
// shifted by one; differences skip nulls. Values are plain numbers (not 32-bit
// ints): a column's values stay within ±2^50 (MAX_WIRE_INT), so a difference
// of order 2 stays exact.

export type Order = 0 | 1 | 2;

/** The largest magnitude an integer column takes (larger numbers go as Float32). */
export const MAX_WIRE_INT = 2 ** 50;

export interface IntColumn {
  order: Order;
  /** Code 0 means "no value" (NaN in and out). */
  nulls: boolean;
  bytes: Uint8Array;
}

const zigzag = (d: number) => (d >= 0 ? 2 * d : -2 * d - 1);

function varintLength(z: number): number {
  let len = 1;
  while (z >= 0x80) {
    z = Math.floor(z / 0x80);
    len++;
  }
  return len;
}

/** The code of each value (NaN = null) for one order, handed to `emit`. */
function codes(values: ArrayLike<number>, order: Order, nulls: boolean, emit: (z: number) => void): void {
  let a = 0,
    b = 0; // the last value and the one before (non-null)
  const shift = nulls ? 1 : 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) {
      emit(0);
      continue;
    }
    const d = order === 0 ? v : order === 1 ? v - a : v - a - (a - b);
    b = a;
    a = v;
    emit(zigzag(d) + shift);
  }
}

/** Encodes integers (NaN = null) with the order that gives the fewest bytes. */
export function encodeInts(values: ArrayLike<number>): IntColumn {
  let nulls = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) nulls = true;
    else if (!Number.isInteger(v) || Math.abs(v) > MAX_WIRE_INT) throw new RangeError(`not a wire integer: ${v}`);
  }
  let best: Order = 0,
    bestSize = Infinity;
  for (const order of [0, 1, 2] as const) {
    let size = 0;
    codes(values, order, nulls, (z) => (size += varintLength(z)));
    if (size < bestSize) [best, bestSize] = [order, size];
  }
  const bytes = new Uint8Array(bestSize);
  let p = 0;
  codes(values, best, nulls, (z) => {
    while (z >= 0x80) {
      bytes[p++] = (z & 0x7f) | 0x80; // & takes the low 32 bits: the low 7 are right for any z < 2^53
      z = Math.floor(z / 0x80);
    }
    bytes[p++] = z;
  });
  return { order: best, nulls, bytes };
}

/** Decodes `n` values into `out` (NaN = null); throws on a truncated or overlong column. */
export function decodeInts(col: IntColumn, n: number, out: Float64Array = new Float64Array(n)): Float64Array {
  const { bytes, order } = col;
  const shift = col.nulls ? 1 : 0;
  const end = bytes.length;
  let p = 0,
    a = 0,
    b = 0;
  for (let i = 0; i < n; i++) {
    if (p >= end) throw new RangeError('compact map data: a column ends early');
    let byte = bytes[p++];
    let z = byte & 0x7f;
    if (byte & 0x80) {
      let mul = 0x80;
      do {
        if (p >= end) throw new RangeError('compact map data: a column ends early');
        byte = bytes[p++];
        z += (byte & 0x7f) * mul;
        mul *= 0x80;
      } while (byte & 0x80);
    }
    if (shift && z === 0) {
      out[i] = NaN;
      continue;
    }
    z -= shift;
    const d = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    const v = order === 0 ? d : order === 1 ? a + d : a + (a - b) + d;
    b = a;
    a = v;
    out[i] = v;
  }
  if (p !== end) throw new RangeError('compact map data: a column is longer than its trees');
  return out;
}
