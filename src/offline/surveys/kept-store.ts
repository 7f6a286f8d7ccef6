// The rules of kept surveys (issue 35, README "Surveys on this device"), over an index, a blob store and the
// photo tiles given to it (device.ts gives the real ones; kept-store.test.ts a fake). Every survey a user opens
// is kept; the budget holds by removing the least recently opened unpinned surveys; "Keep offline" pins a survey
// or all surveys of a farm; a user sees only their own kept surveys.
import type { BlobStore } from './blob-store';
import { evictionPlan } from './eviction';
import { farmPinKey, totalBytes, type FarmPin, type KeptMap, type KeptSurvey } from './records';

export interface SurveyIndex {
  all(): Promise<KeptSurvey[]>;
  get(projectId: number): Promise<KeptSurvey | undefined>;
  put(r: KeptSurvey): Promise<void>;
  delete(projectId: number): Promise<void>;
  farmPins(): Promise<FarmPin[]>;
  putFarmPin(p: FarmPin): Promise<void>;
  deleteFarmPin(key: string): Promise<void>;
}

/** The photo tiles kept for surveys (Cache Storage in the browser). */
export interface PhotoTileStore {
  remove(projectId: number): Promise<void>;
}

export interface KeptStoreDeps {
  index: SurveyIndex;
  blobs: BlobStore;
  photos: PhotoTileStore;
  /** Bytes the kept surveys may use (eviction.ts surveyBudget). */
  budget(): Promise<number>;
  now(): number;
  /** Asks the browser not to clear the site's storage under pressure (navigator.storage.persist). */
  persist(): Promise<boolean>;
  /** Something kept changed (screens re-read). */
  changed(): void;
}

/** The part of the map data's bytes. */
export const MAP_PART = 'map.bin';
/** One survey's photo may take at most this share of the budget (the rest is for other surveys). */
export const PHOTO_MAX_SHARE = 0.5;

export interface KeepInput {
  projectId: number;
  userId: number;
  farmId: number | null;
  name: string;
  observationDate: string | null;
  entry: KeptSurvey['entry'];
  related: KeptSurvey['related'];
  statistics: string | null;
  map: Omit<KeptMap, 'bytes'>;
  blob: Blob;
  /** False for a refresh in the background: the survey keeps its place in the least-recently-opened order. */
  opened?: boolean;
}

export interface ShownSurvey extends KeptSurvey {
  /** Pinned by itself or through its farm. */
  kept: 'pinned' | 'farm' | 'recent';
}

export function createKeptStore(d: KeptStoreDeps) {
  const farmPinned = (pins: FarmPin[], r: KeptSurvey) => r.farmId !== null && pins.some((p) => p.userId === r.userId && p.farmId === r.farmId);
  const isPinned = (pins: FarmPin[], r: KeptSurvey) => r.pinned || farmPinned(pins, r);

  async function removeOne(projectId: number): Promise<void> {
    // The index first: a survey half removed is never listed, and what is left of it is swept later.
    await d.index.delete(projectId);
    await Promise.all([d.blobs.remove(projectId), d.photos.remove(projectId)]);
  }

  /** Removes the least recently opened unpinned surveys until `incoming` more bytes fit; false when pins leave no room. */
  async function makeRoom(incoming: number, keep?: number): Promise<{ fits: boolean; evicted: number[] }> {
    const [all, pins, budget] = await Promise.all([d.index.all(), d.index.farmPins(), d.budget()]);
    const items = all.map((r) => ({ key: r.projectId, bytes: r.bytes, usedAt: r.openedAt, pinned: isPinned(pins, r) }));
    const plan = evictionPlan(items, budget, incoming, keep);
    if (!plan.fits) return { fits: false, evicted: [] };
    for (const e of plan.evict) await removeOne(e.key);
    return { fits: true, evicted: plan.evict.map((e) => e.key) };
  }

  return {
    /** The user's kept surveys, most recently opened first. */
    async list(userId: number): Promise<ShownSurvey[]> {
      const [all, pins] = await Promise.all([d.index.all(), d.index.farmPins()]);
      return all
        .filter((r) => r.userId === userId)
        .map((r) => ({ ...r, kept: r.pinned ? ('pinned' as const) : farmPinned(pins, r) ? ('farm' as const) : ('recent' as const) }))
        .sort((a, b) => b.openedAt - a.openedAt);
    },

    async get(userId: number, projectId: number): Promise<KeptSurvey | null> {
      const r = await d.index.get(projectId);
      return r && r.userId === userId ? r : null;
    },

    readMap: (projectId: number) => d.blobs.read(projectId, MAP_PART),

    /**
     * Keeps (or refreshes) a survey just loaded from the server. The photo kept for the same photo version stays;
     * a pin stays. Answers false when pinned surveys leave no room (nothing is removed then).
     */
    async keep(input: KeepInput): Promise<{ kept: boolean; evicted: number[] }> {
      const before = await d.index.get(input.projectId);
      const mine = before && before.userId === input.userId ? before : undefined;
      const now = d.now();
      const draft: Omit<KeptSurvey, 'bytes'> = {
        projectId: input.projectId,
        userId: input.userId,
        farmId: input.farmId,
        name: input.name,
        observationDate: input.observationDate,
        entry: input.entry ?? mine?.entry ?? null,
        related: input.related ?? mine?.related ?? null,
        statistics: input.statistics,
        map: { ...input.map, bytes: input.blob.size },
        // The photo's tiles stay until the photo's version changes (photo-tiles.ts replaces them then).
        photo: mine?.photo ?? null,
        keptAt: mine?.keptAt ?? now,
        openedAt: input.opened === false && mine ? mine.openedAt : now,
        checkedAt: now,
        pinned: mine?.pinned ?? false,
      };
      const record: KeptSurvey = { ...draft, bytes: totalBytes(draft) };
      const room = await makeRoom(record.bytes, input.projectId);
      if (!room.fits) return { kept: false, evicted: [] };
      if (before && !mine) await removeOne(before.projectId); // another user's copy of the same survey
      await d.blobs.write(input.projectId, MAP_PART, input.blob);
      await d.index.put(record);
      d.changed();
      return { kept: true, evicted: room.evicted };
    },

    /** Opened (from the server or the device): it becomes the most recently used. */
    async opened(projectId: number): Promise<void> {
      const r = await d.index.get(projectId);
      if (!r) return;
      await d.index.put({ ...r, openedAt: d.now() });
      d.changed();
    },

    /** Checked against the server, unchanged (a 304). */
    async checked(projectId: number): Promise<void> {
      const r = await d.index.get(projectId);
      if (!r) return;
      await d.index.put({ ...r, checkedAt: d.now() });
    },

    /** Updates the JSON parts or the photo of a kept survey (its size follows). */
    async update(projectId: number, patch: Partial<Pick<KeptSurvey, 'entry' | 'related' | 'statistics' | 'photo' | 'name'>>): Promise<void> {
      const r = await d.index.get(projectId);
      if (!r) return;
      const next = { ...r, ...patch };
      await d.index.put({ ...next, bytes: totalBytes(next) });
      d.changed();
    },

    async remove(projectId: number): Promise<void> {
      await removeOne(projectId);
      d.changed();
    },

    /** "Keep offline" for one survey; asks the browser to keep the site's storage (persist) when pinning. */
    async pin(projectId: number, on: boolean): Promise<void> {
      const r = await d.index.get(projectId);
      if (!r) return;
      await d.index.put({ ...r, pinned: on });
      d.changed();
      if (on) await d.persist().catch(() => false);
    },

    /** "Keep offline" for every survey of a farm: those kept now and any opened later. */
    async pinFarm(userId: number, farmId: number, on: boolean): Promise<void> {
      const key = farmPinKey(userId, farmId);
      if (on) await d.index.putFarmPin({ key, userId, farmId, at: d.now() });
      else await d.index.deleteFarmPin(key);
      d.changed();
      if (on) await d.persist().catch(() => false);
    },

    async farmPinned(userId: number, farmId: number): Promise<boolean> {
      return (await d.index.farmPins()).some((p) => p.key === farmPinKey(userId, farmId));
    },

    makeRoom,

    /** Room for one survey's photo: free room within the budget, at most PHOTO_MAX_SHARE of it. */
    async photoRoom(projectId: number): Promise<number> {
      const [all, budget] = await Promise.all([d.index.all(), d.budget()]);
      const used = all.reduce((s, r) => s + (r.projectId === projectId ? r.bytes - (r.photo?.bytes ?? 0) - (r.photo?.plot?.bytes ?? 0) : r.bytes), 0);
      return Math.max(0, Math.min(budget - used, budget * PHOTO_MAX_SHARE));
    },

    /** Another user signed in on this device: what others kept is removed (their clients' data). */
    async forgetOtherUsers(userId: number): Promise<number> {
      const others = (await d.index.all()).filter((r) => r.userId !== userId);
      for (const r of others) await removeOne(r.projectId);
      for (const p of await d.index.farmPins()) if (p.userId !== userId) await d.index.deleteFarmPin(p.key);
      if (others.length) d.changed();
      return others.length;
    },

    /** Removes blobs that no index record names (a keep cut short). */
    async sweep(): Promise<void> {
      const known = new Set((await d.index.all()).map((r) => r.projectId));
      for (const id of await d.blobs.list()) if (!known.has(id)) await d.blobs.remove(id);
    },

    /** Bytes used and the budget. */
    async usage(): Promise<{ used: number; budget: number }> {
      const [all, budget] = await Promise.all([d.index.all(), d.budget()]);
      return { used: all.reduce((s, r) => s + r.bytes, 0), budget };
    },
  };
}

export type KeptStore = ReturnType<typeof createKeptStore>;
