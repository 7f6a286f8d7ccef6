// The outbox and its sync in Node (fake-indexeddb stands in for the browser's IndexedDB): ordering, backoff,
// conflicts, and a run cut off mid-batch then run again sends nothing twice (the server is idempotent by id).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOutbox } from './outbox';
import { afterRetry, backoffMs, canKeepMine, photoFits, readyItems, resolveConflict, verdict, type OutboxItem } from './queue-rules';
import { createSync, nextWakeUp, type Answer, type Transport } from './sync';
import type { ScoutingTask } from '../domain/contracts/scouting';

let serial = 0;
const item = (kind: OutboxItem['kind'], extra: Partial<OutboxItem> = {}): OutboxItem => ({
  id: `0190${String(++serial).padStart(4, '0')}-0000-7000-8000-000000000000`,
  userId: 1,
  kind,
  createdAt: serial,
  attempts: 0,
  nextAt: 0,
  state: 'pending',
  ...extra,
});

describe('outbox rules', () => {
  it('sends in creation order, a photo after its record, a change after its task, one change of a task at a time', () => {
    const task = item('taskCreate', { projectId: 1 });
    const rec = item('record', { projectId: 1, body: { task_id: task.id } });
    const photo = item('photo', { recordId: rec.id });
    const c1 = item('taskChange', { taskId: 'T' });
    const c2 = item('taskChange', { taskId: 'T' });
    const later = item('record', { projectId: 1, body: {} });
    const all = [later, photo, c2, rec, c1, task];
    expect(readyItems(all, 100).map((i) => i.id)).toEqual([task.id, c1.id, later.id]);
    // Once the task arrived, its record goes; once the record arrived, its photo.
    expect(readyItems([photo, rec, c2], 100).map((i) => i.id)).toEqual([rec.id, c2.id]);
    expect(readyItems([photo], 100).map((i) => i.id)).toEqual([photo.id]);
    // Backing off, in conflict or failed: not sent; a change behind a conflicting change of the same task waits.
    expect(readyItems([{ ...c1, state: 'conflict' }, c2, { ...later, nextAt: 200 }], 100)).toEqual([]);
  });

  it('backs off 2 s, 4 s, 8 s … up to 5 minutes, with jitter', () => {
    expect(backoffMs(1, 0.5)).toBe(2000);
    expect(backoffMs(2, 0.5)).toBe(4000);
    expect(backoffMs(3, 0.5)).toBe(8000);
    expect(backoffMs(30, 0.5)).toBe(300_000);
    expect(backoffMs(1, 0)).toBe(1800);
    expect(backoffMs(1, 0.999)).toBeLessThanOrEqual(2200);
    const r = afterRetry(item('record'), 1000, { status: 503, message: 'busy' }, 0.5);
    expect(r).toMatchObject({ attempts: 1, nextAt: 3000, error: { status: 503 } });
    expect(nextWakeUp([r, { ...r, nextAt: 500 }, { ...r, state: 'failed', nextAt: 1 }])).toBe(500);
  });

  it('reads answers: done, retry, sign in, conflict, failed', () => {
    const change = item('taskChange', { taskId: 'T' });
    expect(verdict(change, 200)).toBe('done');
    expect(verdict(change, 'network')).toBe('retry');
    expect(verdict(change, 503)).toBe('retry');
    expect(verdict(change, 429)).toBe('retry');
    expect(verdict(change, 401)).toBe('signIn');
    expect(verdict(change, 412, 'task_version_stale')).toBe('conflict');
    expect(verdict(change, 409, 'task_transition_not_allowed')).toBe('conflict');
    expect(verdict(change, 409, 'change_id_conflict')).toBe('failed');
    expect(verdict(item('record'), 409, 'record_id_conflict')).toBe('failed');
    expect(verdict(item('photo'), 409, 'photo_offset_mismatch')).toBe('again');
    expect(verdict(item('photo'), 422, 'photo_unreadable')).toBe('failed');
  });

  it('resolves a task conflict: theirs drops mine; mine goes again on their version when the move is still allowed', () => {
    const theirs = { status: 'in_progress', version: 4 } as ScoutingTask;
    const c = item('taskChange', { taskId: 'T', body: { change_id: 'x', status: 'done' }, ifMatch: 2, state: 'conflict', theirs });
    expect(resolveConflict(c, 'theirs', 'assignee')).toBeNull();
    expect(resolveConflict(c, 'mine', 'assignee')).toMatchObject({ state: 'pending', ifMatch: 4, attempts: 0 });
    const cancelled = { ...c, theirs: { status: 'cancelled', version: 5 } as ScoutingTask };
    expect(canKeepMine(c.body as never, cancelled.theirs!, 'assignee')).toBe(false);
    expect(resolveConflict(cancelled, 'mine', 'assignee')).toBeNull();
  });

  it('refuses new photos first when storage is low', () => {
    expect(photoFits({ quota: 1e9, usage: 1e8 }, 500_000)).toBe(true);
    expect(photoFits({ quota: 1e9, usage: 1e9 - 40e6 }, 500_000)).toBe(false);
    expect(photoFits(null, 500_000)).toBe(true);
  });
});

/** A server in memory with the API's idempotency: 201 new, 200 the same body again, 409 another body. */
function fakeServer() {
  const records = new Map<string, string>();
  const photos = new Map<string, Uint8Array>();
  const partial = new Map<string, number[]>();
  let calls = 0;
  let dieAfter = Infinity;
  const transport: Transport = async (req): Promise<Answer> => {
    if (++calls > dieAfter) return { status: 'network', json: null };
    const rec = /^\/api\/projects\/\d+\/records\/(.+)$/.exec(req.path);
    if (rec) {
      const had = records.get(rec[1]);
      if (had !== undefined) return { status: had === req.body ? 200 : 409, json: { code: had === req.body ? undefined : 'record_id_conflict' } };
      records.set(rec[1], req.body as string);
      return { status: 201, json: {} };
    }
    const ph = /^\/api\/records\/(.+)\/photos\/(.+)$/.exec(req.path);
    if (ph) {
      if (!records.has(ph[1])) return { status: 404, json: {} };
      if (photos.has(ph[2])) return { status: 200, json: {} };
      const range = req.headers!['content-range'];
      const total = Number(range.split('/')[1]);
      const have = partial.get(ph[2]) ?? [];
      if (range.startsWith('bytes */')) return { status: 202, json: { received: have.length, total } };
      const bytes = new Uint8Array(await (req.body as Blob).arrayBuffer());
      have.push(...bytes);
      partial.set(ph[2], have);
      if (have.length < total) return { status: 202, json: { received: have.length, total } };
      photos.set(ph[2], Uint8Array.from(have));
      return { status: 201, json: {} };
    }
    return { status: 404, json: {} };
  };
  return { transport, records, photos, dieAfter: (n: number) => ((dieAfter = n), (calls = 0)) };
}

describe('sync', () => {
  it('sends 20 records with photos once, through a run cut off mid-batch and run again', async () => {
    const outbox = await openOutbox(`test-${Math.random()}`);
    const server = fakeServer();
    let t = 10_000;
    const sync = createSync({ outbox, transport: server.transport, userId: () => 1, now: () => t, chunkBytes: 1000, random: () => 0.5 });
    for (let i = 0; i < 20; i++) {
      const rec = item('record', { projectId: 7, body: { note: `tree ${i}` } });
      await outbox.add(rec);
      await outbox.add(item('photo', { recordId: rec.id, blob: new Blob([new Uint8Array(2500).fill(i)], { type: 'image/jpeg' }) }));
    }
    // Another user's item on the same device is never sent in this user's session.
    await outbox.add(item('record', { userId: 2, projectId: 7, body: {} }));
    server.dieAfter(23);
    const cut = await sync.run();
    expect(cut.stopped).toBe('network');
    expect(server.photos.size).toBeLessThan(20);
    server.dieAfter(Infinity);
    t += 60_000;
    const rest = await sync.run();
    expect(rest).toMatchObject({ failed: 0, conflicts: 0, pending: 0 });
    expect(server.records.size).toBe(20);
    expect(server.photos.size).toBe(20);
    expect([...server.photos.values()].every((p) => p.length === 2500)).toBe(true);
    expect((await outbox.all(1)).length).toBe(0);
    expect((await outbox.all(2)).length).toBe(1);
    outbox.close();
  });

  it('the connection back (retryNow): what waits out a backoff goes at once, once; a failing server is not hammered', async () => {
    const outbox = await openOutbox(`test-${Math.random()}`);
    let calls = 0;
    let answer: Answer['status'] = 'network';
    const sync = createSync({ outbox, transport: async () => (calls++, { status: answer, json: {} }), userId: () => 1, now: () => 1000, random: () => 0.5 });
    const rec = item('record', { projectId: 1, body: {} });
    await outbox.add(rec);
    // A task change backing off too, and its turn comes in a later round of the same run.
    await outbox.add(item('taskChange', { taskId: rec.id, body: {}, attempts: 9, nextAt: 1000 + 300_000 }));
    for (let i = 0; i < 5; i++) await sync.run({ retryNow: true }); // offline for a while: 5 attempts, backing off
    expect(calls).toBe(5);
    expect((await outbox.all(1))[0]).toMatchObject({ attempts: 5, nextAt: 1000 + backoffMs(5, 0.5) });
    expect(await sync.run()).toMatchObject({ sent: 0, pending: 2 }); // a timer's run keeps the backoff
    expect(calls).toBe(5);
    answer = 503; // back, but the server is busy: tried once in this run, not in a loop
    expect(await sync.run({ retryNow: true })).toMatchObject({ sent: 0, pending: 2 });
    expect(calls).toBe(6);
    answer = 201;
    expect(await sync.run({ retryNow: true })).toMatchObject({ sent: 2, pending: 0 });
    expect(calls).toBe(8);
    outbox.close();
  });

  it('keeps a conflicting task change with the server’s task, and a failed item with its reason', async () => {
    const outbox = await openOutbox(`test-${Math.random()}`);
    const current = { task_id: 'T', status: 'cancelled', version: 3 };
    const transport: Transport = async (req) =>
      req.method === 'PATCH'
        ? { status: 412, json: { code: 'task_version_stale', message: 'stale', current } }
        : { status: 422, json: { code: 'record_unknown_issue', message: 'no such issue' } };
    const sync = createSync({ outbox, transport, userId: () => 1 });
    await outbox.add(item('taskChange', { taskId: 'T', body: { change_id: 'c', status: 'done' }, ifMatch: 1 }));
    await outbox.add(item('record', { projectId: 1, body: {} }));
    const r = await sync.run();
    expect(r).toMatchObject({ conflicts: 1, failed: 1, pending: 0 });
    const [change, rec] = (await outbox.all(1)).sort((a, b) => a.createdAt - b.createdAt);
    expect(change).toMatchObject({ state: 'conflict', theirs: current, error: { status: 412, code: 'task_version_stale' } });
    expect(rec).toMatchObject({ state: 'failed', error: { status: 422, message: 'no such issue' } });
    outbox.close();
  });

  it('stops on 401 and keeps everything for after the new sign-in; nothing is sent without a user', async () => {
    const outbox = await openOutbox(`test-${Math.random()}`);
    let calls = 0;
    const sync = createSync({ outbox, transport: async () => (calls++, { status: 401, json: {} }), userId: () => 1 });
    await outbox.add(item('record', { projectId: 1, body: {} }));
    await outbox.add(item('record', { projectId: 1, body: {} }));
    expect((await sync.run()).stopped).toBe('signIn');
    expect(calls).toBe(1);
    expect((await outbox.all(1)).length).toBe(2);
    const nobody = createSync({ outbox, transport: async () => (calls++, { status: 201, json: {} }), userId: () => null });
    expect((await nobody.run()).sent).toBe(0);
    expect(calls).toBe(1);
    outbox.close();
  });
});
