// The position written into a photo, read back by an independent EXIF reader (exifr) and by libvips (sharp).
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gpsApp1, withSegment } from './exif-gps';

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
});
