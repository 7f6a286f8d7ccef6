import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('environment settings', () => {
  it('reads TRUST_PROXY as off, on, a hop count or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
  });

  it('takes the tile template the SPA is built with', () => {
    expect(loadConfig({ VITE_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' }).VITE_TILE_URL).toMatch(/tiles\.example/);
  });
});

describe('.env.example', () => {
  it('lists every server setting and every VITE_ setting the SPA reads', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const path = await import('node:path');
    const { SETTING_NAMES } = await import('./config');
    const listed = new Set([...readFileSync('.env.example', 'utf8').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const vite = new Set<string>();
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = path.join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f)) for (const m of readFileSync(p, 'utf8').matchAll(/\b(VITE_[A-Z0-9_]+)/g)) vite.add(m[1]);
      }
    };
    walk('src');
    const missing = [...SETTING_NAMES, ...vite].filter((n) => !listed.has(n));
    expect(missing).toEqual([]);
  });
});
