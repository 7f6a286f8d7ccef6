import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/auth';
import { errorText } from '../api/error-text';
import { PASSWORD_LENGTH } from '../domain/user-rules';
import { Field, useForm } from './form';

interface Props {
  /** After an administrator's reset: the current password is the temporary one. */
  forced?: boolean;
  onDone?: (endedSessions: number) => void;
}

/**
 * Change your password (issue 33): the current one confirms it, the new one twice (the password rule of every
 * account, src/domain/user-rules.ts). The server ends the user's other sessions; this one stays.
 */
export function PasswordForm({ forced = false, onDone }: Props) {
  const { t } = useTranslation('common');
  const form = useForm(
    { current: '', next: '', again: '' },
    {
      current: { label: forced ? t('password.temporary') : t('password.current'), required: true },
      next: { label: t('password.new'), required: true, minLength: PASSWORD_LENGTH.min, maxLength: PASSWORD_LENGTH.max },
      again: { label: t('password.confirm'), required: true },
    },
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (!form.validate()) return;
    if (form.values.next !== form.values.again) {
      form.setError('again', t('password.mismatch'));
      return;
    }
    setBusy(true);
    try {
      const ended = await changePassword(form.values.current, form.values.next);
      form.reset({ current: '', next: '', again: '' });
      setMessage({ ok: true, text: t('password.done', { count: ended }) });
      onDone?.(ended);
    } catch (err) {
      // The server's field errors (wrong current password) go under their fields: current_password → current.
      const e2 = err as { details?: { field: string; message: string }[] };
      const field = e2.details?.[0]?.field;
      const text = errorText(err, t);
      if (field === 'current_password') form.setError('current', text);
      else if (field === 'new_password') form.setError('next', text);
      else setMessage({ ok: false, text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="password-form" data-testid="password-form">
      <Field form={form} name="current" label={forced ? t('password.temporary') : t('password.current')} required>
        <input {...form.input('current')} type="password" autoComplete="current-password" dir="ltr" />
      </Field>
      <Field form={form} name="next" label={t('password.new')} required hint={t('password.rule', { min: PASSWORD_LENGTH.min })}>
        <input {...form.input('next')} type="password" autoComplete="new-password" dir="ltr" />
      </Field>
      <Field form={form} name="again" label={t('password.confirm')} required>
        <input {...form.input('again')} type="password" autoComplete="new-password" dir="ltr" />
      </Field>
      <button type="submit" className="btn btn--primary" disabled={busy} data-testid="password-submit">
        {busy ? t('password.submitting') : t('password.submit')}
      </button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'password-form__ok' : 'form-field__error'} data-testid="password-message">
          {message.text}
        </p>
      )}
    </form>
  );
}
