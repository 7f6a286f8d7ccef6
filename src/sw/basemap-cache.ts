// The basemap tiles a user has seen, kept by the service worker up to BASEMAP_BUDGET (~100 MB, issue 35): a
// Workbox plugin that records each stored tile's size and last use in the device database and removes the
// least recently drawn tiles past the budget (the one eviction rule, src/offline/surveys/eviction.ts). Plots
// and trees alone are enough to find one's way; the basemap is a help.
import type { WorkboxPlugin } from 'workbox-core';
import { openDeviceDb } from '../offline/surveys/db';
import { evictionPlan } from '../offline/surveys/eviction';

/** A use is written at most this often per tile (a pan draws the same tiles again and again). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export function byteBudgetPlugin(cacheName: string, maxBytes: number): WorkboxPlugin {
  let trimming: Promise<void> | null = null;
  const trim = async () => {
    const db = await openDeviceDb();
    const all = await db.getAll('basemap');
    const plan = evictionPlan(
      all.map((t) => ({ key: t.url, bytes: t.bytes, usedAt: t.usedAt })),
      maxBytes,
    );
    if (!plan.evict.length) return;
    const cache = await caches.open(cacheName);
    for (const e of plan.evict) {
      await cache.delete(e.key);
      await db.delete('basemap', e.key);
    }
  };
  return {
    // Only whole, readable answers are kept (an opaque answer's size is unknown).
    cacheWillUpdate: async ({ response }) => (response.status === 200 && (response.type === 'cors' || response.type === 'basic') ? response : null),
    cacheDidUpdate: async ({ request, newResponse }) => {
      const bytes = Number(newResponse.headers.get('content-length')) || (await newResponse.clone().blob()).size;
      await (await openDeviceDb()).put('basemap', { url: request.url, bytes, usedAt: Date.now() });
      trimming ??= trim().finally(() => (trimming = null));
      await trimming;
    },
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      if (!cachedResponse) return cachedResponse;
      const db = await openDeviceDb();
      const seen = await db.get('basemap', request.url);
      if (seen && Date.now() - seen.usedAt > TOUCH_EVERY_MS) await db.put('basemap', { ...seen, usedAt: Date.now() });
      return cachedResponse;
    },
  };
}
