import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/auth';
import { errorText } from '../api/error-text';
import { passwordBody } from '../domain/contracts/auth';
import { PASSWORD_LENGTH } from '../domain/user-rules';
import { fieldMessage } from './field-message';
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
  const labels = { current: forced ? t('password.temporary') : t('password.current'), next: t('password.new'), again: t('password.confirm') };
  const form = useForm(
    { current: '', next: '', again: '' },
    {
      schema: passwordBody,
      body: (v) => ({ current_password: v.current, new_password: v.next }),
      labels,
      fieldOf: { current_password: 'current', new_password: 'next' },
    },
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    if (!form.validate()) return;
    // The confirmation is the form's own (the API takes the new password once); left empty it is a required
    // field, worded as the others are.
    if (!form.values.again) {
      form.setError('again', fieldMessage({ field: 'again', message: 'Required' }, labels.again, t, true));
      return;
    }
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
      if (!form.setServerErrors(err)) setMessage({ ok: false, text: errorText(err, t) });
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
