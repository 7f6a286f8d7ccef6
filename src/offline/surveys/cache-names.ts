// Cache Storage names shared by the page and the service worker (src/sw): a survey's kept photo tiles, and the
// basemap tiles the user has seen. The precache of the app shell is Workbox's own.
export const PHOTO_CACHE_PREFIX = 'orchard-photo-';
export const photoCacheName = (projectId: number) => `${PHOTO_CACHE_PREFIX}${projectId}`;
export const BASEMAP_CACHE = 'orchard-basemap';
/** Our API's photo tile paths (README "Aerial photo"); only versioned ones (?v=) are ever kept. */
export const PHOTO_TILE_PATH = /^\/api\/projects\/\d+\/orthophoto\/\d+\/\d+\/\d+\.webp$/;
