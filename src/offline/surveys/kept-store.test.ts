// Eviction order and pinning over a fake store (issue 35 "Tests"): an in-memory index, blob store and photo
// tiles behind the real rules of kept-store.ts.
import { describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store';
import { createKeptStore, MAP_PART, type KeepInput, type SurveyIndex } from './kept-store';
import type { FarmPin, KeptSurvey } from './records';

function fakeDevice(budget: number) {
  const surveys = new Map<number, KeptSurvey>();
  const pins = new Map<string, FarmPin>();
  const blobs = new Map<string, Blob>();
  const photosRemoved: number[] = [];
  let clock = 1000;
  let persisted = 0;
  let changes = 0;
  const index: SurveyIndex = {
    all: async () => [...surveys.values()],
    get: async (id) => surveys.get(id),
    put: async (r) => void surveys.set(r.projectId, structuredClone(r)),
    delete: async (id) => void surveys.delete(id),
    farmPins: async () => [...pins.values()],
    putFarmPin: async (p) => void pins.set(p.key, p),
    deleteFarmPin: async (k) => void pins.delete(k),
  };
  const blobStore: BlobStore = {
    write: async (id, part, data) => (blobs.set(`${id}/${part}`, data), data.size),
    read: async (id, part) => blobs.get(`${id}/${part}`) ?? null,
    remove: async (id) => {
      for (const k of [...blobs.keys()]) if (k.startsWith(`${id}/`)) blobs.delete(k);
    },
    list: async () => [...new Set([...blobs.keys()].map((k) => Number(k.split('/')[0])))],
  };
  const store = createKeptStore({
    index,
    blobs: blobStore,
    photos: { remove: async (id) => void photosRemoved.push(id) },
    budget: async () => budget,
    now: () => (clock += 10),
    persist: async () => (persisted++, true),
    changed: () => void changes++,
  });
  return { store, surveys, blobs, photosRemoved, persisted: () => persisted, changes: () => changes };
}

const survey = (projectId: number, bytes: number, o: Partial<KeepInput> = {}): KeepInput => ({
  projectId,
  userId: 7,
  farmId: 3,
  name: `Survey ${projectId}`,
  observationDate: '2025-10-01',
  entry: null,
  related: null,
  statistics: null,
  map: { format: 'arrow', contentType: 'application/vnd.apache.arrow.stream', etag: `"md-${projectId}-1-arrow"` },
  blob: new Blob([new Uint8Array(bytes)]),
  ...o,
});

describe('kept surveys: eviction order and pins', () => {
  it('keeps every opened survey while the budget holds', async () => {
    const dev = fakeDevice(1000);
    await dev.store.keep(survey(1, 300));
    await dev.store.keep(survey(2, 300));
    expect((await dev.store.list(7)).map((s) => s.projectId)).toEqual([2, 1]);
    expect(dev.blobs.get(`1/${MAP_PART}`)?.size).toBe(300);
    expect((await dev.store.usage()).used).toBe(600);
  });

  it('removes the least recently opened first, with its blobs and photo tiles', async () => {
    const dev = fakeDevice(1000);
    await dev.store.keep(survey(1, 300));
    await dev.store.keep(survey(2, 300));
    await dev.store.keep(survey(3, 300));
    await dev.store.opened(1); // 1 opened again: now 2 is the oldest
    const r = await dev.store.keep(survey(4, 300));
    expect(r).toEqual({ kept: true, evicted: [2] });
    expect([...dev.surveys.keys()].sort()).toEqual([1, 3, 4]);
    expect(dev.blobs.has(`2/${MAP_PART}`)).toBe(false);
    expect(dev.photosRemoved).toEqual([2]);
  });

  it('never removes a pinned survey, and asks the browser to persist when pinning', async () => {
    const dev = fakeDevice(1000);
    await dev.store.keep(survey(1, 400));
    await dev.store.pin(1, true);
    expect(dev.persisted()).toBe(1);
    await dev.store.keep(survey(2, 400));
    const r = await dev.store.keep(survey(3, 400));
    expect(r.evicted).toEqual([2]);
    expect((await dev.store.list(7)).find((s) => s.projectId === 1)?.kept).toBe('pinned');
  });

  it('pins every survey of a farm, including ones kept later; another farm is not', async () => {
    const dev = fakeDevice(1000);
    await dev.store.pinFarm(7, 3, true);
    await dev.store.keep(survey(1, 300));
    await dev.store.keep(survey(2, 300, { farmId: 9 }));
    await dev.store.keep(survey(3, 300));
    const r = await dev.store.keep(survey(4, 300));
    expect(r.evicted).toEqual([2]);
    expect((await dev.store.list(7)).map((s) => s.kept)).toEqual(['farm', 'farm', 'farm']);
    await dev.store.pinFarm(7, 3, false);
    expect((await dev.store.list(7)).every((s) => s.kept === 'recent')).toBe(true);
  });

  it('does not keep a survey that pins leave no room for, and removes nothing for it', async () => {
    const dev = fakeDevice(1000);
    await dev.store.keep(survey(1, 500));
    await dev.store.pin(1, true);
    await dev.store.keep(survey(2, 300));
    const r = await dev.store.keep(survey(3, 600));
    expect(r).toEqual({ kept: false, evicted: [] });
    expect([...dev.surveys.keys()].sort()).toEqual([1, 2]);
  });

  it('refreshing a kept survey replaces its bytes and keeps its pin and first-kept time', async () => {
    const dev = fakeDevice(1000);
    await dev.store.keep(survey(1, 300));
    await dev.store.pin(1, true);
    const first = dev.surveys.get(1)!.keptAt;
    await dev.store.keep(survey(1, 500, { map: { format: 'arrow', contentType: 'x', etag: '"md-1-2-arrow"' } }));
    const r = dev.surveys.get(1)!;
    expect(r.pinned).toBe(true);
    expect(r.keptAt).toBe(first);
    expect(r.map.etag).toBe('"md-1-2-arrow"');
    expect(r.bytes).toBe(500);
  });

  it("lists only the signed-in user's surveys and removes other users' when asked", async () => {
    const dev = fakeDevice(10_000);
    await dev.store.keep(survey(1, 100));
    await dev.store.keep(survey(2, 100, { userId: 8 }));
    expect((await dev.store.list(7)).map((s) => s.projectId)).toEqual([1]);
    expect(await dev.store.get(7, 2)).toBeNull();
    expect(await dev.store.forgetOtherUsers(8)).toBe(1);
    expect([...dev.surveys.keys()]).toEqual([2]);
  });

  it('sweeps blobs no record names', async () => {
    const dev = fakeDevice(10_000);
    await dev.store.keep(survey(1, 100));
    dev.blobs.set(`5/${MAP_PART}`, new Blob(['x']));
    await dev.store.sweep();
    expect([...dev.blobs.keys()]).toEqual([`1/${MAP_PART}`]);
  });

  it("gives a survey's photo the free room, at most half the budget", async () => {
    const dev = fakeDevice(1000);
    await dev.store.keep(survey(1, 300));
    expect(await dev.store.photoRoom(1)).toBe(500);
    await dev.store.keep(survey(2, 400));
    expect(await dev.store.photoRoom(1)).toBe(300);
  });
});
