// Every message between the API thread and its two kinds of server thread, in one typed map (in the spirit of
// MapLibre's actor_messages.ts): the embedded database thread (server/db/pglite-worker.ts, request/answer over
// rpc.ts) and the job thread (server/jobs/job-thread.ts: a job, its progress with acknowledgements, its
// answer). The browser's geo worker speaks Comlink over its own typed interface (workers/geo-api.ts).
import type { MessagePort } from 'node:worker_threads';
import type { SerializedError } from './rpc';
import type { JobName } from '../jobs/registry';

/** The database thread's operations: what each takes and what it answers. */
export interface DbThreadOps {
  query: { args: { sql: string; params?: unknown[]; txId?: number; rowMode?: 'array' }; answer: { rows: unknown[] } };
  exec: { args: { sql: string; txId?: number }; answer: void };
  copyFrom: { args: { target: string; csv: Uint8Array; txId?: number }; answer: void };
  begin: { args: Record<string, never>; answer: number };
  commit: { args: { txId: number }; answer: void };
  rollback: { args: { txId: number }; answer: void };
  ping: { args: Record<string, never>; answer: true };
  /** The thread's WASM memory and how often it reopened to give memory back (tests, README: memory). */
  memory: { args: Record<string, never>; answer: { heapMb: number; recycles: number } };
  /** A port another thread (the job thread) opens its own Db on; it moves to the caller. */
  connect: { args: Record<string, never>; answer: MessagePort };
  close: { args: Record<string, never>; answer: void };
}
export type DbOp = keyof DbThreadOps;
/** One request as it crosses: the operation, its arguments and the call's id. */
export type DbRequest = { [K in DbOp]: { id: number; op: K } & DbThreadOps[K]['args'] }[DbOp];

/** The API thread to the job thread: run a job, or the acknowledgement of a progress message. */
export type JobRequest = { id: number; job: JobName; input: unknown } | { ack: number; error?: string };
/** The job thread to the API thread: a progress message (answered by an ack), or the job's answer. */
export type JobMessage =
  { id: number; progress: unknown[]; ack: number } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };
