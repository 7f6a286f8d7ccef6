import { describe, expect, it } from 'vitest';
import { basemapTileMatcher } from './basemap-match';

const hit = (template: string, url: string) => basemapTileMatcher(template)({ url: new URL(url) });

describe('basemapTileMatcher', () => {
  it("matches the default OpenStreetMap template's tiles only", () => {
    const t = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(hit(t, 'https://tile.openstreetmap.org/17/78000/52000.png')).toBe(true);
    expect(hit(t, 'https://tile.openstreetmap.org/copyright')).toBe(false);
    expect(hit(t, 'https://evil.example/17/1/2.png')).toBe(false);
    expect(hit(t, 'http://tile.openstreetmap.org/17/1/2.png')).toBe(false);
  });

  it('takes a subdomain placeholder and other placeholders', () => {
    const t = 'https://{s}.tiles.example.com/base/{z}/{x}/{y}@2x.png?key=abc';
    expect(hit(t, 'https://a.tiles.example.com/base/3/1/2@2x.png?key=abc')).toBe(true);
    expect(hit(t, 'https://a.b.tiles.example.com/base/3/1/2@2x.png')).toBe(false);
  });

  it('takes a same-origin path template but never our API', () => {
    const t = '/tiles/{z}/{x}/{y}.png';
    expect(hit(t, 'http://127.0.0.1:8080/tiles/3/1/2.png')).toBe(true);
    expect(hit('/api/{z}/{x}/{y}.png', 'http://127.0.0.1:8080/api/3/1/2.png')).toBe(false);
  });
});
