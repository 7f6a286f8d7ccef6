// Deployment settings that change what the server sends: the CSP follows the
// configured basemap (VITE_TILE_URL), so pointing the SPA at another tile
// service does not break the map.
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTokenService } from '../../server/auth/token';
import { migrate } from '../../server/db/migrate';
import { freshDatabase } from '../support/test-db';

const { db, drop } = await freshDatabase();
await migrate(db);
const tokens = createTokenService(new TextEncoder().encode('x'.repeat(40)), 60);
afterAll(drop);

describe('CSP and the tile service', () => {
  it('allows the configured tile host for images and fetches, and not the default one', async () => {
    const app = await buildApp({ db, tokens, logLevel: 'silent', tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' });
    try {
      const csp = (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
      expect(csp).toMatch(/img-src[^;]*https:\/\/\*\.tiles\.example\.com/);
      expect(csp).toMatch(/connect-src[^;]*https:\/\/\*\.tiles\.example\.com/);
      expect(csp).not.toMatch(/openstreetmap/);
    } finally {
      await app.close();
    }
  });

  it('allows OpenStreetMap when no tile service is configured', async () => {
    const app = await buildApp({ db, tokens, logLevel: 'silent' });
    try {
      const csp = (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
      expect(csp).toMatch(/img-src[^;]*https:\/\/tile\.openstreetmap\.org/);
    } finally {
      await app.close();
    }
  });
});
