// Every text in both languages: the Hebrew files hold every key the English ones do,
// and every Hebrew plural has its three forms (Intl.PluralRules('he'): one, two,
// other) — without `_two`, "2 items" fell back to English on Hebrew screens.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
function localeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) localeFiles(p, out);
    else if (/locales\/(en\.json|en\/\w+\.json)$/.test(p)) out.push(p);
  }
  return out;
}
const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;

describe('locale files', () => {
  const pairs = localeFiles(root).map((en) => [en, en.replace(/en\.json$/, 'he.json').replace('/en/', '/he/')] as const);
  it('are found', () => expect(pairs.length).toBeGreaterThan(10));
  it('Hebrew has every English key, and every Hebrew plural its one / two / other forms', () => {
    expect(new Intl.PluralRules('he').resolvedOptions().pluralCategories).toEqual(['one', 'two', 'other']);
    const problems: string[] = [];
    for (const [en, he] of pairs) {
      const e = keys(read(en)),
        h = new Set(keys(read(he)));
      const base = (k: string) => k.replace(/_(one|two|other)$/, '');
      for (const k of e) if (!h.has(k) && !h.has(`${base(k)}_other`) && !h.has(base(k))) problems.push(`${path.relative(root, he)}: ${k}`);
      for (const k of h)
        if (k.endsWith('_other') && !(h.has(`${base(k)}_one`) && h.has(`${base(k)}_two`)))
          problems.push(`${path.relative(root, he)}: ${base(k)} lacks _one or _two`);
    }
    expect(problems).toEqual([]);
  });
});
