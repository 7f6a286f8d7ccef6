// Pieces the scouting routes share (issue 36, README "Scouting"): the refusal with its stable code, and the
// hash that tells a replay (the same body under the same id) from a different body under an id already used.
import { createHash } from 'node:crypto';
import type { ErrorCode } from '../../src/domain/error-codes';
import type { Db } from '../db/adapter';
import { serviceOf, type ServiceKind } from '../db/services';
import { HttpError } from '../http-error';

/** A refusal with its stable code (the app words it from common:errors.codes). */
export const scoutingError = (status: number, code: ErrorCode, message: string) => new HttpError(status, message, undefined, undefined, code);

/** JSON with object keys sorted at every level: equal values give equal text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** sha256 of the canonical form of a validated body, with whoever sent it (another author's body is another body). */
export const bodyHash = (body: unknown, authorId: number) =>
  createHash('sha256')
    .update(`${authorId}\n${canonicalJson(body)}`)
    .digest('hex');

/** Serialises writes of one project's records, so their `seq` grows in commit order (a `since` reader skips none). */
export const PROJECT_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('scouting:' || $1::text))`;

// The same order inside this process, before a database connection is taken: 50 devices writing to one survey
// wait here, not each holding a pooled connection while it waits for the lock, so other users' queries still
// find a free connection (bench:load -- --scouting, bench/README.md).
const PROJECT_QUEUES: ServiceKind<Map<number, Promise<unknown>>> = { name: 'scoutingQueues', make: () => new Map() };
export function inProjectOrder<T>(db: Db, projectId: number, fn: () => Promise<T>): Promise<T> {
  const projectQueues = serviceOf(db, PROJECT_QUEUES);
  const before = projectQueues.get(projectId) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const tail = run.catch(() => undefined);
  projectQueues.set(projectId, tail);
  void tail.then(() => {
    if (projectQueues.get(projectId) === tail) projectQueues.delete(projectId);
  });
  return run;
}
