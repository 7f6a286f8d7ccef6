// A form checks what it would send with the API's own request schema (src/domain/contracts, issue 34): the
// body made from its values, parsed by the schema the route parses it with. Each refused field is worded under
// its form field by field-message.ts, as the server's 400 answer for the same body is (form.tsx).
import '../app/zod-config';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { FieldError } from '../api/errors';
import { issueItem } from '../domain/contracts/issues';
import { fieldMessage } from './field-message';

export interface FormCheck<V extends object> {
  /** The route's request schema. */
  schema: z.ZodType;
  /** The request body the form sends for these values. */
  body: (values: V) => unknown;
  /** The form fields' labels, by form field name. */
  labels: Partial<Record<Extract<keyof V, string>, string>>;
  /** A body field whose form field has another name (e.g. current_password → current). */
  fieldOf?: Record<string, Extract<keyof V, string>>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Refused fields (the form's own check, or the server's answer) as messages under their form fields. An item
 * without a code of its own (the server's wrong current password, a name already taken) says `uncoded` (the
 * answer's own text) or else its message; a field's coded item wins over an uncoded one.
 */
export function formErrors<V extends object>(
  check: Pick<FormCheck<V>, 'labels' | 'fieldOf'>,
  items: readonly FieldError[],
  values: V,
  t: TFunction,
  uncoded?: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  const labels = check.labels as Record<string, string | undefined>;
  for (const item of [...items.filter((i) => i.code), ...items.filter((i) => !i.code)]) {
    const top = item.field.split('.')[0];
    const name = check.fieldOf?.[top] ?? top;
    if (!name || name in out) continue;
    out[name] = item.code ? fieldMessage(item, labels[name] ?? name, t, isEmpty((values as Record<string, unknown>)[name])) : (uncoded ?? item.message);
  }
  return out;
}

/** The form's values checked by the request schema: the messages by form field ({} when the body is valid). */
export function checkForm<V extends object>(check: FormCheck<V>, values: V, t: TFunction): Record<string, string> {
  const parsed = check.schema.safeParse(check.body(values));
  return parsed.success ? {} : formErrors(check, parsed.error.issues.map(issueItem), values, t);
}
