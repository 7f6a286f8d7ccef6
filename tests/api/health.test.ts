// /api/health while the embedded database thread runs a long statement (issue 16:
// health p99 during imports). The thread cannot answer a ping until the statement
// ends, but its heartbeat shows it at work; once closed, health says unavailable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const health = async () => {
  const t0 = performance.now();
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, database: res.json<{ database: string }>().database, ms: performance.now() - t0 };
};

describe(`/api/health on ${ENGINE}`, () => {
  it('answers at once while the database works on a 1.5 s statement', async () => {
    await health(); // warm the route
    const sleeping = t.db.query('SELECT pg_sleep(1.5)');
    await new Promise((r) => setTimeout(r, 200));
    const during = await health();
    await sleeping;
    expect(during.status).toBe(200);
    expect(during.database).toBe('connected');
    // A ping would wait ~1.3 s for the statement on the embedded thread; PostgreSQL answers from another connection.
    expect(during.ms).toBeLessThan(500);
  });

  it.runIf(ENGINE === 'pglite')('says unavailable once the embedded database is closed, even right after it worked (pglite only)', async () => {
    await t.db.query('SELECT 1');
    await t.db.close();
    const after = await health();
    expect(after.status).toBe(503);
    expect(after.database).toBe('unavailable');
  });
});
