// The big blobs of kept surveys (the map data's bytes as the server sent them) in the Origin Private File
// System: one folder per survey under `orchard-surveys/`. Reading gives a File, whose bytes the worker gets
// without a copy on the main thread. Where OPFS cannot be written from a page (older Safari), the bytes go to
// an IndexedDB store of Blobs instead (same interface).
import type { DeviceDb } from './db';

export interface BlobStore {
  /** Writes the survey's part; answers its size in bytes. */
  write(projectId: number, part: string, data: Blob): Promise<number>;
  read(projectId: number, part: string): Promise<Blob | null>;
  remove(projectId: number): Promise<void>;
  /** Every survey folder there is (to remove what no index record names). */
  list(): Promise<number[]>;
}

const ROOT = 'orchard-surveys';

type WritableDir = FileSystemDirectoryHandle & { entries?: () => AsyncIterableIterator<[string, FileSystemHandle]> };

async function root(): Promise<WritableDir> {
  const top = await navigator.storage.getDirectory();
  return (await top.getDirectoryHandle(ROOT, { create: true })) as WritableDir;
}

export const opfsBlobStore: BlobStore = {
  async write(projectId, part, data) {
    const dir = await (await root()).getDirectoryHandle(String(projectId), { create: true });
    // Written to a temporary name and moved over: a write cut short (the tab closed) never leaves half a file
    // under the real name.
    const tmp = await dir.getFileHandle(`${part}.tmp`, { create: true });
    const w = await tmp.createWritable();
    await w.write(data);
    await w.close();
    const movable = tmp as FileSystemFileHandle & { move?: (name: string) => Promise<void> };
    if (movable.move) await movable.move(part);
    else {
      const dest = await dir.getFileHandle(part, { create: true });
      const w2 = await dest.createWritable();
      await w2.write(await tmp.getFile());
      await w2.close();
      await dir.removeEntry(`${part}.tmp`);
    }
    return data.size;
  },
  async read(projectId, part) {
    try {
      const dir = await (await root()).getDirectoryHandle(String(projectId));
      return await (await dir.getFileHandle(part)).getFile();
    } catch {
      return null;
    }
  },
  async remove(projectId) {
    await (await root()).removeEntry(String(projectId), { recursive: true }).catch(() => undefined);
  },
  async list() {
    const ids: number[] = [];
    const dir = await root();
    if (!dir.entries) return ids;
    for await (const [name] of dir.entries()) if (/^\d+$/.test(name)) ids.push(Number(name));
    return ids;
  },
};

/** Whether this browser lets a page write OPFS files (createWritable). */
export function opfsWritable(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    !!navigator.storage?.getDirectory &&
    typeof FileSystemFileHandle !== 'undefined' &&
    'createWritable' in FileSystemFileHandle.prototype
  );
}

/** The same in IndexedDB (browsers without writable OPFS files). */
export function idbBlobStore(db: () => Promise<DeviceDb>): BlobStore {
  return {
    async write(projectId, part, data) {
      await (await db()).put('blobs', { key: `${projectId}/${part}`, projectId, blob: data });
      return data.size;
    },
    async read(projectId, part) {
      return (await (await db()).get('blobs', `${projectId}/${part}`))?.blob ?? null;
    },
    async remove(projectId) {
      const d = await db();
      const keys = await d.getAllKeysFromIndex('blobs', 'byProject', projectId);
      const tx = d.transaction('blobs', 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
    async list() {
      const keys = await (await db()).getAllKeys('blobs');
      return [...new Set(keys.map((k) => Number(k.split('/')[0])))];
    },
  };
}
