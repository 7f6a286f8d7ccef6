// Collecting garbage now, in the calling thread. Each thread is its own V8
// heap, and V8 returns memory only when it collects, which an idle thread
// rarely does: the database thread kept a replaced PGlite's WASM memory
// (a new database's initdb alone leaves ~350 MB), the job thread the ~200 MB
// of buffers of its last 1M-tree snapshot, the API thread the seed's arrays.
// V8 flags set after start-up are unsupported in general, but exposing gc is a
// long-standing use of it; gc is exposed on the first call only (a thread that
// never needs it never sets the flag).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/** This thread's V8 heap plus the buffers it holds, MiB (what collectGarbage can give back). */
export function heldMb(): number {
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / 1048576;
}

/** What a job thread may hold before it collects (after its last job, and between a stream's reads). */
const COLLECT_ABOVE_MB = 64;

/**
 * Collects when this thread holds more than COLLECT_ABOVE_MB. A stream's
 * reads live across V8's young-generation collections and are promoted, so
 * its old generation grew by ~350 B per tree until V8 itself collected at
 * ~130 MB; a collection of a mostly-dead heap took 17 ms (median; 6 per 1M-tree stream).
 */
export function collectIfHeld(): void {
  if (heldMb() > COLLECT_ABOVE_MB) collectGarbage();
}
