import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { openDatabase } from './db/open';
import { DataDirLockedError } from './db/lock';
import { createTokenService, resolveSecret } from './auth/token';
import { buildApp } from './app';
import { ADMIN, FARMS } from './db/seed-farms';
import { availableParallelism } from 'node:os';
import { resumeOrthophotos } from './orthophoto/service';
import { seedDemoOrthophotos } from './orthophoto/demo';
import { prepareAllSnapshots } from './surveys/prepare';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  // One .env for the server and the SPA build (Vite reads the VITE_* lines); the real environment wins.
  const envFile = path.join(ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const t0 = performance.now();
  const opened = await openDatabase(config);
  const { db } = opened;
  const tokens = createTokenService(await resolveSecret(db, config.TOKEN_SECRET), config.TOKEN_TTL_SECONDS);
  const app = await buildApp({
    db,
    tokens,
    staticDir: config.STATIC_DIR ? path.resolve(config.STATIC_DIR) : path.join(ROOT, 'dist'),
    logLevel: config.LOG_LEVEL,
    loginPerMinutePerAddress: config.LOGIN_RATE_PER_MINUTE,
    passwordHash: { concurrency: config.PASSWORD_HASH_CONCURRENCY ?? availableParallelism(), queue: config.PASSWORD_HASH_QUEUE },
    tileUrl: config.VITE_TILE_URL,
    trustProxy: config.TRUST_PROXY,
    chromiumPath: config.CHROMIUM_PATH,
    snapshotDir: config.snapshotDir,
    photoDir: config.photoDir,
    ortho: { dir: config.orthoDir, maxBytes: config.ORTHO_MAX_BYTES, maxPixels: config.ORTHO_MAX_PIXELS, minFreeBytes: config.ORTHO_MIN_FREE_BYTES },
    production: config.NODE_ENV === 'production',
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing server and database…`);
    await app.close().catch(() => undefined);
    await opened.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Orchard survey is serving at ${address.replace('[::1]', 'localhost')}  (database: ${where})`);
  if (opened.seeded) {
    const s = opened.seeded;
    console.log(`Seeded demo data in ${(s.ms / 1000).toFixed(1)} s: ${s.trees} trees, ${s.observations} observations, ${s.projects} projects.`);
  }
  if (config.NODE_ENV !== 'production') {
    console.log('Demo accounts:');
    console.log(`  admin   ${ADMIN.email} / ${ADMIN.password}`);
    for (const f of FARMS) for (const u of f.users) console.log(`  ${u.role === 'worker' ? 'worker' : 'grower'}  ${u.email} / ${u.password}  (${f.client})`);
  }
  console.log(`Ready in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  // Aerial photos: uploads a killed process left are tiled again; a new demo database gets its two photos.
  await resumeOrthophotos(db, (m) => console.log(m)).catch((e: Error) => console.error(`Orthophotos: ${e.message}`));
  // A new demo database: every survey's map data is made now (no grower waits for the first build), then the photos.
  if (opened.seeded)
    void prepareAllSnapshots(db, (m) => console.error(m))
      .then((r) => console.log(`Map data of ${r.surveys} surveys ready in ${(r.ms / 1000).toFixed(1)} s.`))
      .then(() => seedDemoOrthophotos(db, config.SEED_SCALE))
      .then(
        (r) => console.log(`Demo aerial photos of ${r.surveys} surveys ready in ${(r.ms / 1000).toFixed(1)} s.`),
        (e: Error) => console.error(`Demo aerial photos failed: ${e.message}`),
      );
}

main().catch((e) => {
  if (e instanceof DataDirLockedError) console.error(`Cannot start: ${e.message}`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
