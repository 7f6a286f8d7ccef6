// @vitest-environment jsdom
// The forms' check with the API's request schemas (issue 34): the messages under the fields in English (the
// schema's own words, admin.md §5) and in Hebrew, for the form's check and for the server's answer alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { text } from '../domain/contracts/common';
import { clientBody } from '../domain/contracts/clients';
import { createUserBody } from '../domain/contracts/users';
import { passwordBody } from '../domain/contracts/auth';
import { AREA_NAME, CLIENT_NAME, PROJECT_NAME, REFERENCE_NAME, SURVEY_TYPE_CODE, type TextLength } from '../domain/field-rules';
import { PERSON_NAME } from '../domain/user-rules';
import { checkForm, formErrors, type FormCheck } from './form-check';

const t = i18n.t.bind(i18n);
beforeAll(() => i18n.changeLanguage('en'));
afterAll(() => i18n.changeLanguage('he'));

describe.each([
  ['Name', CLIENT_NAME],
  ['Project name', PROJECT_NAME],
  ['Plot name', AREA_NAME],
  ['Crop name', REFERENCE_NAME],
  ['Code', SURVEY_TYPE_CODE],
  ['First name', PERSON_NAME],
])('%s: the form says what the request schema says, in English', (label, l: TextLength) => {
  const schema = text(label, l);
  const check: FormCheck<{ value: string }> = { schema, body: (v) => v.value, labels: { value: label } };
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too short', 'x'.repeat(Math.max(0, l.min - 1)) || ''],
    ['shortest', 'x'.repeat(l.min)],
    ['longest', 'x'.repeat(l.max)],
    ['too long', 'x'.repeat(l.max + 1)],
    ['too long before trimming only', ` ${'x'.repeat(l.max)} `],
  ])('%s', async (_, value) => {
    await i18n.changeLanguage('en');
    const parsed = schema.safeParse(value);
    // A whole-body schema's issue has the field in its path; this one is the field itself.
    const found = checkForm({ ...check, fieldOf: { '': 'value' } }, { value }, t);
    expect(found.value ?? null).toBe(parsed.success ? null : parsed.error.issues[0].message);
  });
});

describe('the form check', () => {
  it('words the refused fields in Hebrew with the form’s labels', async () => {
    await i18n.changeLanguage('he');
    const labels = { email: 'אימייל', password: 'סיסמה', first_name: 'שם פרטי', last_name: 'שם משפחה' };
    const values = { email: 'nope', password: '', first_name: 'x'.repeat(101), last_name: ' ', client_id: 1, role: 'user' as const };
    const check: FormCheck<typeof values> = { schema: createUserBody, body: ({ password, ...v }) => (password ? { ...v, password } : v), labels };
    expect(checkForm(check, values, t)).toEqual({
      email: 'נא להזין כתובת דוא"ל תקינה',
      password: 'סיסמה הוא שדה חובה',
      first_name: 'שם פרטי יכול להכיל לכל היותר 100 תווים',
      last_name: 'שם משפחה הוא שדה חובה',
    });
  });

  it('puts a body field under its form field, and words the server’s answer as its own check', async () => {
    await i18n.changeLanguage('en');
    const values = { current: 'old one', next: 'short', again: 'short' };
    const check: FormCheck<typeof values> = {
      schema: passwordBody,
      body: (v) => ({ current_password: v.current, new_password: v.next }),
      labels: { current: 'Current password', next: 'New password', again: 'Confirm' },
      fieldOf: { current_password: 'current', new_password: 'next' },
    };
    const own = checkForm(check, values, t);
    expect(own).toEqual({ next: 'New password must be at least 12 characters' });
    // The server's 400 answer for the same body (tests/api/form-contracts.test.ts shows it is the same list).
    const answer = [
      {
        field: 'new_password',
        message: 'Password must be at least 12 characters',
        code: 'too_small',
        params: { origin: 'string', minimum: 12, inclusive: true },
      },
    ];
    expect(formErrors(check, answer, values, t)).toEqual(own);
    await i18n.changeLanguage('he');
    expect(formErrors(check, answer, values, t)).toEqual({ next: 'New password חייב להכיל לפחות 12 תווים' });
  });

  it('words a server item without a code by the answer’s text, else by its message; a coded item wins', async () => {
    await i18n.changeLanguage('en');
    const values = { current: 'old one', next: '' };
    const check: Pick<FormCheck<typeof values>, 'labels' | 'fieldOf'> = {
      labels: { current: 'Current password', next: 'New password' },
      fieldOf: { current_password: 'current', new_password: 'next' },
    };
    const wrong = { field: 'current_password', message: 'Current password is incorrect' };
    const empty = { field: 'new_password', message: 'Required', code: 'too_small', params: { origin: 'string', minimum: 12 } };
    expect(formErrors(check, [wrong], values, t, 'The answer')).toEqual({ current: 'The answer' });
    expect(formErrors(check, [wrong], values, t)).toEqual({ current: 'Current password is incorrect' });
    expect(formErrors(check, [{ ...empty, code: undefined }, empty], values, t, 'The answer')).toEqual({ next: 'New password is required' });
  });

  it('accepts a valid body', async () => {
    expect(checkForm({ schema: clientBody, body: (v: { name: string }) => v, labels: { name: 'Name' } }, { name: 'Galil' }, t)).toEqual({});
  });
});
