// Sending the outbox (README "Scouting: sync"): when the device is online, when the app gets focus, from
// "Sync now", after something was queued, and when a backoff ends; never by Background Sync (Safari has
// none). One run at a time. Every item carries its own id, so a run cut off anywhere (reload, app killed,
// server killed) is simply run again: the server answers what it already has with 200.
// The transport is injected: the app's uses fetch with getAccessToken (transport.ts); tests and the load
// benchmark use their own.
import type { Outbox } from './outbox';
import { afterRetry, readyItems, verdict, type OutboxItem, type Verdict } from './queue-rules';

export interface Answer {
  status: number | 'network';
  json: unknown;
}
export type Transport = (req: { method: 'PUT' | 'PATCH'; path: string; headers?: Record<string, string>; body?: string | Blob }) => Promise<Answer>;

export interface SyncDeps {
  outbox: Outbox;
  transport: Transport;
  /** The signed-in user: only their items are sent (null: nobody, nothing is sent). */
  userId: () => number | null;
  now?: () => number;
  /** Bytes per photo upload request. */
  chunkBytes?: number;
  random?: () => number;
}

export interface SyncReport {
  sent: number;
  failed: number;
  conflicts: number;
  /** Items still waiting (backing off, or behind an item that waits). */
  pending: number;
  /** Why the run ended early: no connection, or the session needs a new sign-in. */
  stopped?: 'network' | 'signIn';
}

export interface RunOptions {
  /**
   * The connection is back, or the user asked ("Sync now"): the backoff of every waiting item is ended first (a
   * phone offline for an hour would otherwise wait up to BACKOFF_MAX_MS more after the connection returned), so
   * they go now, each in its turn (a photo after its record). An item that fails again backs off again: a
   * failing server is not hammered.
   */
  retryNow?: boolean;
}

export interface Sync {
  run(options?: RunOptions): Promise<SyncReport>;
  readonly running: boolean;
}

export const PHOTO_CHUNK_BYTES = 256 * 1024;

export function createSync(deps: SyncDeps): Sync {
  const now = deps.now ?? Date.now;
  const chunk = deps.chunkBytes ?? PHOTO_CHUNK_BYTES;
  let current: Promise<SyncReport> | null = null;

  const json = (b: unknown) => JSON.stringify(b);
  async function send(item: OutboxItem): Promise<Answer> {
    switch (item.kind) {
      case 'record':
        return deps.transport({ method: 'PUT', path: `/api/projects/${item.projectId}/records/${item.id}`, body: json(item.body) });
      case 'taskCreate':
        return deps.transport({ method: 'PUT', path: `/api/projects/${item.projectId}/tasks/${item.id}`, body: json(item.body) });
      case 'taskChange':
        return deps.transport({
          method: 'PATCH',
          path: `/api/tasks/${item.taskId}`,
          body: json(item.body),
          headers: item.ifMatch === undefined ? {} : { 'if-match': `"${item.ifMatch}"` },
        });
      case 'photo':
        return sendPhoto(item);
    }
  }

  /** Asks how far the photo got, then sends the rest a chunk at a time (Content-Range). */
  async function sendPhoto(item: OutboxItem): Promise<Answer> {
    const blob = item.blob!;
    const total = blob.size;
    const path = `/api/records/${item.recordId}/photos/${item.id}`;
    let r = await deps.transport({ method: 'PUT', path, headers: { 'content-range': `bytes */${total}` } });
    while (r.status === 202) {
      const at = (r.json as { received: number }).received;
      const end = Math.min(total, at + chunk);
      r = await deps.transport({
        method: 'PUT',
        path,
        headers: { 'content-range': `bytes ${at}-${end - 1}/${total}`, 'content-type': blob.type || 'application/octet-stream' },
        body: blob.slice(at, end),
      });
    }
    return r;
  }

  async function runOnce(options: RunOptions): Promise<SyncReport> {
    const report: SyncReport = { sent: 0, failed: 0, conflicts: 0, pending: 0 };
    const user = deps.userId();
    if (user === null) return report;
    if (options.retryNow)
      for (const i of await deps.outbox.all(user)) if (i.state === 'pending' && i.nextAt > now()) await deps.outbox.put({ ...i, nextAt: 0 });
    // Rounds: what became ready because its record or task arrived goes in the next round.
    for (let round = 0; round < 1000; round++) {
      const ready = readyItems(await deps.outbox.all(user), now());
      if (!ready.length) break;
      for (const item of ready) {
        let answer: Answer;
        try {
          answer = await send(item);
        } catch {
          answer = { status: 'network', json: null };
        }
        const code = (answer.json as { code?: string } | null)?.code;
        const v: Verdict = verdict(item, answer.status, code);
        const error =
          answer.status === 'network'
            ? undefined
            : { status: answer.status, code, message: String((answer.json as { message?: string } | null)?.message ?? answer.status) };
        if (v === 'done') {
          await deps.outbox.remove(item.id);
          report.sent++;
        } else if (v === 'again') continue;
        else if (v === 'conflict') {
          await deps.outbox.put({ ...item, state: 'conflict', error, theirs: (answer.json as { current?: OutboxItem['theirs'] }).current });
          report.conflicts++;
        } else if (v === 'failed') {
          await deps.outbox.put({ ...item, state: 'failed', error });
          report.failed++;
        } else {
          await deps.outbox.put(afterRetry(item, now(), error, (deps.random ?? Math.random)()));
          if (v === 'signIn' || answer.status === 'network') {
            report.stopped = v === 'signIn' ? 'signIn' : 'network';
            report.pending = (await deps.outbox.all(user)).filter((i) => i.state === 'pending').length;
            return report;
          }
        }
      }
    }
    report.pending = (await deps.outbox.all(user)).filter((i) => i.state === 'pending').length;
    return report;
  }

  return {
    run: (options = {}) => {
      current ??= runOnce(options).finally(() => {
        current = null;
      });
      return current;
    },
    get running() {
      return current !== null;
    },
  };
}

/** The earliest time a waiting item may be tried again (for a timer), or null. */
export function nextWakeUp(items: readonly OutboxItem[]): number | null {
  const times = items.filter((i) => i.state === 'pending').map((i) => i.nextAt);
  return times.length ? Math.min(...times) : null;
}
