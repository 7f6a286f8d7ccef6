// A database's services: the caches, queues and threads the app keeps for the database it serves (the job
// runner, the exact read cache, the survey snapshots' folder and facts, the photo stores' settings and queues).
// They hang on the Db itself (Db.services), made on first use and closed with the app (app.ts onClose), so
// nothing in server/ is module-level state: two apps in one process (tests, a restart) never share one, and
// a closed app leaves no thread or cache behind (tests/unit/module-state.test.ts scans for the rest).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from './adapter';

/** A service's name and how to make it for a database; `close` is called when the app closes. */
export interface ServiceKind<T> {
  readonly name: string;
  make(db: Db): T;
  close?(service: T): void | Promise<void>;
}

/** The database's service of this kind, made on first use. */
export function serviceOf<T>(db: Db, kind: ServiceKind<T>): T {
  const known = db.services.get(kind.name);
  if (known) return known.service as T;
  const service = kind.make(db);
  db.services.set(kind.name, { service, close: kind.close as ((s: unknown) => void | Promise<void>) | undefined });
  return service;
}

/** Closes and forgets every service of the database (the next use makes a new one). */
export async function closeServices(db: Db): Promise<void> {
  const all = [...db.services.values()];
  db.services.clear();
  await Promise.all(all.map(async (s) => s.close?.(s.service)));
}

/** What Db.services holds per service name. */
export type ServiceMap = Map<string, { service: unknown; close?: (service: unknown) => void | Promise<void> }>;

/** Puts a given service in place (the app's configured folders and limits); closing the app forgets it. */
export function provideService<T>(db: Db, kind: ServiceKind<T>, service: T): void {
  db.services.set(kind.name, { service });
}

/**
 * A temporary folder for a database whose app was given none (tests, in memory): removed when the app closes
 * (the service's close), or at the latest when the process exits.
 */
export function temporaryFolder(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const gone = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  process.once('exit', gone);
  return {
    dir,
    // Best effort: a file written meanwhile (a snapshot's brotli form, made after the answer) can make the removal
    // fail (ENOTEMPTY); then the exit listener stays and removes the folder when the process ends.
    remove: () => {
      try {
        gone();
        process.off('exit', gone);
      } catch {
        /* removed at exit */
      }
    },
  };
}
