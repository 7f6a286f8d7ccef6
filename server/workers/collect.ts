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
