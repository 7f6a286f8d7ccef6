import { z } from 'zod';
import { PASSWORD_LENGTH, passwordTooLong, passwordTooShort } from '../src/domain/user-rules';
import path from 'node:path';

// Environment is validated once at start-up; a bad value stops the process
// with a message naming the variable instead of failing later at random.
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TOKEN_SECRET: z.string().min(32).optional(),
  /** Access-token life (README: sessions); the refresh token keeps the session going. Short values are for tests. */
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 3600)
    .default(15 * 60),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_LENGTH.min, `ADMIN_PASSWORD: ${passwordTooShort}`)
    .max(PASSWORD_LENGTH.max, `ADMIN_PASSWORD: ${passwordTooLong}`)
    .optional(),
  SEED_SCALE: z.coerce.number().min(0.001).max(20).default(1),
  /** Built SPA to serve (default ./dist); tests build into a folder of their own. */
  STATIC_DIR: z.string().min(1).optional(),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Password hashes (argon2id, ~50 ms of CPU each) computed at once; more logins wait in a queue. Default: the CPU count. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Logins that may wait for a hash; beyond that the login answers 503 with Retry-After. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  /** Chromium that prints the PDF survey report (GET /api/projects/{id}/report.pdf). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Survey snapshots (derived files, rebuilt when missing): default DATA_DIR/snapshots. */
  SNAPSHOT_DIR: z.string().min(1).optional(),
  /** Aerial photos (orthophoto tiles; not derived data: back them up): default DATA_DIR/orthophotos. */
  ORTHO_DIR: z.string().min(1).optional(),
  /** Scouting photos (not derived data: back them up with the database): default DATA_DIR/photos. */
  PHOTO_DIR: z.string().min(1).optional(),
  /** Largest orthophoto upload in bytes (413 beyond); default 8 GiB. */
  ORTHO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 1024 ** 3),
  /** Largest orthophoto in pixels (refused before decoding beyond); default 10 gigapixels. */
  ORTHO_MAX_PIXELS: z.coerce.number().int().min(1).default(10_000_000_000),
  /** Free disk an orthophoto upload must leave (507 otherwise); default 1 GiB. */
  ORTHO_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(1024 ** 3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The basemap's z/x/y template: the SPA build reads it, and the CSP allows its host (img-src, connect-src). */
  VITE_TILE_URL: z.string().min(1).optional(),
  /** Behind a reverse proxy: 'true' (trust X-Forwarded-* from any hop), a hop count, or comma-separated proxy IPs/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): boolean | number | string[] => {
      const t = v.trim().toLowerCase();
      if (t === 'false' || t === '') return false;
      if (t === 'true') return true;
      if (/^\d+$/.test(t)) return Number(t);
      const list = t
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.every((x) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(x))) return list;
      ctx.addIssue({ code: 'custom', message: "TRUST_PROXY must be 'true', 'false', a hop count or comma-separated IPs/CIDRs" });
      return z.NEVER;
    }),
});

/** Every server setting (the .env.example test checks that file lists them all). */
export const SETTING_NAMES = Object.keys(Env.shape);

export type Config = z.infer<typeof Env> & { dataDir: string; snapshotDir: string; orthoDir: string; photoDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    snapshotDir: parsed.data.SNAPSHOT_DIR ? path.resolve(parsed.data.SNAPSHOT_DIR) : path.join(dataDir, 'snapshots'),
    orthoDir: parsed.data.ORTHO_DIR ? path.resolve(parsed.data.ORTHO_DIR) : path.join(dataDir, 'orthophotos'),
    photoDir: parsed.data.PHOTO_DIR ? path.resolve(parsed.data.PHOTO_DIR) : path.join(dataDir, 'photos'),
  };
}
