// The outbox on the device (README "Scouting: sync"): every record, photo and task change is written here
// first (IndexedDB via idb, database "orchard-outbox", its own: the phone issue keeps surveys in a database of
// its own), shown at once as "waiting to sync", and removed only once the server confirmed it. Sign-out never
// clears it (another user's session does not send it). Also keeps the last answers the field screens need
// offline (my tasks, the issue list).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from './queue-rules';

export const OUTBOX_DB = 'orchard-outbox';

interface Schema extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { byUser: number } };
  cache: { key: string; value: { key: string; value: unknown; at: number } };
}

export interface Outbox {
  add(item: OutboxItem): Promise<void>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
  all(userId?: number): Promise<OutboxItem[]>;
  get(id: string): Promise<OutboxItem | undefined>;
  readCache<T>(key: string): Promise<T | undefined>;
  writeCache(key: string, value: unknown): Promise<void>;
  /** Called after every change (in this tab, and in other tabs through a BroadcastChannel). */
  subscribe(fn: () => void): () => void;
  close(): void;
}

/** Opens the outbox (`factory`: an IDBFactory, e.g. fake-indexeddb in tests). */
export async function openOutbox(name = OUTBOX_DB, factory?: IDBFactory): Promise<Outbox> {
  const db: IDBPDatabase<Schema> = await withFactory(factory, () =>
    openDB<Schema>(name, 1, {
      upgrade(d) {
        const items = d.createObjectStore('items', { keyPath: 'id' });
        items.createIndex('byUser', 'userId');
        d.createObjectStore('cache', { keyPath: 'key' });
      },
    }),
  );
  const listeners = new Set<() => void>();
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`${name}-changes`) : null;
  const notify = (local = true) => {
    for (const l of listeners) l();
    if (local) channel?.postMessage('changed');
  };
  if (channel) channel.onmessage = () => notify(false);
  return {
    add: async (item) => {
      await db.add('items', item);
      notify();
    },
    put: async (item) => {
      await db.put('items', item);
      notify();
    },
    remove: async (id) => {
      await db.delete('items', id);
      notify();
    },
    all: (userId) => (userId === undefined ? db.getAll('items') : db.getAllFromIndex('items', 'byUser', userId)),
    get: (id) => db.get('items', id),
    readCache: async <T>(key: string) => (await db.get('cache', key))?.value as T | undefined,
    writeCache: async (key, value) => {
      await db.put('cache', { key, value, at: Date.now() });
    },
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    close: () => {
      channel?.close();
      db.close();
    },
  };
}

/** idb opens through the global indexedDB; a given factory (tests) stands in for it while opening. */
async function withFactory<T>(factory: IDBFactory | undefined, open: () => Promise<T>): Promise<T> {
  if (!factory) return open();
  const g = globalThis as { indexedDB?: IDBFactory };
  const before = g.indexedDB;
  g.indexedDB = factory;
  try {
    return await open();
  } finally {
    g.indexedDB = before;
  }
}
