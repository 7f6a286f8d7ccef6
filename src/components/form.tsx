/**
 * The form layer (admin.md §5): useForm holds values and field errors, checks
 * the generic rules (form-rules.ts) on submit, shows server field errors
 * (ApiError.details) under their fields, and clears a field's error as soon as
 * the field is edited.
 *
 * Usage:
 *   const form = useForm({ name: '' }, { name: { label: t('name'), required: true, minLength: 2, maxLength: 100 } });
 *   const submit = async (e: React.FormEvent) => {
 *     e.preventDefault();
 *     if (!form.validate()) return;
 *     try { await save(form.values); } catch (err) { form.setServerErrors(err); }
 *   };
 *   <form onSubmit={submit} noValidate>
 *     <Field form={form} name="name" label={t('name')} required>
 *       <input {...form.input('name')} />
 *     </Field>
 *   </form>
 * For selects/checkbox groups call form.set(name, value) yourself.
 */
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateAll, type Rules } from './form-rules';
import { issueText } from '../api/error-text';
import type { FieldError } from '../api/errors';
import './form.css';

export type { FieldRule, Rules } from './form-rules';

export interface FormApi<V extends object> {
  values: V;
  errors: Record<string, string>;
  idPrefix: string;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  reset: (values: V) => void;
  validate: () => boolean;
  /** Takes an ApiError (or anything with `details: {field, message}[]`); returns true if any field error was shown. */
  setServerErrors: (error: unknown) => boolean;
  setError: (name: string, message: string | null) => void;
  input: (name: Extract<keyof V, string>) => {
    id: string;
    name: string;
    value: string;
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  };
}

export function useForm<V extends object>(initial: V, rules: Rules<V>): FormApi<V> {
  const { t } = useTranslation('admin');
  const idPrefix = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The latest rules and values for the stable callbacks below (updated after each render, read in events).
  const rulesRef = useRef(rules);
  const valuesRef = useRef(values);
  useLayoutEffect(() => {
    rulesRef.current = rules;
    valuesRef.current = values;
  });

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!((name as string) in e)) return e;
      const { [name as string]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  const api = useMemo<FormApi<V>>(
    () => ({
      values,
      errors,
      idPrefix,
      set,
      reset: (v) => {
        setValues(v);
        setErrors({});
      },
      validate: () => {
        const found = validateAll(valuesRef.current, rulesRef.current, (k, vars) => t(k, vars ?? {}));
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      setServerErrors: (error) => {
        const details = (error as { details?: FieldError[] })?.details ?? [];
        const found: Record<string, string> = {};
        // The server's reason in the UI's language (its code and params), the field's label being beside it already.
        for (const d of details) if (d.field && !(d.field in found)) found[d.field.split('.')[0]] = d.code ? issueText({ ...d, field: '' }, t) : d.message;
        setErrors(found);
        return Object.keys(found).length > 0;
      },
      setError: (name, message) =>
        setErrors((e) => {
          const { [name]: _old, ...rest } = e;
          return message ? { ...rest, [name]: message } : rest;
        }),
      input: (name) => ({
        id: `${idPrefix}-${name}`,
        name,
        value: String((values as Record<string, unknown>)[name] ?? ''),
        onChange: (e) => set(name, e.target.value as V[typeof name]),
        'aria-invalid': !!errors[name],
        'aria-describedby': errors[name] ? `${idPrefix}-${name}-error` : undefined,
      }),
    }),
    [values, errors, idPrefix, set, t],
  );
  return api;
}

export interface FieldProps<V extends object> {
  form: FormApi<V>;
  name: Extract<keyof V, string>;
  label: string;
  required?: boolean;
  hint?: string;
  children: React.ReactNode;
}

/** Label (with * when required), the control, and the field's error beneath it. */
export function Field<V extends object>({ form, name, label, required, hint, children }: FieldProps<V>) {
  const id = `${form.idPrefix}-${name}`;
  const error = form.errors[name];
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`} data-field={name}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && <small className="form-field__hint">{hint}</small>}
      {error && (
        <span className="form-field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
