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
function heldMb(): number {
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / 1048576;
}

/** How much more than after its last collection a job thread may hold before it collects again. */
const COLLECT_ABOVE_MB = 64;
/** What this thread held right after its last collection (live data: another job's, say). */
let heldAfterLast = 0;

/**
 * Collects when this thread holds COLLECT_ABOVE_MB more than after its last
 * collection (after its last job, and between a stream's reads: the reads
 * live across V8's young-generation collections and are promoted, so the old
 * generation grew by ~350 B per tree until V8 itself collected at ~130 MB; a
 * collection of a mostly-dead heap took 17 ms, median, 6 per 1M-tree stream).
 * Measured from what was live, so a job holding much beside a stream does not
 * make every read collect.
 */
export function collectIfHeld(): void {
  if (heldMb() <= heldAfterLast + COLLECT_ABOVE_MB) return;
  collectGarbage();
  heldAfterLast = heldMb();
}
