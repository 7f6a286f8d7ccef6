// The device's field queue for the whole app (README "Scouting: sync"): one outbox and one sync per tab, sync
// on online, on focus, after something was queued, when a backoff ends, and from "Sync now" (never Background
// Sync). The screens read it through useFieldQueue.
import { useEffect, useSyncExternalStore } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { getSession } from '../api/session';
import { openOutbox, type Outbox } from './outbox';
import { createSync, nextWakeUp, type RunOptions, type Sync, type SyncReport } from './sync';
import { serverReachable, subscribeReach } from '../api/reachability';
import { queryClient } from '../api/query-client';
import { SCOUTING_KEY } from '../api/scouting';
import { browserTransport } from './transport';
import { photoFits, resolveConflict, type OutboxItem } from './queue-rules';
import type { RecordBody, TaskBody } from '../domain/contracts/scouting';
import type { TaskChangeBody } from './queue-rules';
import type { TaskActor } from '../domain/scouting-rules';

export const newId = () => uuidv7();

interface State {
  items: OutboxItem[];
  syncing: boolean;
  last: SyncReport | null;
  ready: boolean;
}

let state: State = { items: [], syncing: false, last: null, ready: false };
const listeners = new Set<() => void>();
const set = (s: Partial<State>) => {
  state = { ...state, ...s };
  for (const l of listeners) l();
};

let opened: Promise<{ outbox: Outbox; sync: Sync }> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const userId = () => getSession()?.user?.user_id ?? null;

function field() {
  opened ??= openOutbox().then((outbox) => {
    const sync = createSync({ outbox, transport: browserTransport, userId });
    const refresh = async () => set({ items: await outbox.all(), ready: true });
    outbox.subscribe(() => void refresh());
    void refresh();
    const kick = () => void syncNow();
    // The connection back (the browser's event, or the app's own probe when no event comes: a page loaded offline,
    // a Wi-Fi without internet): what waits out a backoff goes at once.
    const back = () => void syncNow({ retryNow: true });
    window.addEventListener('online', back);
    let reachable = serverReachable();
    subscribeReach(() => {
      const now = serverReachable();
      if (now && !reachable) back();
      reachable = now;
    });
    window.addEventListener('focus', kick);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && kick());
    return { outbox, sync };
  });
  return opened;
}

/** Sends what is waiting (once at a time); arms a timer for the earliest backoff. */
export async function syncNow(options?: RunOptions): Promise<SyncReport | null> {
  const { outbox, sync } = await field();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  set({ syncing: true });
  try {
    const last = await sync.run(options);
    set({ last });
    // What was sent leaves the outbox: the server's lists must show it now, not at their next refetch (a task
    // or record would vanish from the panel and My tasks in between).
    if (last.sent > 0) void queryClient.invalidateQueries({ queryKey: SCOUTING_KEY });
    return last;
  } finally {
    set({ syncing: false });
    clearTimeout(timer);
    const wake = nextWakeUp((await outbox.all()).filter((i) => i.userId === userId()));
    if (wake !== null) timer = setTimeout(() => void syncNow(), Math.max(1000, wake - Date.now()));
  }
}

async function enqueue(item: Omit<OutboxItem, 'userId' | 'createdAt' | 'attempts' | 'nextAt' | 'state'>): Promise<void> {
  const user = userId();
  if (user === null) throw new Error('Not signed in');
  const { outbox } = await field();
  await outbox.add({ ...item, userId: user, createdAt: Date.now(), attempts: 0, nextAt: 0, state: 'pending' });
  void syncNow();
}

/** Thrown when the device has too little storage left for another photo (records are still taken). */
export class StorageLowError extends Error {}

/** A record and its photos, queued together: the record first, then each photo (refused first when storage is low). */
export async function queueRecord(projectId: number, body: RecordBody, photos: Blob[] = []): Promise<string> {
  if (photos.length) {
    const estimate = await navigator.storage?.estimate?.().catch(() => null);
    const bytes = photos.reduce((s, p) => s + p.size, 0);
    if (!photoFits(estimate ?? null, bytes)) throw new StorageLowError('Storage is low');
  }
  const id = newId();
  const photoIds = photos.map(() => newId());
  await enqueue({ id, kind: 'record', projectId, body: { ...body, photo_ids: photoIds } });
  for (const [i, blob] of photos.entries()) await enqueue({ id: photoIds[i], kind: 'photo', recordId: id, blob });
  return id;
}

export const queueTask = (projectId: number, body: TaskBody) => {
  const id = newId();
  return enqueue({ id, kind: 'taskCreate', projectId, body }).then(() => id);
};

export const queueTaskChange = (taskId: string, change: Omit<TaskChangeBody, 'change_id'>, version: number) => {
  const id = newId();
  return enqueue({ id, kind: 'taskChange', taskId, body: { ...change, change_id: id }, ifMatch: version });
};

/** The user chose in a conflict (both versions were shown): drop mine, or send mine again on their version. */
export async function resolve(item: OutboxItem, choice: 'mine' | 'theirs', actor: TaskActor): Promise<void> {
  const { outbox } = await field();
  const next = resolveConflict(item, choice, actor);
  if (next) await outbox.put(next);
  else await outbox.remove(item.id);
  void syncNow();
}

/** Discards a failed item, by the user's explicit choice only. */
export async function discard(item: OutboxItem): Promise<void> {
  await (await field()).outbox.remove(item.id);
}

/** Work of `user` not yet on the server (sign-out warns while there is any). */
export async function unsyncedCount(user: number | null): Promise<number> {
  if (user === null) return 0;
  return (await (await field()).outbox.all(user)).length;
}

/** The last answers a field screen needs offline (my tasks, the issue list), kept on the device. */
export async function readCached<T>(key: string): Promise<T | undefined> {
  return (await field()).outbox.readCache<T>(key);
}
export async function writeCached(key: string, value: unknown): Promise<void> {
  await (await field()).outbox.writeCache(key, value);
}

/** The queue as the screens show it: this user's items, whether a sync runs, what the last one did. */
export function useFieldQueue() {
  useEffect(() => {
    void field();
  }, []);
  const s = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => state,
    () => state,
  );
  const user = userId();
  const mine = s.items.filter((i) => i.userId === user);
  return {
    ...s,
    items: mine,
    pending: mine.filter((i) => i.state === 'pending').length,
    conflicts: mine.filter((i) => i.state === 'conflict'),
    failed: mine.filter((i) => i.state === 'failed'),
    syncNow,
  };
}
