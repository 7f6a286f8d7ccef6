// The position a photo keeps (README "Scouting: photos"): the device re-encodes every photo (which drops all
// of its EXIF: camera, owner, time zone, thumbnails) and writes back one small EXIF block with the GPS position
// only. Pure: builds the EXIF block and puts it into the JPEG's bytes (an APP1 segment) or the WebP's (an EXIF
// chunk of the extended format, https://developers.google.com/speed/webp/docs/riff_container).

const le16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
const le32 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];

/** Degrees as three EXIF rationals (degrees, minutes, seconds × 10,000). */
function dms(value: number): number[] {
  const a = Math.abs(value);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 10_000);
  return [...le32(d), ...le32(1), ...le32(m), ...le32(1), ...le32(s), ...le32(10_000)];
}

/** EXIF (a TIFF structure) holding GPSLatitude/GPSLongitude (and their N/S, E/W) only. */
export function gpsTiff(lat: number, lon: number): number[] {
  // TIFF (little endian): header 8, IFD0 at 8 (1 entry: 2 + 12 + 4 = 18) → GPS IFD at 26 (5 entries: 2 + 60 + 4 = 66) → data at 92.
  const gpsIfd = 26;
  const data = gpsIfd + 2 + 5 * 12 + 4;
  const entry = (tag: number, type: number, count: number, value: number[]) => [...le16(tag), ...le16(type), ...le32(count), ...value];
  return [
    ...[0x49, 0x49, 0x2a, 0x00],
    ...le32(8),
    ...le16(1),
    ...entry(0x8825, 4, 1, le32(gpsIfd)),
    ...le32(0),
    ...le16(5),
    ...entry(0x0000, 1, 4, [2, 3, 0, 0]),
    ...entry(0x0001, 2, 2, [lat >= 0 ? 0x4e : 0x53, 0, 0, 0]),
    ...entry(0x0002, 5, 3, le32(data)),
    ...entry(0x0003, 2, 2, [lon >= 0 ? 0x45 : 0x57, 0, 0, 0]),
    ...entry(0x0004, 5, 3, le32(data + 24)),
    ...le32(0),
    ...dms(lat),
    ...dms(lon),
  ];
}

/** An EXIF APP1 segment (JPEG) holding the GPS position only. */
export function gpsApp1(lat: number, lon: number): Uint8Array {
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...gpsTiff(lat, lon)]; // "Exif\0\0"
  const length = payload.length + 2;
  return Uint8Array.from([0xff, 0xe1, (length >> 8) & 0xff, length & 0xff, ...payload]);
}

/** The JPEG with the segment after its SOI (and after a JFIF APP0 when there is one). */
export function withSegment(jpeg: Uint8Array, segment: Uint8Array): Uint8Array<ArrayBuffer> {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG');
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + ((jpeg[4] << 8) | jpeg[5]);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, at), 0);
  out.set(segment, at);
  out.set(jpeg.subarray(at), at + segment.length);
  return out;
}

const ascii = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);
const chunk = (tag: string, body: ArrayLike<number>) => {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  out.set([...tag].map((c) => c.charCodeAt(0)));
  out.set(le32(body.length), 4);
  out.set(body as ArrayLike<number>, 8);
  return out;
};

/**
 * The WebP (as a canvas encodes it: simple, one VP8 or VP8L chunk, or already extended) with an EXIF chunk; a
 * simple file becomes an extended one (a VP8X header of `width` × `height` with the EXIF flag).
 */
export function webpWithExif(webp: Uint8Array, exif: ArrayLike<number>, width: number, height: number): Uint8Array<ArrayBuffer> {
  if (webp.length < 20 || ascii(webp, 0) !== 'RIFF' || ascii(webp, 8) !== 'WEBP') throw new Error('Not a WebP');
  const body = webp.subarray(12, 8 + ((webp[4] | (webp[5] << 8) | (webp[6] << 16) | (webp[7] << 24)) >>> 0));
  let head: Uint8Array;
  let rest: Uint8Array;
  if (ascii(body, 0) === 'VP8X') {
    head = body.slice(0, 18);
    head[8] |= 0x08; // EXIF present
    rest = body.subarray(18);
  } else {
    const vp8x = new Uint8Array(10);
    vp8x[0] = 0x08;
    vp8x.set(le32(width - 1).slice(0, 3), 4);
    vp8x.set(le32(height - 1).slice(0, 3), 7);
    head = chunk('VP8X', vp8x);
    rest = body;
  }
  const exifChunk = chunk('EXIF', exif);
  const size = 4 + head.length + rest.length + exifChunk.length;
  const out = new Uint8Array(8 + size);
  out.set([0x52, 0x49, 0x46, 0x46, ...le32(size), 0x57, 0x45, 0x42, 0x50]);
  out.set(head, 12);
  out.set(rest, 12 + head.length);
  out.set(exifChunk, 12 + head.length + rest.length);
  return out;
}
