// The position a photo keeps (README "Scouting: photos"): the device re-encodes every photo (which drops all
// of its EXIF: camera, owner, time zone, thumbnails) and writes back one small EXIF block with the GPS position
// only. Pure: builds the APP1 segment and puts it into the JPEG's bytes.

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

/** An EXIF APP1 segment holding GPSLatitude/GPSLongitude (and their N/S, E/W) only. */
export function gpsApp1(lat: number, lon: number): Uint8Array {
  // TIFF (little endian): header 8, IFD0 at 8 (1 entry: 2 + 12 + 4 = 18) → GPS IFD at 26 (5 entries: 2 + 60 + 4 = 66) → data at 92.
  const gpsIfd = 26;
  const data = gpsIfd + 2 + 5 * 12 + 4;
  const entry = (tag: number, type: number, count: number, value: number[]) => [...le16(tag), ...le16(type), ...le32(count), ...value];
  const tiff = [
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
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]; // "Exif\0\0"
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
