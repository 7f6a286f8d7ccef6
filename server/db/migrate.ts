import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './adapter';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Advisory-lock key of schema changes and the first seed ("orchard" in ASCII, fits an int8). */
export const MIGRATION_LOCK_KEY = 0x6f7263686172;

export class MigrationChangedError extends Error {}

/** sha256 of a migration file; line endings normalised so a checkout on Windows gives the same sum. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name), 'utf8');
      return { name, sql, checksum: migrationChecksum(sql) };
    }),
  );
}

/**
 * Applies the numbered SQL files (NNN_name.sql) not yet applied, each file
 * whole in its own transaction, and records its checksum. An applied file
 * whose text has changed stops the start with MigrationChangedError: applied
 * migrations are history, a change goes into a new file. Callers that may race
 * another process (two servers on one PostgreSQL) hold MIGRATION_LOCK_KEY
 * (see open.ts); the check of what is applied happens inside that lock.
 */
export async function migrate(db: Db, files?: MigrationFile[]): Promise<{ fresh: boolean; applied: string[] }> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  await db.exec(`ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
  const done = new Map(
    (await db.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).rows.map((r) => [r.name, r.checksum]),
  );
  const fresh = done.size === 0;
  const applied: string[] = [];
  for (const file of files ?? (await migrationFiles())) {
    if (done.has(file.name)) {
      const recorded = done.get(file.name);
      if (recorded === null) {
        // Applied before checksums were recorded: this text becomes the reference.
        await db.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [file.name, file.checksum]);
      } else if (recorded !== undefined && recorded !== file.checksum) {
        throw new MigrationChangedError(
          `Migration ${file.name} was changed after it was applied to this database (recorded sha256 ${recorded.slice(0, 12)}…, file now ${file.checksum.slice(0, 12)}…). ` +
            'Applied migrations must not be edited: restore the original file and put the change in a new numbered migration.',
        );
      }
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.exec(file.sql);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file.name, file.checksum]);
    });
    applied.push(file.name);
  }
  return { fresh, applied };
}
