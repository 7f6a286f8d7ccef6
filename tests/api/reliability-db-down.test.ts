// A lost database is a 503 the client can retry, never a 500 or a 401:
// isDatabaseDown checked against REAL errors of both engines (a closed
// PGlite, a pg pool whose server refuses connections), and a real SQL error
// still counts as a bug (500).
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createServer } from 'node:net';
import { buildApp } from '../../server/app';
import { openPglite, type Db } from '../../server/db/adapter';
import { createTokenService } from '../../server/auth/token';
import { isDatabaseDown } from '../../server/plugins/errors';

const caught = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A Db over a pg pool pointed at a port nobody listens on: every query fails like a stopped server. */
async function unreachablePostgres(): Promise<Db> {
  const pool = new pg.Pool({ connectionString: `postgresql://postgres@127.0.0.1:${await deadPort()}/postgres`, connectionTimeoutMillis: 2000 });
  return {
    kind: 'postgresql',
    query: async (sql, params) => ({ rows: (await pool.query(sql, params as unknown[])).rows }),
    transaction: async () => {
      throw await caught(pool.query('select 1'));
    },
    exec: async (sql) => void (await pool.query(sql)),
    withLock: async () => {
      throw await caught(pool.query('select 1'));
    },
    queryArrays: async (sql, params) => (await pool.query({ text: sql, values: params as unknown[], rowMode: 'array' })).rows,
    ping: async () => void (await pool.query('select 1')),
    commitSeq: () => null,
    services: new Map(),
    close: () => pool.end(),
  };
}

describe('database-down detection', () => {
  it('recognises a closed PGlite and a refused PostgreSQL connection, not a SQL error', async () => {
    const lite = await openPglite(undefined);
    const sqlError = await caught(lite.query('SELEC 1'));
    await lite.close();
    const closed = await caught(lite.query('SELECT 1'));
    const pgDown = await unreachablePostgres();
    const refused = await caught(pgDown.query('SELECT 1'));
    await pgDown.close();
    expect(isDatabaseDown(closed), String(closed)).toBe(true);
    expect(isDatabaseDown(refused), String(refused)).toBe(true);
    expect(isDatabaseDown(sqlError), String(sqlError)).toBe(false);
  });

  for (const engine of ['embedded (closed PGlite)', 'postgresql (refused connection)'] as const) {
    it(`answers 503 with a message on every kind of route — ${engine}`, async () => {
      let db: Db;
      if (engine.startsWith('embedded')) {
        db = await openPglite(undefined);
        await db.close();
      } else db = await unreachablePostgres();
      const tokens = createTokenService(new TextEncoder().encode('k'.repeat(48)), 3600);
      const app = await buildApp({ db, tokens, logLevel: 'silent' });
      try {
        const { token } = await tokens.sign(1, 0, 1);
        const auth = { authorization: `Bearer ${token}` };
        const calls = [
          { method: 'GET' as const, url: '/api/projects/user', headers: auth },
          { method: 'GET' as const, url: '/api/auth/me', headers: auth },
          { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'grower@demo.farm', password: 'whatever-it-is' } },
        ];
        for (const c of calls) {
          const res = await app.inject(c);
          expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(503);
          expect(res.json()).toEqual({ success: false, code: 'database_unavailable', message: 'The database is unavailable. Please try again shortly.' });
          expect(res.headers['retry-after']).toBe('5');
        }
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toMatchObject({ backend: 'online', database: 'unavailable' });
      } finally {
        await app.close();
        await db.close().catch(() => undefined);
      }
    });
  }
});
