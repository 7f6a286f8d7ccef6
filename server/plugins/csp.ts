// CSP that keeps MapLibre working: its workers are blob:/same-origin scripts,
// tiles are images from the configured tile host, styles are inline on the
// map canvas containers. No inline scripts.
export function contentSecurityPolicy(tileOrigins: string[] = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org']) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
    connectSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}
