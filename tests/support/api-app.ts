import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed';
import { createTokenService, resolveSecret } from '../../server/auth/token';
import type { Db } from '../../server/db/adapter';
import { preparedDatabase } from './test-db';
import { ACCOUNTS, type Account } from './accounts';

export { ACCOUNTS, type Account };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Bearer token of a demo account (cached per app). */
  token(account: Account): Promise<string>;
  /** app.inject with the account's bearer token. */
  as(account: Account | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The whole API on a fresh database with the demo seed at a small scale. */
export async function createTestApp(opts: { scale?: number; seed?: boolean } = {}): Promise<TestApp> {
  const scale = opts.scale ?? 0.02;
  const key = opts.seed === false ? 'migrated' : `seed_${String(scale).replace('.', '_')}`;
  const { db, drop } = await preparedDatabase(key, async (d) => {
    await migrate(d);
    if (opts.seed !== false) await seedDemo(d, { scale });
  });
  const tokens = createTokenService(await resolveSecret(db, undefined), 3600);
  const app = await buildApp({ db, tokens, logLevel: 'silent', loginPerMinutePerAddress: 10_000 });
  await app.ready();
  const cache = new Map<Account, string>();
  const token = async (account: Account) => {
    const hit = cache.get(account);
    if (hit) return hit;
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ACCOUNTS[account] });
    if (res.statusCode !== 200) throw new Error(`login ${account} failed: ${res.statusCode} ${res.body}`);
    const t = res.json().token as string;
    cache.set(account, t);
    return t;
  };
  return {
    app,
    db,
    token,
    as: async (account, o) => {
      const headers = { ...(o.headers ?? {}) } as Record<string, string>;
      if (account) headers.authorization = `Bearer ${await token(account)}`;
      return app.inject({ ...o, headers });
    },
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
