/**
 * The form layer (admin.md §5): useForm holds values and field errors, checks
 * on submit what the form would send with the API's own request schema
 * (form-check.ts), shows server field errors (ApiError.details) under their
 * fields worded by the same rule, and clears a field's error as soon as the
 * field is edited.
 *
 * Usage:
 *   const form = useForm({ name: '' }, { schema: clientBody, body: (v) => ({ name: v.name.trim() }), labels: { name: t('name') } });
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
import { checkForm, formErrors, type FormCheck } from './form-check';
import { ApiError, type FieldError } from '../api/errors';
import { errorText } from '../api/error-text';
import './form.css';

export type { FormCheck } from './form-check';

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

/** `check`: the request schema the form's body is checked with; none for a form with its own checks (the data editor's). */
export function useForm<V extends object>(initial: V, check?: FormCheck<V>): FormApi<V> {
  const { t } = useTranslation('admin');
  const idPrefix = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The latest check and values for the stable callbacks below (updated after each render, read in events).
  const checkRef = useRef(check);
  const valuesRef = useRef(values);
  useLayoutEffect(() => {
    checkRef.current = check;
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
        const found = checkRef.current ? checkForm(checkRef.current, valuesRef.current, t) : {};
        setErrors(found);
        return Object.keys(found).length === 0;
      },
      setServerErrors: (error) => {
        // The server's field errors (those naming a field) worded as the form's own check words them; a field's
        // reason without a code of its own (a wrong current password, a name already taken) is the answer's code, worded.
        const details = ((error as { details?: FieldError[] })?.details ?? []).filter((d) => d.field);
        const whole = error instanceof ApiError && error.serverCode ? errorText(error, t) : undefined;
        const found = formErrors(checkRef.current ?? { labels: {} }, details, valuesRef.current, t, whole);
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
