// Overload is answered with 503 + Retry-After (@fastify/under-pressure), in
// the API's error shape, and the server serves again once the pressure is gone.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openPglite } from '../../server/db/adapter';
import { createTokenService } from '../../server/auth/token';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUSY = { success: false, code: 'server_busy', message: 'The server is busy. Please try again in a few seconds.' };

describe('overload guard', () => {
  it('answers 503 while the event loop is blocked for long, then recovers', async () => {
    const db = await openPglite(undefined);
    const app = await buildApp({
      db,
      tokens: createTokenService(new TextEncoder().encode('k'.repeat(48)), 60),
      logLevel: 'silent',
      pressure: { maxEventLoopDelayMs: 30, sampleIntervalMs: 200 },
    });
    try {
      // Served while the loop is quiet (on a loaded machine the first sample window may already be over 30 ms).
      await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
      // A long synchronous stretch (what a runaway request or a flood does to the loop).
      // The loop-delay histogram records a stall when its own 10 ms timer next fires;
      // if the guard's sample timer runs first, it resets the histogram and that stall
      // is never counted. Overload is sustained, so the guard must see it within a few
      // stalls: each stall is 1 s, started from setImmediate (outside a timer
      // callback), and followed by up to ~0.5 s of requests.
      const stall = () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            const until = Date.now() + 1000;
            while (Date.now() < until) {
              /* spin */
            }
            resolve();
          }),
        );
      let busy = await app.inject({ method: 'GET', url: '/api/health' });
      for (let attempt = 0; attempt < 4 && busy.statusCode !== 503; attempt++) {
        await stall();
        busy = await app.inject({ method: 'GET', url: '/api/health' });
        for (let i = 0; i < 100 && busy.statusCode !== 503; i++) {
          await sleep(5);
          busy = await app.inject({ method: 'GET', url: '/api/health' });
        }
      }
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('10');
      expect(busy.json()).toEqual(BUSY);
      // Recovery: the next quiet sample windows let requests through again.
      let status = 503;
      for (let i = 0; i < 50 && status !== 200; i++) {
        await sleep(200);
        status = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      }
      expect(status).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('answers 503 when the heap is over its ceiling instead of growing until it crashes', async () => {
    const db = await openPglite(undefined);
    const app = await buildApp({
      db,
      tokens: createTokenService(new TextEncoder().encode('k'.repeat(48)), 60),
      logLevel: 'silent',
      pressure: { maxHeapUsedBytes: 1, sampleIntervalMs: 50 },
    });
    try {
      await sleep(150);
      const res = await app.inject({ method: 'GET', url: '/api/projects/user' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(BUSY);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
