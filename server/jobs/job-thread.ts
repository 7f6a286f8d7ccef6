// The job thread (runner.ts): opens its own Db and runs the jobs of the
// registry, posting progress lines while they run.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openPostgres, type Db } from '../db/adapter';
import { dbOnPort } from '../db/pglite-client';
import { serializeError } from '../threads/rpc';
import { collectIfHeld } from '../threads/collect';
import { JOBS } from './registry';
import type { JobMessage, JobRequest } from '../threads/messages';

const { port, url } = workerData as { port?: MessagePort; url?: string };
const db: Db = port ? dbOnPort(port) : await openPostgres(url!, 2);
/** Whole buffers in the answer (top level, or the answer itself) move instead of being copied. */
function transferables(value: unknown): ArrayBuffer[] {
  const views = ArrayBuffer.isView(value) ? [value] : value && typeof value === 'object' ? Object.values(value).filter((v) => ArrayBuffer.isView(v)) : [];
  return (views as ArrayBufferView[])
    .filter((v) => v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer)
    .map((v) => v.buffer as ArrayBuffer);
}
const post = (m: JobMessage) => parentPort!.postMessage(m, 'value' in m ? transferables(m.value) : []);

/** Jobs in flight in this thread; garbage is collected when the last one ends, if it holds much (collect.ts). */
let running = 0;

// Progress waits for the API thread's ack: a stream's consumer sets the pace (backpressure).
let nextAck = 1;
const acks = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

parentPort!.on('message', (m: JobRequest) => {
  if ('ack' in m) {
    const a = acks.get(m.ack);
    acks.delete(m.ack);
    if (m.error) a?.reject(new Error(m.error));
    else a?.resolve();
    return;
  }
  const { id, job, input } = m;
  const progress = (...args: unknown[]) => {
    const ack = nextAck++;
    const done = new Promise<void>((resolve, reject) => acks.set(ack, { resolve, reject }));
    parentPort!.postMessage({ id, progress: args, ack } satisfies JobMessage, args.flatMap(transferables));
    return done;
  };
  running++;
  Promise.resolve()
    .then((): Promise<unknown> => JOBS[job](db, input as never, progress))
    .then(
      (value) => post({ id, ok: true, value }),
      (e) => post({ id, ok: false, error: serializeError(e) }),
    )
    .finally(() => {
      // A 1M-tree snapshot leaves ~200 MB of buffers that an idle thread would keep until some later job.
      if (--running === 0) collectIfHeld();
    });
});
