// CSP that keeps MapLibre working: its workers are blob:/same-origin scripts,
// tiles are images (and fetches) from the configured tile host, styles are
// inline on the map canvas containers. No inline scripts.

/** The SPA's default basemap (src/map/map-config.ts TILE_URL): OpenStreetMap's tile service. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * CSP sources for a z/x/y tile template: its origin, with a placeholder in the
 * host name ("https://{s}.tile.example.com/…") widened to a wildcard
 * ("https://*.tile.example.com"). A template that is not an absolute http(s)
 * URL (a same-origin path) needs no extra source.
 */
export function tileOrigins(template: string): string[] {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return [];
  const [, scheme, host] = m;
  const hasPlaceholder = /\{[^}]*\}/.test(host);
  const rest = host.replace(/^[^.]*\{[^}]*\}[^.]*\./, '');
  if (hasPlaceholder && rest === host) return []; // the whole host is a placeholder: nothing safe to allow
  const wildcard = hasPlaceholder ? `${scheme.toLowerCase()}://*.${rest.toLowerCase()}` : `${scheme.toLowerCase()}://${host.toLowerCase()}`;
  // OpenStreetMap also serves from a/b/c subdomains of the same host.
  return hasPlaceholder ? [wildcard] : [wildcard, `${scheme.toLowerCase()}://*.${host.toLowerCase()}`];
}

export function contentSecurityPolicy(tileUrl: string = DEFAULT_TILE_URL) {
  const tiles = tileOrigins(tileUrl);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
    connectSrc: ["'self'", 'data:', 'blob:', ...tiles],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}
