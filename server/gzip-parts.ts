// A gzip response made of parts compressed apart (RFC 1951/1952): a big part
// that rarely changes (a 1M-tree client's 76 MB of tree columns: ~1 s to
// compress) is deflated once and kept; each answer deflates only its small
// parts and joins them. Each part is raw deflate ended by a sync flush (byte
// aligned, no final block), so parts follow one another as one deflate
// stream; the member ends with an empty final block and the CRC-32 and size
// of the whole, the CRC combined from the parts' (zlib's crc32_combine).
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import { accepts } from './accept';
import { constants, crc32, createInflateRaw, deflateRaw, deflateRawSync } from 'node:zlib';

export interface DeflatedPart {
  /** Raw deflate, ended by a sync flush (a Uint8Array once it has crossed from the job thread). */
  data: Uint8Array;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Uncompressed bytes. */
  size: number;
}

const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
const deflateAsync = promisify(deflateRaw);

const part = (bytes: Buffer, data: Buffer): DeflatedPart => ({ data, crc: crc32(bytes), size: bytes.length });

/** Deflates a big part in libuv's thread pool (the event loop stays free). */
export async function deflatePart(text: string): Promise<DeflatedPart> {
  const bytes = Buffer.from(text);
  return part(bytes, await deflateAsync(bytes, SYNC));
}

/** Deflates a small part at once. */
export function deflatePartSync(text: string): DeflatedPart {
  const bytes = Buffer.from(text);
  return part(bytes, deflateRawSync(bytes, SYNC));
}

/**
 * Texts and parts, in order, as one stream of UTF-8 (for a client that takes
 * no gzip): a part is inflated as the stream is read, so its text (76 MB for
 * a 1M-tree client) is never whole in memory. Made whole, it stayed in the
 * idle API thread's heap: +365 MB of RSS after one such answer.
 */
export function textStream(pieces: (string | DeflatedPart)[]): Readable {
  return Readable.from(
    (async function* () {
      for (const p of pieces) {
        if (typeof p === 'string') yield Buffer.from(p);
        else yield* createInflateRaw(SYNC).end(p.data);
      }
    })(),
    { objectMode: false },
  );
}

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]); // gzip, deflate, no name, no time, OS unknown
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]); // BFINAL=1, fixed Huffman, end of block

/** The CRC-32 and size of the parts' text, in order. */
function crcAndSize(parts: DeflatedPart[]): { crc: number; size: number } {
  let crc = 0;
  let size = 0;
  for (const p of parts) {
    crc = crc32Combine(crc, p.crc, p.size);
    size += p.size;
  }
  return { crc, size };
}

/** The parts, in order, as one part (their deflate data one after another). */
export function joinParts(parts: DeflatedPart[]): DeflatedPart {
  return { data: Buffer.concat(parts.map((p) => p.data)), ...crcAndSize(parts) };
}

/** One gzip member of the parts, in order (the buffers to send one after another: a kept part is not copied). */
export function gzipOf(parts: DeflatedPart[]): Uint8Array[] {
  const { crc, size } = crcAndSize(parts);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4); // ISIZE: the size modulo 2^32
  return [HEADER, ...parts.map((p) => p.data), FINAL_EMPTY_BLOCK, trailer];
}

/** The client takes gzip: Accept-Encoding names gzip (or *) with q > 0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return accepts(header, ['gzip', '*']);
}

// CRC-32 of A+B from crc(A), crc(B) and B's length, as zlib's crc32_combine:
// multiply crc(A) by x^(8·len(B)) modulo the CRC polynomial (reflected), add crc(B).
const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (bit-reflected). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++, p = multModP(p, p)) X2N.push(p);

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n % 2) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
