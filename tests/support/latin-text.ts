// English on Hebrew screens (issue 31): the visible text nodes of a page that
// hold Latin letters, except data (inside [translate="no"]: names of projects,
// plots, clients and people, e-mails) and an explicit, short list of words that
// stay Latin in Hebrew (nutrient symbols, file formats, product names).
import type { Page } from 'playwright-core';

/** Latin words a Hebrew screen may show. Keep this list short: every entry is a decision. */
export const ALLOWED_LATIN = [
  'N', // nitrogen, phosphorus, potassium: chemical symbols (client.md §9)
  'P',
  'K',
  'NPK',
  'GeoJSON', // file formats, named as the files are
  'CSV',
  'KML',
  'KMZ',
  'Shapefile',
  'zip',
  'ISOXML',
  'TASKDATA',
  'PDF',
  'WKT',
  'shp', // the parts of a shapefile, named by their extensions (.shp, .dbf, .prj)
  'dbf',
  'prj',
  'WGS 84', // the coordinate system's name
  'GPS',
  'Google Earth',
  'English', // the language switch names each language in that language
  'PGlite', // the embedded database's name (dashboard)
  'PostgreSQL',
] as const;

/** The Latin texts on screen, each once. Placeholders of visible inputs count too. */
export function latinTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    (allowed) => {
      const words = new RegExp(`(^|[^A-Za-z])(${allowed.map((a) => a.replace(/ /g, '\\s')).join('|')})(?=$|[^A-Za-z])`, 'g');
      const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
      const out = new Set<string>();
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
      };
      const check = (text: string, el: Element) => {
        const t = text.trim();
        if (!/[A-Za-z]/.test(t)) return;
        // Data, the map library's attribution control and option lists (shown through their select) are not UI text.
        if (el.closest('[translate="no"],script,style,.maplibregl-ctrl-attrib,option') || !visible(el)) return;
        if (/[A-Za-z]/.test(t.replace(email, '').replace(words, '$1'))) out.add(t.slice(0, 100));
      };
      const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) check(n.textContent ?? '', n.parentElement!);
      for (const i of document.querySelectorAll('input[placeholder],textarea[placeholder]')) check(i.getAttribute('placeholder') ?? '', i);
      return [...out];
    },
    ALLOWED_LATIN as unknown as string[],
  );
}
