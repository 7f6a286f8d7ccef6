// The embedded database in its own thread: PGlite (PostgreSQL compiled to
// WASM) runs statements synchronously, so on the API's thread every query
// stopped every request. Here it serves any number of ports (the API thread,
// job workers) through one RPC; PGlite's own mutex keeps transactions whole.
//
// It also counts committed writes in shared memory (workerData.commits): any
// thread can tell, without a message, whether the database may have changed
// since it last read something (the API's exact read cache, db/read-cache.ts).
import type { DbRequest } from '../threads/messages';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { serveRpc, type Port } from '../threads/rpc';
import { PARSERS } from './parsers';
import { heartbeatWriter } from './heartbeat';
import { collectGarbage } from '../threads/collect';

interface Data {
  dataDir?: string;
  commits: SharedArrayBuffer;
  beat: SharedArrayBuffer;
  /** Reopen the database when its WASM memory is above this many MiB and it is idle (default RECYCLE_HEAP_MB). */
  recycleHeapMb?: number;
  /** An in-memory database starts as this tarball (a backup, db/backup.ts) instead of an empty initdb: the test suites' template. */
  loadDataDir?: string;
}
/** PGlite's memory (MiB) above which an idle database is reopened; a new one starts at ~128 (one 1M-tree snapshot read leaves ~400). */
const RECYCLE_HEAP_MB = 320;
const { dataDir, commits, beat, recycleHeapMb = RECYCLE_HEAP_MB, loadDataDir } = workerData as Data;
const counter = new Int32Array(commits);
const bump = () => Atomics.add(counter, 0, 1);
/** When the thread last started or finished an operation (heartbeat.ts): health reads it without a message. */
const heartbeat = heartbeatWriter(beat);

/**
 * PostgreSQL's buffer pool, in the WASM memory: 32 MB instead of 128. The files sit in the OS page cache anyway,
 * so a 1M-tree read takes as long (measured: 10.5 s both), and the database thread holds ~60 MB less from its
 * start (WASM memory 128 MB instead of 189 when opened, 483 instead of 563 after a 36 MB JSON aggregate).
 */
const SHARED_BUFFERS = '32MB';
const open = (load?: Blob) =>
  PGlite.create({ dataDir, loadDataDir: load, parsers: PARSERS, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] });
// A new database runs initdb first, whose WASM memory (~350 MB) is garbage once it is done: returned now.
const initdb = !loadDataDir && (!dataDir || !existsSync(path.join(dataDir, 'PG_VERSION')));
let db = await open(loadDataDir ? new Blob([readFileSync(loadDataDir)]) : undefined);
if (initdb) collectGarbage();
let closed = false;
let nextTx = 1;
const txs = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; run: Promise<void> }>();
const ROLLBACK = new Error('rollback requested');

/** A statement that cannot change data: no counter bump (a miss in the read cache costs more than a bump saves). */
const isRead = (sql: string) => /^\s*(select|show|explain)\b/i.test(sql) && !/\b(insert|update|delete|nextval|setval|pg_advisory)/i.test(sql);
/**
 * Recording a built survey snapshot (server/snapshots): no cached read looks at
 * survey_snapshots, so this write leaves every cached answer exact; bumping
 * would send the next requests to the database, where a long transaction may
 * hold them.
 */
const isBookkeeping = (sql: string) => /^\s*(INSERT INTO|DELETE FROM) survey_snapshots\b/i.test(sql);

function target(txId: unknown): Pick<Transaction, 'query' | 'exec'> {
  if (txId === undefined || txId === null) return db;
  const t = txs.get(txId as number);
  if (!t) throw new Error(`Transaction ${String(txId)} is not open`);
  return t.tx;
}

function begin(): Promise<number> {
  const id = nextTx++;
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((r) => (finish = r));
  return new Promise<number>((resolve, reject) => {
    const entry = { tx: null as unknown as Transaction, finish, run: Promise.resolve() };
    let started = false;
    entry.run = db.transaction(async (tx) => {
      started = true;
      entry.tx = tx;
      txs.set(id, entry);
      resolve(id);
      if (!(await decided)) throw ROLLBACK; // PGlite rolls back on a throw
    });
    entry.run.catch((e) => {
      if (!started) reject(e);
    });
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const t = txs.get(txId);
  if (!t) throw new Error(`Transaction ${txId} is not open`);
  t.finish(commit);
  try {
    await t.run;
    if (commit) bump();
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  } finally {
    txs.delete(txId);
  }
}

/**
 * Giving memory back. PGlite's WASM memory grows with the biggest thing it ever held (a seed's bulk writes, a
 * 76 MB JSON of a big client's trees, a 1M-tree survey read) and is never returned: after a day of use the
 * thread held 1.3–1.8 GB. A new PGlite on the same files starts at ~130 MB and opens in well under a second,
 * and the old one's memory goes with the next garbage collection. So when the memory is above the limit and
 * the database has been idle (no operation, no open transaction) for RECYCLE_IDLE_MS, it is reopened in this
 * thread; every port stays connected and operations that arrive meanwhile wait for it.
 */
const RECYCLE_IDLE_MS = 2_000;
const heapMb = () => ((db as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0) / 1048576;
// The old PGlite's memory is freed when V8 collects it; collecting right after the reopen returns it at once
// (in a test: 734 MB left without, 417 MB with).
let running = 0;
let recycles = 0;
/** The memory right after the last open: reopening again only pays once it has grown well beyond it. */
let floorMb = 0;
let reopening: Promise<void> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function maybeRecycle() {
  clearTimeout(idleTimer);
  // In memory (no dataDir) a new PGlite would be an empty database: never.
  if (!dataDir || closed || running > 0 || txs.size > 0 || heapMb() <= Math.max(recycleHeapMb, floorMb * 1.5)) return;
  idleTimer = setTimeout(() => {
    if (closed || running > 0 || txs.size > 0 || reopening) return;
    reopening = reopen().finally(() => (reopening = null));
  }, RECYCLE_IDLE_MS);
}

/** Reopens the database on its files. Never rejects: a failure is logged; without a database the thread is closed. */
async function reopen(): Promise<void> {
  heartbeat.beat(); // at work: health does not ping a thread busy reopening
  try {
    await db.exec('CHECKPOINT');
    await db.close();
  } catch (e) {
    console.error('The embedded database could not be checkpointed and closed for reopening:', e);
    // Still open (the CHECKPOINT failed): it goes on as it is.
    if (!db.closed) return heartbeat.beat();
  }
  try {
    db = await open();
    recycles++;
    floorMb = heapMb();
    collectGarbage();
    heartbeat.beat();
  } catch (e) {
    // Pings now fail and health says unavailable, rather than a thread that half works.
    closed = true;
    heartbeat.stop();
    console.error('The embedded database could not be reopened:', e);
  }
}

async function handle(req: DbRequest): Promise<unknown> {
  if (req.op === 'ping') return closed ? Promise.reject(new Error('PGlite is closed')) : true;
  if (req.op === 'memory') return { heapMb: Math.round(heapMb()), recycles };
  if (closed) throw new Error('PGlite is closed');
  running++;
  heartbeat.beat();
  try {
    while (reopening) await reopening;
    if (closed) throw new Error('PGlite is closed');
    return await operate(req);
  } finally {
    running--;
    if (!closed) heartbeat.beat();
    maybeRecycle();
  }
}

async function operate(req: DbRequest): Promise<unknown> {
  switch (req.op) {
    case 'query': {
      const sql = req.sql;
      const r = await target(req.txId).query(sql, req.params ?? [], req.rowMode === 'array' ? { rowMode: 'array' } : undefined);
      if (req.txId == null && !(isRead(sql) && !r.affectedRows) && !isBookkeeping(sql)) bump();
      return { rows: r.rows };
    }
    case 'exec':
      await target(req.txId).exec(req.sql);
      if (req.txId == null) bump();
      return null;
    case 'copyFrom': {
      const sql = `COPY ${req.target} FROM '/dev/blob' WITH (FORMAT csv)`;
      await target(req.txId).query(sql, [], { blob: new Blob([req.csv as Uint8Array<ArrayBuffer>]) });
      if (req.txId == null) bump();
      return null;
    }
    case 'begin':
      return begin();
    case 'commit':
      return end(req.txId, true);
    case 'rollback':
      return end(req.txId, false);
    case 'connect': {
      const { port1, port2 } = new MessageChannel();
      serve(port1);
      return port2;
    }
    case 'close':
      closed = true;
      clearTimeout(idleTimer);
      heartbeat.stop();
      try {
        await db.exec('CHECKPOINT');
      } finally {
        await db.close();
      }
      return null;
    default:
      throw new Error(`Unknown database operation ${(req as { op: string }).op}`);
  }
}

// A port (connect) moves to the caller; everything else is copied.
const transferOf = (v: unknown) => (v && typeof (v as MessagePort).postMessage === 'function' ? [v as MessagePort] : []);

function serve(port: Port) {
  serveRpc(port, handle, transferOf as never);
}

serve(parentPort!);
parentPort!.postMessage({ ready: true });
