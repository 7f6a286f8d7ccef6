import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Db } from '../../server/db/adapter';
import { openPgliteWorker } from '../../server/db/pglite-client';
import { backupDataDir } from '../../server/db/backup';

export const ENGINE = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

type Fresh = { db: Db; drop: () => Promise<void> };
type NamedFresh = Fresh & { name: string };

/** One statement on a connection of its own (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(sql, params);
  } finally {
    await admin.end();
  }
}

/** A new database on the PostgreSQL server at url, copied from template when given, dropped again by `drop()`. */
async function postgresDatabase(url: string, template?: string): Promise<NamedFresh> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    db,
    name,
    drop: async () => {
      await db.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A fresh, empty database for one test file: in-memory PGlite, or — when
 * DATABASE_URL is set — a new database on that PostgreSQL server, dropped
 * again by `drop()`.
 */
export async function freshDatabase(): Promise<Fresh> {
  const url = process.env.DATABASE_URL;
  if (url) return postgresDatabase(url);
  const db = await openPglite(undefined);
  return { db, drop: () => db.close() };
}

/** This run's template folder (tests/api/global-setup.ts); undefined outside such a run (a bench script). */
function templateDir(): string | undefined {
  try {
    return inject('templateDir') || undefined;
  } catch {
    return undefined;
  }
}

/** PGlite: the prepared database as a backup tarball in the run's folder, made by the first file that needs it. */
async function pgliteTemplate(dir: string, key: string, prepare: (db: Db) => Promise<void>): Promise<string> {
  const file = path.join(dir, `${key}.tar.gz`);
  if (existsSync(file)) return file;
  const work = mkdtempSync(path.join(dir, `${key}-`));
  try {
    const db = await openPglite(path.join(work, 'db'));
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
    await backupDataDir(path.join(work, 'db'), path.join(work, 'db.tar.gz'));
    // A file made at the same time by the other worker is the same database: the last rename wins, whole.
    renameSync(path.join(work, 'db.tar.gz'), file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/** PostgreSQL: a template database of this run, made once under an advisory lock. */
async function postgresTemplate(url: string, dir: string, key: string, prepare: (db: Db) => Promise<void>): Promise<string> {
  const name = `tpl_${templatePrefix(dir)}_${key}`;
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await lock.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      // Made under another name and renamed when whole: a failed prepare leaves no half-made template.
      const made = await postgresDatabase(url);
      try {
        await prepare(made.db);
      } catch (e) {
        await made.drop();
        throw e;
      }
      await made.db.close();
      await lock.query(`ALTER DATABASE ${made.name} RENAME TO ${name}`);
    }
  } finally {
    await lock.end();
  }
  return name;
}

/** The PostgreSQL name part of this run's templates (global-setup drops them by it). */
export function templatePrefix(dir: string): string {
  return path
    .basename(dir)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
}

/**
 * A fresh database for one test file that `prepare` has already run on (migrations, a seed). Within one vitest
 * run, prepare runs once per key: later files start from a copy of that database (a PGlite tarball, or a
 * PostgreSQL template), which skips PGlite's initdb, the migrations and the seed (~6 s per file).
 * key must name everything prepare does.
 */
export async function preparedDatabase(key: string, prepare: (db: Db) => Promise<void>): Promise<Fresh> {
  const dir = templateDir();
  const url = process.env.DATABASE_URL;
  if (!dir) {
    const fresh = await freshDatabase();
    await prepare(fresh.db);
    return fresh;
  }
  if (url) return postgresDatabase(url, await postgresTemplate(url, dir, key, prepare));
  const db = await openPgliteWorker(undefined, { loadDataDir: await pgliteTemplate(dir, key, prepare) });
  return { db, drop: () => db.close() };
}
