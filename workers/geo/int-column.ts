// Integer columns of the compact wire form (wire-compact.ts): each value's
// code is the zigzag of its difference of order 0 (the value), 1 (from the one
// before) or 2 (from the step before: regular spacing along a row gives ~0),
// written as fixed-width byte planes (every code's low byte, then the next
// byte, ...): gzip packs planes of like bytes tighter than varints (measured:
// 0.1 to 0.2 byte per tree and measure), and they decode without branching.
// The order kept is the one whose planes have the least byte entropy (what
// gzip's Huffman stage gets near). With nulls, code 0 is "no value" and the
// others are shifted by one; differences skip nulls. Values are plain numbers
// within ±2^50 (MAX_WIRE_INT), so a difference of order 2 stays exact.
// A column may carry a bias, the median of its differences, subtracted before
// the zigzag: a row's tree spacing (~424 cm east between neighbours) then codes
// around 0 instead of around 848, where the high plane follows the low one and
// brotli cannot see it (the 1M demo survey's east positions: 1.02 → 0.94 B/tree).

export type Order = 0 | 1 | 2;

/** The largest magnitude an integer column takes (larger numbers go as Float32). */
export const MAX_WIRE_INT = 2 ** 50;

export interface IntColumn {
  order: Order;
  /** Subtracted from each difference before its zigzag (0: none; compact form version 2). */
  bias?: number;
  /** Code 0 means "no value" (NaN in and out). */
  nulls: boolean;
  /** Bytes per code (the number of planes). */
  width: number;
  bytes: Uint8Array;
}

const zigzag = (d: number) => (d >= 0 ? 2 * d : -2 * d - 1);

/** The codes of one order into `out`; returns the largest. */
function codes(values: ArrayLike<number>, order: Order, nulls: boolean, out: Float64Array): number {
  let a = 0,
    b = 0, // the last value and the one before (non-null)
    max = 0;
  const shift = nulls ? 1 : 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) {
      out[i] = 0;
      continue;
    }
    const d = order === 0 ? v : order === 1 ? v - a : v - 2 * a + b;
    b = a;
    a = v;
    const z = zigzag(d) + shift;
    out[i] = z;
    if (z > max) max = z;
  }
  return max;
}

const unzigzag = (z: number) => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

/** The median difference behind codes `z`, from every k-th code that is not null (~64k at most: any integer is a valid bias). */
function medianOf(z: Float64Array, nulls: boolean): number {
  const shift = nulls ? 1 : 0;
  const every = Math.ceil(z.length / MEDIAN_SAMPLE);
  const sample = new Float64Array(Math.ceil(z.length / every));
  let k = 0;
  for (let i = 0; i < z.length; i += every) if (z[i] >= shift) sample[k++] = unzigzag(z[i] - shift);
  return k ? sample.subarray(0, k).sort()[k >> 1] : 0;
}
const MEDIAN_SAMPLE = 0x10000;

/** Codes `z` again with `bias` subtracted from their differences, into `out`; returns the largest. */
function rebias(z: Float64Array, nulls: boolean, bias: number, out: Float64Array): number {
  const shift = nulls ? 1 : 0;
  let max = 0;
  for (let i = 0; i < z.length; i++) {
    const c = z[i] < shift ? 0 : zigzag(unzigzag(z[i] - shift) - bias) + shift;
    out[i] = c;
    if (c > max) max = c;
  }
  return max;
}

const widthOf = (max: number) => {
  let w = 1;
  for (let m = max; m >= 0x100; m = Math.floor(m / 0x100)) w++;
  return w;
};

/** Bits per tree of the byte planes of `w` bytes (each plane's byte entropy, summed). */
function planeEntropy(z: Float64Array, w: number): number {
  const n = z.length;
  let bits = 0;
  const hist = new Uint32Array(256);
  for (let k = 0, div = 1; k < w; k++, div *= 0x100) {
    hist.fill(0);
    // Codes below 2^32 (every column of a survey) with integer shifts: ~3x faster than the division.
    if (w <= 4) for (let i = 0, sh = 8 * k; i < n; i++) hist[(z[i] >>> sh) & 0xff]++;
    else for (let i = 0; i < n; i++) hist[Math.floor(z[i] / div) & 0xff]++;
    for (const c of hist) if (c) bits -= c * Math.log2(c / n);
  }
  return n ? bits / n : 0;
}

/** Encodes integers (NaN = null) in the order, with or without its bias, whose planes pack best. */
export function encodeInts(values: ArrayLike<number>): IntColumn {
  const n = values.length;
  let nulls = false;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v) nulls = true;
    else if (!Number.isInteger(v) || Math.abs(v) > MAX_WIRE_INT) throw new RangeError(`not a wire integer: ${v}`);
  }
  let best = { order: 0 as Order, bias: 0, width: 0, cost: Infinity, z: new Float64Array(n) };
  let z = new Float64Array(n); // the candidate's codes; swapped with the best's when it wins (two buffers in all)
  let bestMax = 0;
  const consider = (order: Order, bias: number, max: number) => {
    const width = widthOf(max);
    // Entropy first, then width; ties keep the lower order (no history to carry) and no bias.
    const cost = planeEntropy(z, width) + width * 1e-9;
    if (cost < best.cost - 1e-12) {
      [best, z] = [{ order, bias, width, cost, z }, best.z];
      bestMax = max;
    }
  };
  for (const order of [0, 1, 2] as const) consider(order, 0, codes(values, order, nulls, z));
  // Then the best order less its median difference (the bias does not change which order wins: a row's step
  // is a step in every order above 0). Codes stay exact: a bias never takes them past 2^52.
  const median = medianOf(best.z, nulls);
  if (median) {
    const max = rebias(best.z, nulls, median, z);
    if (max <= Math.max(bestMax, 2 ** 52)) consider(best.order, median, max);
  }
  const { order, bias, width } = best;
  const bytes = new Uint8Array(width * n);
  for (let k = 0, div = 1; k < width; k++, div *= 0x100) {
    const plane = bytes.subarray(k * n, (k + 1) * n);
    for (let i = 0; i < n; i++) plane[i] = Math.floor(best.z[i] / div) & 0xff;
  }
  return { order, ...(bias ? { bias } : {}), nulls, width, bytes };
}

/** Where decoded values go: out[offset + i * stride] = add + (value * mul) / div (NaN for null). */
export interface IntTarget {
  /** Float64 only: one array type keeps the loop's stores monomorphic (Float32 columns copy from it with set()). */
  out: Float64Array;
  stride?: number;
  offset?: number;
  add?: number;
  mul?: number;
  div?: number;
}

/** A plane of zeros standing in for the missing high planes of a narrow column (grown as needed, never written). */
let zeros = new Uint8Array(0);

/**
 * The common case (no nulls, at most 3 planes: every column the seed and real surveys give): each value read
 * from three planes (zeros where the column is narrower), one loop per order, scalar arguments only. ~1.9x
 * faster than one loop over the general form in a micro-benchmark (0.45 against 0.84 ms per 100k values of the
 * demo survey; the whole decode at 1M is bound as much by allocating its arrays: bench/README.md).
 */
function decodeDense(
  bytes: Uint8Array,
  n: number,
  width: number,
  order: Order,
  bias: number,
  out: Float64Array,
  stride: number,
  offset: number,
  add: number,
  mul: number,
  div: number,
): Float64Array {
  if (zeros.length < n) zeros = new Uint8Array(n);
  const p0 = bytes.subarray(0, n),
    p1 = width > 1 ? bytes.subarray(n, 2 * n) : zeros,
    p2 = width > 2 ? bytes.subarray(2 * n, 3 * n) : zeros;
  let a = 0,
    b = 0;
  if (order === 0)
    for (let i = 0, o = offset; i < n; i++, o += stride) {
      const z = p0[i] | (p1[i] << 8) | (p2[i] << 16);
      out[o] = add + ((((z >>> 1) ^ -(z & 1)) + bias) * mul) / div;
    }
  else if (order === 1)
    for (let i = 0, o = offset; i < n; i++, o += stride) {
      const z = p0[i] | (p1[i] << 8) | (p2[i] << 16);
      a += ((z >>> 1) ^ -(z & 1)) + bias;
      out[o] = add + (a * mul) / div;
    }
  else
    for (let i = 0, o = offset; i < n; i++, o += stride) {
      const z = p0[i] | (p1[i] << 8) | (p2[i] << 16);
      const v = 2 * a - b + ((z >>> 1) ^ -(z & 1)) + bias;
      b = a;
      a = v;
      out[o] = add + (v * mul) / div;
    }
  return out;
}

/** Decodes `n` values into the target (straight into the map's arrays: no second pass); throws when the bytes are not `n` codes. */
export function decodeInts(col: IntColumn, n: number, target: IntTarget = { out: new Float64Array(n) }): Float64Array {
  const { bytes, order, width } = col;
  const bias = col.bias ?? 0;
  if (!Number.isSafeInteger(bias)) throw new RangeError('compact map data: a column has a bias that is not an integer');
  if (!(width >= 1 && width <= 7) || bytes.length !== width * n) throw new RangeError('compact map data: a column is not one code per tree');
  const { out, stride = 1, offset = 0, add = 0, mul = 1, div = 1 } = target;
  if (!col.nulls && width <= 3) return decodeDense(bytes, n, width, order, bias, out, stride, offset, add, mul, div);
  const shift = col.nulls ? 1 : 0;
  const p0 = bytes.subarray(0, n),
    p1 = width > 1 ? bytes.subarray(n, 2 * n) : p0,
    p2 = width > 2 ? bytes.subarray(2 * n, 3 * n) : p0;
  let a = 0,
    b = 0;
  for (let i = 0, o = offset; i < n; i++, o += stride) {
    let z = width === 1 ? p0[i] : width === 2 ? p0[i] | (p1[i] << 8) : p0[i] | (p1[i] << 8) | (p2[i] << 16);
    if (width > 3) for (let k = 3, m = 0x1000000; k < width; k++, m *= 0x100) z += bytes[k * n + i] * m;
    if (z < shift) {
      out[o] = NaN;
      continue;
    }
    z -= shift;
    // Codes below 2^31 (nearly all) with 32-bit integer arithmetic; the rest with plain numbers.
    const d = (z < 0x80000000 ? (z >>> 1) ^ -(z & 1) : unzigzag(z)) + bias;
    const v = order === 0 ? d : order === 1 ? a + d : 2 * a - b + d;
    b = a;
    a = v;
    out[o] = add + (v * mul) / div;
  }
  return out;
}
