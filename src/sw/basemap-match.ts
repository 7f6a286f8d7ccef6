// Which requests are basemap tiles (VITE_TILE_URL's z/x/y template, README "Running"): same scheme and host
// (a {s} subdomain placeholder matches any subdomain), and a path that fits the template. Pure.

export function basemapTileMatcher(template: string): (o: { url: URL }) => boolean {
  const m = /^(https?):\/\/([^/]+)(\/[^?#]*)/i.exec(template.trim());
  if (!m) {
    // A same-origin path template.
    const path = pathPattern(template.split('?')[0]);
    return ({ url }) => path.test(url.pathname) && !url.pathname.startsWith('/api/');
  }
  const [, scheme, host, p] = m;
  const hostRe = new RegExp(`^${escape(host.toLowerCase()).replace(/\\\{[^}]*\\\}/g, '[a-z0-9-]+')}$`);
  const path = pathPattern(p);
  return ({ url }) => url.protocol === `${scheme.toLowerCase()}:` && hostRe.test(url.host.toLowerCase()) && path.test(url.pathname);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function pathPattern(p: string): RegExp {
  return new RegExp(
    `^${escape(p)
      .replace(/\\\{[xyz]\\\}/g, '\\d+')
      .replace(/\\\{[^}]*\\\}/g, '[^/]+')}$`,
  );
}
