import { describe, expect, it } from 'vitest';
import { axisNumberFormat } from './class-bar-chart';

describe('chart axis numbers', () => {
  it('are compact from 10,000 on, so a 1M-tree axis fits (no "000,000")', () => {
    const en = axisNumberFormat('en');
    expect(en(0)).toBe('0');
    expect(en(9500)).toBe('9,500');
    expect(en(250_000)).toBe('250K');
    expect(en(1_000_000)).toBe('1M');
    expect(en(1_250_000)).toBe('1.3M');
    const he = axisNumberFormat('he');
    for (const v of [250_000, 1_000_000, 1_250_000]) expect(he(v).length).toBeLessThanOrEqual(6);
  });
});
