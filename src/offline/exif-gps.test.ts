// The position written into a photo, read back by an independent EXIF reader (exifr) and by libvips (sharp).
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gpsApp1, gpsTiff, webpWithExif, withSegment } from './exif-gps';

describe('EXIF GPS of a device photo', () => {
  it('keeps the position and nothing else', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const out = Buffer.from(withSegment(jpeg, gpsApp1(30.912345, -34.801234)));
    const gps = await exifr.gps(out);
    expect(gps.latitude).toBeCloseTo(30.912345, 5);
    expect(gps.longitude).toBeCloseTo(-34.801234, 5);
    const all = await exifr.parse(out, true);
    expect(Object.keys(all).filter((k) => !k.startsWith('GPS') && k !== 'latitude' && k !== 'longitude')).toEqual([]);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
    expect(meta.exif?.length).toBeGreaterThan(0);
  });

  it('keeps the position in a WebP too (an extended file with an EXIF chunk), pixels unchanged', async () => {
    for (const lossless of [false, true]) {
      const webp = await sharp({ create: { width: 41, height: 29, channels: 3, background: '#3a7' } })
        .webp({ lossless })
        .toBuffer();
      const out = Buffer.from(webpWithExif(webp, gpsTiff(31.5, 34.75), 41, 29));
      // libvips reads the file and finds the EXIF chunk; exifr (no WebP reader) reads the block libvips found.
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 41, 29]);
      const block = meta.exif!.subarray(meta.exif!.indexOf('II*'));
      const gps = await exifr.gps(block);
      expect(gps.latitude).toBeCloseTo(31.5, 5);
      expect(gps.longitude).toBeCloseTo(34.75, 5);
      expect((await sharp(out).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
    }
  });
});
