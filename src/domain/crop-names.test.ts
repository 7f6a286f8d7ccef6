import { describe, expect, it } from 'vitest';
import { DEFAULT_NPK_RANGES } from '../../workers/geo/npk-ranges';
import { cropName, cropSearchNames } from './crop-names';

describe('crop names in the UI language', () => {
  it('names the built-in crops in Hebrew and English, others as stored', () => {
    expect(cropName('Avocado', 'he')).toBe('אבוקדו');
    expect(cropName('olive', 'en')).toBe('Olive');
    expect(cropName('Pomegranate Wonderful', 'he')).toBe('רימון וונדרפול');
    expect(cropName('Kiwi', 'he')).toBe('Kiwi');
    expect(cropName(null, 'he')).toBe('');
    expect(cropSearchNames('Olive')).toEqual(['Olive', 'זית', 'Olive']);
  });
  it('has both names for every crop with built-in ranges', () => {
    for (const k of Object.keys(DEFAULT_NPK_RANGES)) expect(cropName(k, 'he'), k).toMatch(/[\u0590-\u05ff]/);
  });
});
