// The device index of kept surveys and of the seen basemap tiles (issue 35): one IndexedDB database of its own
// (`orchard-surveys-device`; the field-records outbox has another), opened through `idb`. The page and the
// service worker (src/sw) both open it with this one schema.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FarmPin, KeptSurvey } from './records';

export const DB_NAME = 'orchard-surveys-device';
const VERSION = 1;

/** A basemap tile the service worker keeps: its URL (the Cache Storage key), size and last use. */
export interface BasemapTile {
  url: string;
  bytes: number;
  usedAt: number;
}

export interface DeviceSchema extends DBSchema {
  surveys: { key: number; value: KeptSurvey; indexes: { byUser: number } };
  farmPins: { key: string; value: FarmPin; indexes: { byUser: number } };
  basemap: { key: string; value: BasemapTile };
  /** The blobs of kept surveys where OPFS cannot be written (blob-store.ts). */
  blobs: { key: string; value: { key: string; projectId: number; blob: Blob }; indexes: { byProject: number } };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

let opened: Promise<DeviceDb> | null = null;

export function openDeviceDb(): Promise<DeviceDb> {
  opened ??= openDB<DeviceSchema>(DB_NAME, VERSION, {
    upgrade(db) {
      const surveys = db.createObjectStore('surveys', { keyPath: 'projectId' });
      surveys.createIndex('byUser', 'userId');
      const pins = db.createObjectStore('farmPins', { keyPath: 'key' });
      pins.createIndex('byUser', 'userId');
      db.createObjectStore('basemap', { keyPath: 'url' });
      db.createObjectStore('blobs', { keyPath: 'key' }).createIndex('byProject', 'projectId');
    },
    // Another tab (a newer app version) wants to upgrade: let it, and open again next time.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
    terminated() {
      opened = null;
    },
  }).catch((e: unknown) => {
    opened = null;
    throw e;
  });
  return opened;
}
