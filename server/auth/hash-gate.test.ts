import { describe, expect, it } from 'vitest';
import { GateFullError, HashGate } from './hash-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('HashGate', () => {
  it('runs at most `concurrency` at once, queues up to `queue`, and refuses beyond', async () => {
    const gate = new HashGate(2, 1);
    const d = [deferred(), deferred(), deferred()];
    let active = 0,
      peak = 0;
    const job = (i: number) =>
      gate.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await d[i].promise;
        active--;
        return i;
      });
    const runs = [job(0), job(1), job(2)];
    await Promise.resolve();
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(1);
    await expect(gate.run(async () => 9)).rejects.toBeInstanceOf(GateFullError);
    d.forEach((x) => x.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(peak).toBe(2);
    expect(gate.inFlight).toBe(0);
  });

  it('frees its slot when the work throws', async () => {
    const gate = new HashGate(1, 0);
    await expect(
      gate.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
