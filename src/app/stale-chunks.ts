// After a redeploy, an open tab asks for code chunks that no longer exist.
// Vite reports that as `vite:preloadError`: reload once to get the new build.
// Not twice in a row (sessionStorage remembers the last reload for a minute):
// if the chunk is still missing, the route's crash screen shows instead.
const KEY = 'orchard.reloadedForChunksAt';
const WINDOW_MS = 60_000;

export function shouldReloadForStaleChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt < WINDOW_MS);
}

export function reloadOnceOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(KEY)) || null;
    if (!shouldReloadForStaleChunk(last, Date.now())) return; // let the error reach the crash screen
    sessionStorage.setItem(KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}
