import { describe, expect, it } from 'vitest';
import { STATUS_COLOURS } from '../../../workers/geo/colours';
import { countColours, legendFor } from './legend';

describe('legend counts', () => {
  it('counts trees per class from the RGBA buffer', () => {
    const rgba = new Uint8Array([...STATUS_COLOURS[0], ...STATUS_COLOURS[0], ...STATUS_COLOURS[3], 0, 0, 0, 0]);
    const legend = legendFor('status', countColours(rgba), null, { status: (c) => `s${c}`, noValue: '-' });
    expect(legend.map((e) => e.count)).toEqual([2, 0, 0, 1, 0, 0]);
    expect(legend[3].label).toBe('s3');
  });
});
