// The kept-survey store of this browser (issue 35): the rules of kept-store.ts over IndexedDB (db.ts), the
// Origin Private File System (blob-store.ts) and Cache Storage (the photo tiles). Screens and the map's loading
// source use `device()`; a change in one tab is told to the others (BroadcastChannel).
import { openDeviceDb } from './db';
import { idbBlobStore, opfsBlobStore, opfsWritable } from './blob-store';
import { surveyBudget } from './eviction';
import { createKeptStore, type KeptStore, type SurveyIndex } from './kept-store';
import { photoCacheName } from './cache-names';

const CHANNEL = 'orchard-kept-surveys';
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function tell(): void {
  for (const l of listeners) l();
}

function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = tell;
  }
  return channel;
}

/** Calls `l` whenever kept surveys change (in this tab or another). */
export function onDeviceChange(l: () => void): () => void {
  tabs();
  listeners.add(l);
  return () => listeners.delete(l);
}

const index: SurveyIndex = {
  all: async () => (await openDeviceDb()).getAll('surveys'),
  get: async (id) => (await openDeviceDb()).get('surveys', id),
  put: async (r) => void (await (await openDeviceDb()).put('surveys', r)),
  delete: async (id) => (await openDeviceDb()).delete('surveys', id),
  farmPins: async () => (await openDeviceDb()).getAll('farmPins'),
  putFarmPin: async (p) => void (await (await openDeviceDb()).put('farmPins', p)),
  deleteFarmPin: async (k) => (await openDeviceDb()).delete('farmPins', k),
};

/** Whether this browser can keep surveys at all (IndexedDB and Cache Storage; OPFS or IndexedDB for the bytes). */
export function deviceSupported(): boolean {
  return typeof indexedDB !== 'undefined' && typeof caches !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.storage;
}

/** The browser's quota for the site (navigator.storage.estimate), or undefined. */
export async function storageEstimate(): Promise<{ quota?: number; usage?: number }> {
  try {
    return await navigator.storage.estimate();
  } catch {
    return {};
  }
}

let store: KeptStore | null = null;

export function device(): KeptStore {
  store ??= createKeptStore({
    index,
    blobs: opfsWritable() ? opfsBlobStore : idbBlobStore(openDeviceDb),
    photos: { remove: async (id) => void (await caches.delete(photoCacheName(id))) },
    budget: async () => surveyBudget((await storageEstimate()).quota),
    now: () => Date.now(),
    persist: async () => (navigator.storage.persist ? navigator.storage.persist() : false),
    changed: () => {
      tell();
      tabs()?.postMessage('changed');
    },
  });
  return store;
}

/** Bytes of the basemap tiles the service worker keeps (its records in the device database). */
export async function basemapBytes(): Promise<number> {
  try {
    return (await (await openDeviceDb()).getAll('basemap')).reduce((s, t) => s + t.bytes, 0);
  } catch {
    return 0;
  }
}
