// The API side of the embedded database thread (pglite-worker.ts): a Db whose
// every call is a message. The thread that opened the database owns the
// worker; other threads get a port (connectPort) and open a Db on it.
import type { Db, Tx } from './adapter';
import { RpcClient, type Port } from '../threads/rpc';
import { spawnTsWorker } from '../threads/spawn';
import { heartbeatBuffer, heartbeatReader } from './heartbeat';

const WORKER = new URL('./pglite-worker.ts', import.meta.url);
const CLOSED = 'PGlite is closed';

/** A Db over an RPC port of the database thread (the opener's, or one from connectPort). */
export function dbOnPort(
  port: Port,
  opts: { commits?: SharedArrayBuffer; close?: () => Promise<void>; busy?: (waiting: boolean) => void; workingWithin?: (ms: number) => boolean } = {},
): Db {
  const rpc = new RpcClient(port, opts.busy);
  const counter = opts.commits ? new Int32Array(opts.commits) : null;
  const txApi = (txId: number): Tx => ({
    query: <T>(sql: string, params?: unknown[]) => rpc.call('query', { sql, params, txId }) as Promise<{ rows: T[] }>,
    queryArrays: async (sql, params) => (await rpc.call('query', { sql, params, txId, rowMode: 'array' })).rows as unknown[][],
    exec: (sql) => rpc.call('exec', { sql, txId }),
    copyFrom: async (target, csv) => {
      // One chunk in the database thread while the next is made here.
      let pending: Promise<void> = Promise.resolve();
      try {
        for await (const chunk of csv) {
          await pending;
          pending = rpc.call('copyFrom', { target, csv: chunk, txId });
        }
      } finally {
        await pending;
      }
    },
  });
  const db: Db & { rpc: RpcClient } = {
    kind: 'embedded',
    rpc,
    query: <T>(sql: string, params?: unknown[]) => rpc.call('query', { sql, params }) as Promise<{ rows: T[] }>,
    queryArrays: async (sql, params) => (await rpc.call('query', { sql, params, rowMode: 'array' })).rows as unknown[][],
    exec: (sql) => rpc.call('exec', { sql }),
    transaction: async (fn) => {
      const txId = await rpc.call('begin');
      let out;
      try {
        out = await fn(txApi(txId));
      } catch (e) {
        await rpc.call('rollback', { txId }).catch(() => undefined);
        throw e;
      }
      await rpc.call('commit', { txId });
      return out;
    },
    withLock: (_key, fn) => fn(),
    ping: async () => {
      await rpc.call('ping');
    },
    commitSeq: () => (counter ? Atomics.load(counter, 0) : null),
    services: new Map(),
    workingWithin: opts.workingWithin,
    connectPort: () => rpc.call('connect'),
    close: opts.close ?? (async () => undefined),
  };
  return db;
}

/** Starts the database thread on dataDir (undefined: in memory; loadDataDir: starting as that backup tarball) and opens it. */
export async function openPgliteWorker(dataDir: string | undefined, opts: { recycleHeapMb?: number; loadDataDir?: string } = {}): Promise<Db> {
  const commits = new SharedArrayBuffer(4);
  const beat = heartbeatBuffer();
  const beatWithin = heartbeatReader(beat);
  const worker = spawnTsWorker(WORKER, { workerData: { dataDir, commits, beat, recycleHeapMb: opts.recycleHeapMb, loadDataDir: opts.loadDataDir } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: { ready?: boolean }) => {
      if (!m?.ready) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${CLOSED}: the database thread exited (${code}) while opening`)));
  });
  let closing: Promise<void> | null = null;
  let gone = false;
  const db = dbOnPort(worker, {
    commits,
    workingWithin: (ms) => !gone && !closing && beatWithin(ms),
    // A call waiting for the database keeps the process alive; an idle database thread does not.
    busy: (waiting) => (waiting ? worker.ref() : worker.unref()),
    close: () =>
      (closing ??= (async () => {
        try {
          await (db as Db & { rpc: RpcClient }).rpc.call('close');
        } catch {
          /* already closed or gone */
        }
        await worker.terminate();
      })()),
  });
  const fail = (why: string) => {
    gone = true;
    (db as Db & { rpc: RpcClient }).rpc.fail(new Error(`${CLOSED}: ${why}`));
  };
  worker.on('error', (e) => fail(`the database thread failed: ${e.message}`));
  worker.on('exit', (code) => fail(`the database thread exited (${code})`));
  worker.unref(); // idle until the first call
  return db;
}
