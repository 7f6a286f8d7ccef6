// Whether the server can be reached (issue 35): the browser's navigator.onLine alone is not enough — a phone on a
// Wi-Fi without internet, or a signal too weak for any answer, says "online" while no call gets through. The
// fetch client notes each call: no answer at all marks the server unreachable, any answer reachable again. While
// unreachable, /api/health is tried every PROBE_MS, so the app notices the connection back without a user action.

export const PROBE_MS = 10_000;

let unreachable = false;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === unreachable) return;
  unreachable = next;
  if (next && !probe && typeof window !== 'undefined') probe = setInterval(() => void check(), PROBE_MS);
  if (!next && probe) {
    clearInterval(probe);
    probe = null;
  }
  for (const l of listeners) l();
}

async function check(): Promise<void> {
  try {
    await fetch('/api/health', { cache: 'no-store' });
    set(false);
  } catch {
    /* still unreachable */
  }
}

/** A call got an answer (true) or none at all (false: no connection). */
export function noteReach(answered: boolean): void {
  set(!answered);
}

/** The browser is online and the last call got an answer. */
export function serverReachable(): boolean {
  return !unreachable && (typeof navigator === 'undefined' || navigator.onLine !== false);
}

/** Called when reachability changes, or the browser goes online or offline. */
export function subscribeReach(l: () => void): () => void {
  listeners.add(l);
  const onLine = () => {
    // The browser says it is back: try calls again at once (a probe confirms or marks it down again).
    if (navigator.onLine) set(false);
    l();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onLine);
    window.addEventListener('offline', l);
  }
  return () => {
    listeners.delete(l);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', onLine);
      window.removeEventListener('offline', l);
    }
  };
}
