/**
 * The generic form rules of admin.md §5 as pure functions (no React), so they
 * can be unit-tested and reused. Messages come from a translate function; the
 * English defaults are the spec's texts: '{field} is required',
 * 'Please enter a valid email address'.
 *
 * Usage: validateAll(values, { name: { label: 'Name', required: true, minLength: 2, maxLength: 100 } }, t)
 *   → { name: 'Name is required' } (only fields with an error).
 */
export interface FieldRule {
  /** The field's visible label, used in messages. */
  label: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  email?: boolean;
  /** The value must be a number (from a text/number input); min/max then apply to it. */
  number?: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
}
export type Rules<V> = Partial<Record<Extract<keyof V, string>, FieldRule>>;
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const EN: Record<string, string> = {
  'ui.form.required': '{{field}} is required',
  'ui.form.minLength': '{{field}} must be at least {{min}} characters',
  'ui.form.maxLength': '{{field}} must be at most {{max}} characters',
  'ui.form.email': 'Please enter a valid email address',
  'ui.form.number': '{{field}} must be a number',
  'ui.form.integer': '{{field}} must be a whole number',
  'ui.form.min': '{{field}} must be at least {{min}}',
  'ui.form.max': '{{field}} must be at most {{max}}',
};

export const englishMessages: Translate = (key, vars = {}) => (EN[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

// Deliberately simple: one @, something on each side, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

export function validateField(value: unknown, rule: FieldRule, t: Translate = englishMessages): string | null {
  const field = rule.label;
  if (isEmpty(value)) return rule.required ? t('ui.form.required', { field }) : null;
  if (rule.number || rule.integer) {
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(n)) return t('ui.form.number', { field });
    if (rule.integer && !Number.isInteger(n)) return t('ui.form.integer', { field });
    if (rule.min !== undefined && n < rule.min) return t('ui.form.min', { field, min: rule.min });
    if (rule.max !== undefined && n > rule.max) return t('ui.form.max', { field, max: rule.max });
    return null;
  }
  if (typeof value === 'string') {
    const s = value.trim();
    if (rule.minLength !== undefined && s.length < rule.minLength) return t('ui.form.minLength', { field, min: rule.minLength });
    if (rule.maxLength !== undefined && s.length > rule.maxLength) return t('ui.form.maxLength', { field, max: rule.maxLength });
    if (rule.email && !EMAIL.test(s)) return t('ui.form.email', { field });
  }
  return null;
}

export function validateAll<V extends object>(values: V, rules: Rules<V>, t: Translate = englishMessages): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, rule] of Object.entries(rules) as [string, FieldRule | undefined][]) {
    if (!rule) continue;
    const msg = validateField((values as Record<string, unknown>)[name], rule, t);
    if (msg) errors[name] = msg;
  }
  return errors;
}
