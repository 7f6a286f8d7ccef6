// Heavy request work (parsing, matching, building) in a worker thread, so the
// API's event loop keeps answering other users while it runs. One job thread
// per app, started on first use; jobs send progress as they go. The thread
// opens its own Db: a port of the embedded database's thread, or its own
// small pool on PostgreSQL.
import { serviceOf, type ServiceKind } from '../db/services';
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Db } from '../db/adapter';
import type { ErrorCode, ErrorParams } from '../../src/domain/error-codes';
import { HttpError } from '../http-error';
import { deserializeError, type SerializedError } from '../threads/rpc';
import { spawnTsWorker } from '../threads/spawn';
import type { JobMessage, JobRequest } from '../threads/messages';
import type { JobName, JobInput, JobOutput } from './registry';

const ENTRY = new URL('./job-thread.ts', import.meta.url);

export interface JobRunner {
  /** onProgress may return a promise: the job waits for it (a stream's backpressure); a rejection fails the job's wait. */
  run<N extends JobName>(job: N, input: JobInput<N>, onProgress?: (...args: never[]) => unknown): Promise<JobOutput<N>>;
  close(): Promise<void>;
}

/** An error from the job thread: an HttpError again when it was one (its status and row list survive). */
function revive(s: SerializedError): Error {
  if (typeof s.statusCode === 'number') {
    return new HttpError(
      s.statusCode,
      s.message,
      s.errors as HttpError['errors'],
      s.headers as HttpError['headers'],
      typeof s.code === 'string' ? (s.code as ErrorCode) : undefined,
      s.params as ErrorParams | undefined,
    );
  }
  return deserializeError(s);
}

const JOBS: ServiceKind<JobRunner> = { name: 'jobs', make: (db) => createJobRunner(db), close: (r) => r.close() };

/** The job runner of a database (one job thread per Db; closed with the app, restarted on the next job). */
export const jobsFor = (db: Db): JobRunner => serviceOf(db, JOBS);

export function createJobRunner(db: Db): JobRunner {
  let worker: Promise<Worker> | null = null;
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; progress?: (...a: unknown[]) => unknown }>();

  const failAll = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    worker = null; // the next job starts a new thread
  };

  async function start(): Promise<Worker> {
    let port: MessagePort | undefined;
    if (db.connectPort) port = await db.connectPort();
    else if (!db.url) throw new Error('This database cannot be opened from a job thread');
    const w = spawnTsWorker(ENTRY, { workerData: { port, url: db.url }, transferList: port ? [port] : [] });
    w.on('message', (m: JobMessage) => {
      const p = pending.get(m.id);
      if (!p) return;
      if ('progress' in m) {
        Promise.resolve()
          .then(() => p.progress?.(...m.progress))
          .then(
            () => w.postMessage({ ack: m.ack } satisfies JobRequest),
            (e: Error) => w.postMessage({ ack: m.ack, error: e?.message ?? String(e) } satisfies JobRequest),
          );
        return;
      }
      pending.delete(m.id);
      if (pending.size === 0) w.unref();
      if (m.ok) p.resolve(m.value);
      else p.reject(revive(m.error));
    });
    w.on('error', (e) => failAll(new Error(`The job thread failed: ${e.message}`)));
    w.on('exit', (code) => failAll(new Error(`The job thread exited (${code})`)));
    w.unref(); // an idle job thread never keeps the process alive
    return w;
  }

  return {
    async run(job, input, onProgress) {
      worker ??= start();
      const w = await worker;
      const id = next++;
      return new Promise<never>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, progress: onProgress as ((...a: unknown[]) => unknown) | undefined });
        w.ref(); // a running job keeps the process alive
        w.postMessage({ id, job, input } satisfies JobRequest);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}
