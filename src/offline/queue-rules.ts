// The outbox's rules without IndexedDB or fetch (README "Scouting: sync"): what goes next and in which order,
// when a failed item is tried again (backoff), what an answer means for an item, and how a task conflict is
// resolved. Pure: unit tests in Node; the outbox (outbox.ts) stores, the sync (sync.ts) sends.
import { mayMoveTask, type TaskActor, type TaskStatus } from '../domain/scouting-rules';
import type { ScoutingTask } from '../domain/contracts/scouting';

export type ItemKind = 'record' | 'photo' | 'taskCreate' | 'taskChange';

export interface OutboxItem {
  /** The item's own id (UUID v7): the record's, photo's or task's id, or the change id. */
  id: string;
  /** Whose work it is: only this user's session sends it (another user signing in on the device never does). */
  userId: number;
  kind: ItemKind;
  /** PUT /api/projects/{projectId}/records|tasks/{id}. */
  projectId?: number;
  /** A photo's record; a change's task. */
  recordId?: string;
  taskId?: string;
  /** The JSON body (record, task, or task change). */
  body?: unknown;
  /** A photo's bytes and type (IndexedDB keeps Blobs). */
  blob?: Blob;
  /** A task change: the version it was made at (If-Match). */
  ifMatch?: number;
  createdAt: number;
  attempts: number;
  /** Not to be sent before this time (backoff), ms since the epoch. */
  nextAt: number;
  state: 'pending' | 'conflict' | 'failed';
  /** What the server said last (a failed or conflicting item shows it). */
  error?: { status: number; code?: string; message: string };
  /** A task change the server refused (409/412): the task as it is on the server. */
  theirs?: ScoutingTask;
}

/** What an item waits for: the record of a photo, the task of a change or of a record made for it. */
function dependsOn(item: OutboxItem): string | undefined {
  if (item.kind === 'photo') return item.recordId;
  if (item.kind === 'taskChange') return item.taskId;
  if (item.kind === 'record') return (item.body as { task_id?: string | null } | undefined)?.task_id ?? undefined;
  return undefined;
}

/**
 * The items to send now, in order: by creation (UUID v7 order within a millisecond), each only once what it
 * depends on is no longer in the outbox, and only one item per task at a time (changes of a task go in the order
 * they were made). Items in conflict or failed wait for the user; items backing off wait for their time.
 */
export function readyItems(items: readonly OutboxItem[], now: number): OutboxItem[] {
  const sorted = [...items].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const queued = new Set(sorted.map((i) => i.id));
  const taskBusy = new Set<string>();
  const out: OutboxItem[] = [];
  for (const item of sorted) {
    const dep = dependsOn(item);
    const task = item.kind === 'taskChange' ? item.taskId : undefined;
    const blockedTask = task !== undefined && taskBusy.has(task);
    if (task !== undefined) taskBusy.add(task);
    if (item.state !== 'pending' || item.nextAt > now) continue;
    if (dep !== undefined && queued.has(dep)) continue;
    if (blockedTask) continue;
    out.push(item);
  }
  return out;
}

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Wait before attempt n+1 after n failures: 2 s, 4 s, 8 s … up to 5 minutes, with up to 20 % jitter (random in [0, 1)). */
export function backoffMs(attempts: number, random = 0.5): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.9 + 0.2 * random));
}

export type Verdict = 'done' | 'retry' | 'again' | 'conflict' | 'failed' | 'signIn';

/**
 * What an answer means for an item: 2xx done; no connection, a timeout, 408, 429 or 5xx → retry later; 401 →
 * stop until the user signs in again (the item stays); a task change refused with the current task (409/412) →
 * conflict, the user chooses; a photo whose upload moved on → again at once; any other 4xx → failed (kept and
 * shown with the server's words, never dropped silently).
 */
export function verdict(item: OutboxItem, status: number | 'network', code?: string): Verdict {
  if (status === 'network') return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'signIn';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  if (item.kind === 'photo' && code === 'photo_offset_mismatch') return 'again';
  if (item.kind === 'taskChange' && (status === 409 || status === 412) && code !== 'change_id_conflict') return 'conflict';
  return 'failed';
}

/** The item after a failed attempt: tried again later, with its error kept. */
export function afterRetry(item: OutboxItem, now: number, error: OutboxItem['error'], random = Math.random()): OutboxItem {
  const attempts = item.attempts + 1;
  return { ...item, attempts, nextAt: now + backoffMs(attempts, random), error };
}

/** A task change the user made: status, assignee or due date. */
export interface TaskChangeBody {
  change_id: string;
  status?: TaskStatus;
  assignee_id?: number;
  due_date?: string | null;
}

/** Whether "keep mine" is possible: my change applied to the task as it is on the server now. */
export function canKeepMine(mine: TaskChangeBody, theirs: Pick<ScoutingTask, 'status'>, actor: TaskActor): boolean {
  return mine.status === undefined || mayMoveTask(theirs.status, mine.status, actor);
}

/**
 * The user chose in a conflict. "theirs": the change is dropped (the server's task stands). "mine": the same
 * change is sent again on top of the server's version (If-Match: theirs), when the move is still allowed.
 */
export function resolveConflict(item: OutboxItem, choice: 'mine' | 'theirs', actor: TaskActor): OutboxItem | null {
  if (choice === 'theirs' || !item.theirs) return null;
  if (!canKeepMine(item.body as TaskChangeBody, item.theirs, actor)) return null;
  return { ...item, state: 'pending', ifMatch: item.theirs.version, theirs: undefined, error: undefined, attempts: 0, nextAt: 0 };
}

/** Storage left below which new photos are refused (records, a few KB each, are still taken). */
export const PHOTO_RESERVE_BYTES = 50 * 1024 * 1024;

/** Whether a new photo may be queued: free space is known to be above the reserve (and above the photo). */
export function photoFits(estimate: { quota?: number; usage?: number } | null, photoBytes: number): boolean {
  if (!estimate?.quota) return true;
  return estimate.quota - (estimate.usage ?? 0) - photoBytes > PHOTO_RESERVE_BYTES;
}
