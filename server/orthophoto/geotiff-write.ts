// A small GeoTIFF writer: the demo seed's synthetic orthophotos, the tests' own images and the
// benchmark's 100-megapixel photo are written with it (README "Aerial photo"). Striped or tiled,
// classic TIFF or BigTIFF, uncompressed or deflate; 8-bit RGB, RGBA or palette; georeferenced by
// a tie point and a pixel scale with the EPSG code in the GeoKey directory. Pixels come a band of
// rows at a time, so a photo of any size is never held whole. The reader side is sharp and
// geotiff.js, which this file does not use: the tests check this writer's output through them.
import { open, type FileHandle } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';

export interface GeoTiffSpec {
  width: number;
  height: number;
  /** 3 RGB, 4 RGBA (unassociated alpha), 1 with a palette. */
  channels: 1 | 3 | 4;
  /** 256 RGB colours (0–255) for a palette image. */
  palette?: [number, number, number][];
  /** Georeferencing; omitted: a plain TIFF (the "no position" case). */
  geo?: { epsg: number; originX: number; originY: number; pixelX: number; pixelY: number; pixelIsPoint?: boolean };
  /** Tile size (multiple of 16); omitted: strips of `rowsPerStrip` rows. */
  tile?: number;
  rowsPerStrip?: number;
  bigTiff?: boolean;
  deflate?: boolean;
  /** Pixels of rows [y, y + n), interleaved, width × n × channels bytes. */
  rows: (y: number, n: number) => Uint8Array | Promise<Uint8Array>;
  /** Overrides for hostile test files: tags written with these values instead (e.g. a lying ImageWidth). */
  lie?: { width?: number; height?: number };
}

const SHORT = 3;
const LONG = 4;
const DOUBLE = 12;
const LONG8 = 16;
const SIZE: Record<number, number> = { [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8, [LONG8]: 8 };

interface Entry {
  tag: number;
  type: number;
  values: number[];
}

/** Writes the GeoTIFF to `file`. */
export async function writeGeoTiff(file: string, spec: GeoTiffSpec): Promise<{ bytes: number }> {
  const fh = await open(file, 'w');
  try {
    return await write(fh, spec);
  } finally {
    await fh.close();
  }
}

async function write(fh: FileHandle, s: GeoTiffSpec): Promise<{ bytes: number }> {
  const big = !!s.bigTiff;
  const header = Buffer.alloc(big ? 16 : 8);
  header.write('II', 0, 'latin1');
  if (big) {
    header.writeUInt16LE(43, 2);
    header.writeUInt16LE(8, 4);
  } else header.writeUInt16LE(42, 2);
  let pos = header.length;
  const offsets: number[] = [];
  const counts: number[] = [];
  const put = async (block: Uint8Array) => {
    const data = s.deflate ? deflateSync(block, { level: 1 }) : block;
    await fh.write(data, 0, data.length, pos);
    offsets.push(pos);
    counts.push(data.length);
    pos += data.length;
    if (pos % 2) pos++; // word-aligned blocks
  };

  const c = s.channels;
  if (s.tile) {
    const t = s.tile;
    for (let ty = 0; ty < s.height; ty += t) {
      const n = Math.min(t, s.height - ty);
      const band = await s.rows(ty, n);
      for (let tx = 0; tx < s.width; tx += t) {
        const block = new Uint8Array(t * t * c); // edge tiles are padded to the full size (TIFF 6.0)
        const w = Math.min(t, s.width - tx);
        for (let r = 0; r < n; r++) block.set(band.subarray((r * s.width + tx) * c, (r * s.width + tx + w) * c), r * t * c);
        await put(block);
      }
    }
  } else {
    const rps = s.rowsPerStrip ?? Math.max(1, Math.floor(65536 / (s.width * c)));
    for (let y = 0; y < s.height; y += rps) await put(await s.rows(y, Math.min(rps, s.height - y)));
  }

  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [s.lie?.width ?? s.width] },
    { tag: 257, type: LONG, values: [s.lie?.height ?? s.height] },
    { tag: 258, type: SHORT, values: Array(c).fill(8) },
    { tag: 259, type: SHORT, values: [s.deflate ? 8 : 1] },
    { tag: 262, type: SHORT, values: [c === 1 ? 3 : 2] },
    { tag: 277, type: SHORT, values: [c] },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 339, type: SHORT, values: Array(c).fill(1) },
  ];
  const blockType = big ? LONG8 : LONG;
  if (s.tile) {
    entries.push({ tag: 322, type: SHORT, values: [s.tile] }, { tag: 323, type: SHORT, values: [s.tile] });
    entries.push({ tag: 324, type: blockType, values: offsets }, { tag: 325, type: blockType, values: counts });
  } else {
    const rps = s.rowsPerStrip ?? Math.max(1, Math.floor(65536 / (s.width * c)));
    entries.push({ tag: 273, type: blockType, values: offsets }, { tag: 278, type: LONG, values: [rps] }, { tag: 279, type: blockType, values: counts });
  }
  if (c === 4) entries.push({ tag: 338, type: SHORT, values: [2] });
  if (c === 1) {
    const pal = s.palette ?? Array.from({ length: 256 }, (_, i) => [i, i, i] as [number, number, number]);
    entries.push({ tag: 320, type: SHORT, values: [0, 1, 2].flatMap((k) => Array.from({ length: 256 }, (_, i) => (pal[i]?.[k] ?? 0) * 257)) });
  }
  if (s.geo) {
    const g = s.geo;
    const geographic = g.epsg === 4326;
    entries.push({ tag: 33550, type: DOUBLE, values: [g.pixelX, g.pixelY, 0] });
    entries.push({ tag: 33922, type: DOUBLE, values: [0, 0, 0, g.originX, g.originY, 0] });
    entries.push({
      tag: 34735,
      type: SHORT,
      values: [1, 1, 0, 3, 1024, 0, 1, geographic ? 2 : 1, 1025, 0, 1, g.pixelIsPoint ? 2 : 1, geographic ? 2048 : 3072, 0, 1, g.epsg],
    });
  }
  entries.sort((a, b) => a.tag - b.tag);

  // The IFD, then the values that do not fit in an entry.
  const entrySize = big ? 20 : 12;
  const inline = big ? 8 : 4;
  const ifdAt = pos;
  const ifdSize = (big ? 8 : 2) + entries.length * entrySize + (big ? 8 : 4);
  let extraAt = ifdAt + ifdSize;
  const extras: Buffer[] = [];
  const ifd = Buffer.alloc(ifdSize);
  let p = 0;
  if (big) ifd.writeBigUInt64LE(BigInt(entries.length), 0);
  else ifd.writeUInt16LE(entries.length, 0);
  p = big ? 8 : 2;
  for (const e of entries) {
    const bytes = encode(e);
    ifd.writeUInt16LE(e.tag, p);
    ifd.writeUInt16LE(e.type, p + 2);
    if (big) ifd.writeBigUInt64LE(BigInt(e.values.length), p + 4);
    else ifd.writeUInt32LE(e.values.length, p + 4);
    const at = p + (big ? 12 : 8);
    if (bytes.length <= inline) bytes.copy(ifd, at);
    else {
      if (big) ifd.writeBigUInt64LE(BigInt(extraAt), at);
      else ifd.writeUInt32LE(extraAt, at);
      extras.push(bytes);
      extraAt += bytes.length + (bytes.length % 2);
      if (bytes.length % 2) extras.push(Buffer.alloc(1));
    }
    p += entrySize;
  }
  await fh.write(ifd, 0, ifd.length, ifdAt);
  let at = ifdAt + ifdSize;
  for (const b of extras) {
    await fh.write(b, 0, b.length, at);
    at += b.length;
  }
  if (big) header.writeBigUInt64LE(BigInt(ifdAt), 8);
  else header.writeUInt32LE(ifdAt, 4);
  await fh.write(header, 0, header.length, 0);
  return { bytes: at };
}

function encode(e: Entry): Buffer {
  const size = SIZE[e.type];
  const b = Buffer.alloc(size * e.values.length);
  e.values.forEach((v, i) => {
    if (e.type === SHORT) b.writeUInt16LE(v, i * 2);
    else if (e.type === LONG) b.writeUInt32LE(v, i * 4);
    else if (e.type === DOUBLE) b.writeDoubleLE(v, i * 8);
    else b.writeBigUInt64LE(BigInt(v), i * 8);
  });
  return b;
}
