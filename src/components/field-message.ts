// The message under a refused form field (admin.md §5), in the UI's language: '{field} is required',
// '… must be at least/most N characters', 'Please enter a valid email address', '… must be a number', … (the
// admin namespace's ui.form texts), from a refused field of the request schema — the form's own check of it
// (form-check.ts) and the server's 400 answer word it with this one rule. What these texts do not cover (a
// custom code of ours, a list of choices) is worded by the API's issue wording (src/api/error-text.ts).
import type { TFunction } from 'i18next';
import type { FieldError } from '../api/errors';
import { issueText } from '../api/error-text';

/** The ui.form key and its values for an issue, or null when the form texts do not cover it. */
function formKey(item: FieldError, empty: boolean): [string, Record<string, unknown>] | null {
  const p = item.params ?? {};
  const origin = p.origin;
  const min = p.minimum;
  const max = p.maximum;
  // A refused field left empty is a required one, whatever its rule (a minimum length, a date's format).
  if (empty) return ['required', {}];
  switch (item.code) {
    case 'too_small':
      if ((origin === 'string' || origin === 'array') && Number(min) <= 1) return ['required', {}];
      if (origin === 'string') return ['minLength', { min }];
      if (origin === 'number') return ['min', { min }];
      return null;
    case 'too_big':
      if (origin === 'string') return ['maxLength', { max }];
      if (origin === 'number') return ['max', { max }];
      return null;
    case 'invalid_format':
      return p.format === 'email' ? ['email', {}] : null;
    case 'invalid_type':
      if (p.expected === 'int') return ['integer', {}];
      return p.expected === 'number' ? ['number', {}] : null;
    default:
      return null;
  }
}

/**
 * The text under the field labelled `label`. `empty`: the field was left empty (a required field then says so,
 * whatever its minimum length).
 */
export function fieldMessage(item: FieldError, label: string, t: TFunction, empty = false): string {
  const key = formKey(item, empty);
  if (key) return t(`admin:ui.form.${key[0]}`, { ...key[1], field: label });
  return issueText({ ...item, field: '' }, t, label);
}
