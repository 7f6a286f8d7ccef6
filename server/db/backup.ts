import { PGlite } from '@electric-sql/pglite';
import { existsSync, readdirSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeWhole } from '../files';
import { acquireDataDirLock } from './lock';

// Backups of the embedded database. PGlite writes its files lazily, so copying
// a live DATA_DIR can catch a torn state; instead we open the folder (taking
// the same lock as the server, so the server must be stopped) and let PGlite
// itself produce a tarball after a CHECKPOINT: one consistent snapshot.
// Restore loads that tarball into an EMPTY folder and checks it opens.
// For PostgreSQL use its own tools: pg_dump -Fc "$DATABASE_URL" > orchard.dump
// and pg_restore --clean --if-exists -d "$DATABASE_URL" orchard.dump.

export interface BackupSummary {
  file: string;
  bytes: number;
  users: number;
  trees: number;
  ms: number;
}

async function summarise(db: PGlite) {
  const { rows } = await db.query<{ users: number; trees: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM trees) AS trees`,
  );
  return rows[0];
}

export async function backupDataDir(dataDir: string, file: string): Promise<BackupSummary> {
  const t0 = performance.now();
  if (!existsSync(path.join(dataDir, 'PG_VERSION')) && !existsSync(path.join(dataDir, 'base'))) throw new Error(`${dataDir} does not hold a database`);
  const unlock = acquireDataDirLock(dataDir);
  try {
    const db = await PGlite.create({ dataDir });
    try {
      await db.exec('CHECKPOINT');
      const counts = await summarise(db);
      const blob = await db.dumpDataDir('gzip');
      const bytes = Buffer.from(await blob.arrayBuffer());
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
      writeWhole(file, bytes);
      return { file, bytes: bytes.length, ...counts, ms: Math.round(performance.now() - t0) };
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

export async function restoreDataDir(file: string, dataDir: string): Promise<BackupSummary> {
  const t0 = performance.now();
  if (existsSync(dataDir) && readdirSync(dataDir).some((f) => f !== 'server.lock'))
    throw new Error(`${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`);
  const unlock = acquireDataDirLock(dataDir);
  try {
    const bytes = readFileSync(file);
    const db = await PGlite.create({ dataDir, loadDataDir: new Blob([bytes]) });
    try {
      const counts = await summarise(db);
      await db.exec('CHECKPOINT');
      return { file, bytes: bytes.length, ...counts, ms: Math.round(performance.now() - t0) };
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}
