import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileOrigins } from './csp';

describe('tile origins in the CSP', () => {
  it('follows the configured tile template', () => {
    expect(tileOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org']);
    expect(tileOrigins('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toEqual(['https://*.tiles.example.com']);
    expect(tileOrigins('https://maps.example.com:8443/wmts/{z}/{y}/{x}?key=1')).toEqual(['https://maps.example.com:8443', 'https://*.maps.example.com:8443']);
    expect(tileOrigins('/tiles/{z}/{x}/{y}.png')).toEqual([]);
    expect(tileOrigins('https://{s}/{z}/{x}/{y}.png')).toEqual([]);
  });

  it('puts them in img-src and connect-src', () => {
    const csp = contentSecurityPolicy('https://{s}.tiles.example.com/{z}/{x}/{y}.png');
    expect(csp.imgSrc).toContain('https://*.tiles.example.com');
    expect(csp.connectSrc).toContain('https://*.tiles.example.com');
    expect(csp.imgSrc).not.toContain('https://tile.openstreetmap.org');
    expect(contentSecurityPolicy().imgSrc).toContain('https://tile.openstreetmap.org');
  });
});
