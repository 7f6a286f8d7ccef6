// The embedded database thread's heartbeat in shared memory: when it last started
// or finished an operation, in milliseconds on a clock every thread reads alike
// (performance.timeOrigin + performance.now(): monotonic, unlike Date.now()).
// While a statement runs the thread cannot answer a message, but its heartbeat
// shows it is at work (/api/health). Stored and read with Atomics: never torn.

const clock = () => BigInt(Math.round(performance.timeOrigin + performance.now()));

/** 8 bytes to share between the database thread and the thread that opened it. */
export const heartbeatBuffer = () => new SharedArrayBuffer(8);

/** The database thread's side: beat now, or stop (0: not at work, e.g. closed). */
export function heartbeatWriter(buffer: SharedArrayBuffer) {
  const cell = new BigInt64Array(buffer);
  return { beat: () => void Atomics.store(cell, 0, clock()), stop: () => void Atomics.store(cell, 0, 0n) };
}

/** The opener's side: did the thread beat within `ms`? */
export function heartbeatReader(buffer: SharedArrayBuffer): (ms: number) => boolean {
  const cell = new BigInt64Array(buffer);
  return (ms) => {
    const last = Atomics.load(cell, 0);
    return last > 0n && Number(clock() - last) < ms;
  };
}
