import { describe, expect, it } from 'vitest';
import { text } from '../domain/contracts/common';
import { AREA_NAME, CLIENT_NAME, PROJECT_NAME, REFERENCE_NAME, SURVEY_TYPE_CODE, textRule, type TextLength } from '../domain/field-rules';
import { PERSON_NAME } from '../domain/user-rules';
import { validateField } from './form-rules';

// The form and the server read one length per field and word its errors the same way.
const serverError = (label: string, l: TextLength, value: string) => {
  const r = text(label, l).safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe.each([
  ['Name', CLIENT_NAME],
  ['Project name', PROJECT_NAME],
  ['Plot name', AREA_NAME],
  ['Crop name', REFERENCE_NAME],
  ['Code', SURVEY_TYPE_CODE],
  ['First name', PERSON_NAME],
])('%s: form rule = request schema', (label, l) => {
  const rule = { label, ...textRule(l) };
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too short', 'x'.repeat(Math.max(0, l.min - 1)) || ''],
    ['shortest', 'x'.repeat(l.min)],
    ['longest', 'x'.repeat(l.max)],
    ['too long', 'x'.repeat(l.max + 1)],
    ['too long before trimming only', ` ${'x'.repeat(l.max)} `],
  ])('%s', (_, value) => {
    expect(validateField(value, rule)).toBe(serverError(label, l, value));
  });
});
