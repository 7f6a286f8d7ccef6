// What a page's device keeps (issue 35): the kept-survey records of src/offline/surveys/db.ts, read from the
// page's IndexedDB (only once the app has made the database: opening a missing one would make it empty).
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export interface KeptRecord {
  projectId: number;
  etag: string | null;
  format: string;
  bytes: number;
  mapBytes: number;
  photoBytes: number;
  photoZoom: number | null;
  photoComplete: boolean;
  pinned: boolean;
}

export function keptRecords(page: Page): Promise<KeptRecord[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'orchard-surveys-device')) return [];
    return new Promise<KeptRecord[]>((resolve, reject) => {
      const req = indexedDB.open('orchard-surveys-device');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        const all = db.transaction('surveys').objectStore('surveys').getAll();
        all.onsuccess = () => {
          db.close();
          type Rec = {
            projectId: number;
            bytes: number;
            pinned: boolean;
            map: { etag: string | null; format: string; bytes: number };
            photo: { bytes: number; zoom: number | null; complete: boolean; plot: { bytes: number } | null } | null;
          };
          resolve(
            (all.result as Rec[]).map((r) => ({
              projectId: r.projectId,
              etag: r.map.etag,
              format: r.map.format,
              bytes: r.bytes,
              mapBytes: r.map.bytes,
              photoBytes: (r.photo?.bytes ?? 0) + (r.photo?.plot?.bytes ?? 0),
              photoZoom: r.photo?.zoom ?? null,
              photoComplete: !!r.photo?.complete,
              pinned: r.pinned,
            })),
          );
        };
        all.onerror = () => reject(all.error);
      };
    });
  });
}

/** Waits until all these surveys are kept (the keeping runs in the background after a survey is shown). */
export async function waitKept(page: Page, ids: number[], timeout = 60_000): Promise<KeptRecord[]> {
  let kept: KeptRecord[] = [];
  await expect
    .poll(
      async () => {
        kept = await keptRecords(page);
        return ids.filter((id) => !kept.some((k) => k.projectId === id));
      },
      { timeout },
    )
    .toEqual([]);
  return kept;
}
