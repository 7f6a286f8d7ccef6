/// <reference lib="webworker" />
// The service worker (issue 35, README "Installed app and offline"), built by vite-plugin-pwa in injectManifest
// mode (Workbox):
// - precaches the app shell (HTML, scripts with the map's worker, styles, icons, manifests; the map style is in
//   the scripts and the fonts are the system's), so the app always starts, with or without a connection;
// - answers every navigation with the precached index.html (the SPA routes), never the browser's offline page;
// - keeps the basemap tiles a user has seen, up to ~100 MB (basemap-cache.ts);
// - answers the aerial photo's tiles of kept surveys from the device: a tile URL carries its photo's version
//   (?v=) and never changes, so a kept tile is never stale (README "Aerial photo");
// - leaves every other /api call to the network: no API answer is ever served stale from here. Kept survey data
//   is read by the app itself when the server cannot be reached (src/offline/surveys/survey-source.ts).
// A new version waits until the user chooses "Reload" (src/app/app-update.tsx): it never takes over by itself.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { BASEMAP_CACHE, PHOTO_TILE_PATH } from '../offline/surveys/cache-names';
import { BASEMAP_BUDGET } from '../offline/surveys/eviction';
import { TILE_URL } from '../map/map-config';
import { byteBudgetPlugin } from './basemap-cache';
import { basemapTileMatcher } from './basemap-match';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes get the app shell; /api (including the API docs page) is never a navigation of the SPA.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && PHOTO_TILE_PATH.test(url.pathname) && url.searchParams.has('v'),
  async ({ request }) => (await caches.match(request, { ignoreVary: true })) ?? fetch(request),
);

registerRoute(
  basemapTileMatcher(TILE_URL),
  new CacheFirst({ cacheName: BASEMAP_CACHE, matchOptions: { ignoreVary: true }, plugins: [byteBudgetPlugin(BASEMAP_CACHE, BASEMAP_BUDGET)] }),
);

// "Reload" in the app: the waiting version takes over, then the page reloads itself (never the other way round).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install controls the open page at once (there was no version before it to disturb).
clientsClaim();
