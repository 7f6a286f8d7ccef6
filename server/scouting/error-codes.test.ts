// Every scouting refusal names a stable code with an English and a Hebrew text (issue 36; README "Server texts
// in the UI's language"): the codes the scouting server files send, read from their source.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en/common.json';
import he from '../../src/i18n/locales/he/common.json';

const FILES = [
  ...readdirSync('server/scouting')
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join('server/scouting', f)),
  'server/repos/scouting-records.ts',
  'server/repos/scouting-tasks.ts',
  'server/routes/scouting-records.ts',
  'server/routes/scouting-photos.ts',
  'server/routes/scouting-tasks.ts',
];

describe('scouting error codes', () => {
  it('has both texts for every code the scouting server sends', () => {
    const text = FILES.map((f) => readFileSync(f, 'utf8')).join('\n');
    const codes = new Set([
      ...[...text.matchAll(/scoutingError\(\s*\d{3},\s*'([a-z_]+)'/g)].map((m) => m[1]),
      ...[...text.matchAll(/\bcode: '([a-z_]+)'/g)].map((m) => m[1]),
      ...[...text.matchAll(/'(photo_offset_mismatch)'/g)].map((m) => m[1]),
    ]);
    expect(codes.size).toBeGreaterThan(25);
    const enCodes = en.errors.codes as Record<string, string>;
    const heCodes = he.errors.codes as Record<string, string>;
    const missing = [...codes].filter((c) => !enCodes[c]?.trim() || !/[\u0590-\u05FF]/.test(heCodes[c] ?? ''));
    expect(missing).toEqual([]);
  });
});
