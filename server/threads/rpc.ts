// Request/response over a worker MessagePort (the operations: messages.ts DbThreadOps): every call carries an id and
// gets exactly one answer. Errors cross as plain data and come back as Errors
// with the same message and fields (the PostgreSQL `code` of a constraint
// violation drives 409s, so it must survive the trip).
import type { MessagePort, TransferListItem, Worker } from 'node:worker_threads';

export type Port = Pick<MessagePort, 'postMessage' | 'on' | 'off'> | Pick<Worker, 'postMessage' | 'on' | 'off'>;

import type { DbRequest, DbThreadOps } from './messages';

/** An operation's arguments: optional when it takes none. */
type ArgsOf<K extends keyof DbThreadOps> =
  DbThreadOps[K]['args'] extends Record<string, never> ? [args?: DbThreadOps[K]['args']] : [args: DbThreadOps[K]['args']];

type Response = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export interface SerializedError {
  message: string;
  name?: string;
  [field: string]: unknown;
}

const ERROR_FIELDS = [
  'statusCode',
  'errors',
  'headers',
  'code',
  'params',
  'detail',
  'constraint',
  'table',
  'column',
  'severity',
  'schema',
  'hint',
  'where',
  'position',
];

export function serializeError(e: unknown): SerializedError {
  const err = e as Record<string, unknown> | null;
  const out: SerializedError = { message: err && typeof err.message === 'string' ? err.message : String(e), name: (err?.name as string) ?? 'Error' };
  for (const f of ERROR_FIELDS) if (err && err[f] !== undefined) out[f] = err[f];
  return out;
}

export function deserializeError(s: SerializedError): Error {
  const e = new Error(s.message);
  e.name = s.name ?? 'Error';
  for (const [k, v] of Object.entries(s)) if (k !== 'message' && k !== 'name') (e as unknown as Record<string, unknown>)[k] = v;
  return e;
}

/** The caller side: call(op, args) → the answer, in call order per port. */
export class RpcClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private failed: Error | null = null;

  /** busy(true) when the first call starts waiting, busy(false) when none waits: ref/unref the thread so waiting keeps the process alive. */
  constructor(
    private readonly port: Port,
    private readonly busy: (waiting: boolean) => void = () => undefined,
  ) {
    const onMessage = (m: Response) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) this.busy(false);
      if (m.ok) p.resolve(m.value);
      else p.reject(deserializeError(m.error));
    };
    (port as Pick<MessagePort, 'on'>).on('message', onMessage);
  }

  call<K extends keyof DbThreadOps>(op: K, ...args: ArgsOf<K>): Promise<DbThreadOps[K]['answer']> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.busy(true);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      (this.port as Pick<MessagePort, 'postMessage'>).postMessage({ id, op, ...args[0] } as DbRequest);
    });
  }

  /** Rejects every pending and later call (the other side is gone). */
  fail(error: Error): void {
    this.failed = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    this.busy(false);
  }
}

/** The serving side: each request's handler result (or error) is posted back. */
export function serveRpc(port: Port, handle: (req: DbRequest) => Promise<unknown>, transferOf: (value: unknown) => TransferListItem[] = () => []): void {
  (port as Pick<MessagePort, 'on'>).on('message', (req: DbRequest) => {
    handle(req).then(
      (value) => (port as Pick<MessagePort, 'postMessage'>).postMessage({ id: req.id, ok: true, value } satisfies Response, transferOf(value)),
      (e) => (port as Pick<MessagePort, 'postMessage'>).postMessage({ id: req.id, ok: false, error: serializeError(e) } satisfies Response),
    );
  });
}
