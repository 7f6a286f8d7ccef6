// Every refusal the server can send carries a code the app words in English and
// Hebrew (issue 31, README "Server texts in the UI's language"). A static check of
// the source: each `new HttpError(4xx/5xx, …)` names a code; each code literal the
// server sends is in src/domain/error-codes.ts; each code there is sent somewhere and
// has both texts in common:errors.codes with the same parameters (a Hebrew variant
// per entity or action, key_<context>, may use fewer); the counts, entities and
// issue codes the app words have both texts too (counts: src/domain/error-codes.ts COUNT_NOUNS).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { COUNT_NOUNS, ERROR_CODES, ERROR_ENTITIES, ISSUE_CODES } from '../src/domain/error-codes';
import en from '../src/i18n/locales/en/common.json';
import he from '../src/i18n/locales/he/common.json';

type Texts = Record<string, string>;
const enCodes = en.errors.codes as Texts,
  heCodes = he.errors.codes as Texts;
const placeholders = (s: string) => new Set([...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));
/** The TypeScript sources under a folder of the repository, tests left out. */
const sources = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f)).map((f) => path.join(dir, f));
const SERVER = sources('server');

describe('error codes: every refusal has a stable code the app words in both languages', () => {
  it('names a code in every HttpError the server source constructs', () => {
    const missing: string[] = [];
    for (const file of SERVER) {
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node): void => {
        if (ts.isNewExpression(n) && n.expression.getText(sf) === 'HttpError') {
          const args = n.arguments ?? [];
          if (args.length < 5 || args[4].getText(sf) === 'undefined')
            missing.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText(sf).slice(0, 90)}`);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    expect(missing).toEqual([]);
  });

  it('sends only codes of src/domain/error-codes.ts, and every code there is sent somewhere', () => {
    const known = new Set<string>(ERROR_CODES);
    const text = [...SERVER, ...sources('src/domain'), ...sources('workers')]
      .filter((f) => !f.endsWith('error-codes.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // A code written as `code: '…'` in the server (the error plugin, the router's own refusals).
    const literal = [
      ...SERVER.map((f) => readFileSync(f, 'utf8'))
        .join('\n')
        .matchAll(/\bcode: '([a-z][a-z0-9_]*)'/g),
    ].map((m) => m[1]);
    expect(literal.filter((c) => !known.has(c) && !(ISSUE_CODES as readonly string[]).includes(c))).toEqual([]);
    const unused = ERROR_CODES.filter((c) => !text.includes(`'${c}'`));
    expect(unused, 'codes listed but never sent').toEqual([]);
  });

  it('has an English and a Hebrew text for every code, with the same parameters', () => {
    const problems: string[] = [];
    for (const code of ERROR_CODES) {
      const e = enCodes[code],
        h = heCodes[code];
      if (!e?.trim()) problems.push(`${code}: no English text`);
      if (!h?.trim()) problems.push(`${code}: no Hebrew text`);
      if (!e || !h) continue;
      const ep = placeholders(e);
      // A parameter may change case in English ({{Entity}} at the start of a sentence).
      const norm = (s: Set<string>) => new Set([...s].map((p) => p.toLowerCase()));
      const variants = Object.keys(heCodes).filter((k) => k === code || (k.startsWith(`${code}_`) && !ERROR_CODES.includes(k as never)));
      for (const k of variants) {
        const extra = [...norm(placeholders(heCodes[k]))].filter((p) => !norm(ep).has(p));
        if (extra.length) problems.push(`${k}: Hebrew uses ${extra.join(', ')}, which the code does not send`);
      }
      // The context parameters (entity, action, kind) may be said by the Hebrew variant's own words.
      const lost = [...norm(ep)].filter((p) => !norm(placeholders(h)).has(p) && !['where', 'action', 'kind', 'entity'].includes(p));
      if (lost.length) problems.push(`${code}: the Hebrew text leaves out ${lost.join(', ')}`);
      if (!/[\u0590-\u05FF]/.test(h)) problems.push(`${code}: the Hebrew text has no Hebrew`);
    }
    expect(problems).toEqual([]);
  });

  it('words the issue codes, entities and counts it uses in both languages', () => {
    const issues = (d: typeof en) => d.errors.issues as Texts;
    for (const c of [...ISSUE_CODES, 'invalid', 'required']) {
      expect(issues(en)[c], `issue ${c} en`).toMatch(/\S/);
      expect(issues(he)[c], `issue ${c} he`).toMatch(/[\u0590-\u05FF]/);
    }
    for (const e of ERROR_ENTITIES) {
      expect((en.errors.entities as Texts)[e], `entity ${e} en`).toMatch(/\S/);
      expect((he.errors.entities as Texts)[e], `entity ${e} he`).toMatch(/[\u0590-\u05FF]/);
    }
    const counted = Object.keys(COUNT_NOUNS);
    for (const k of counted) {
      expect((en.errors.counts as Texts)[`${k}_one`], `count ${k} en`).toMatch(/\{\{count\}\}/);
      expect((he.errors.counts as Texts)[`${k}_one`], `count ${k} he`).toMatch(/[\u0590-\u05FF]/);
      expect((he.errors.counts as Texts)[`${k}_other`], `count ${k} he`).toMatch(/\{\{count\}\}/);
    }
  });
});
