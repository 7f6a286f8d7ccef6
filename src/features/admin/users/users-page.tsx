import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { createUser, deleteUser, listUsers, updateUser, type AdminUser, type UserPayload } from '../../../api/admin-users';
import { listClients } from '../../../api/admin-clients';
import { DataTable } from '../../../components/table';
import { Modal } from '../../../components/modal';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { Field, useForm, type Rules } from '../../../components/form';
import { formatShortDate, useTableData, withReason } from '../../../components/table-data';

type Mode = { kind: 'create' } | { kind: 'edit'; user: AdminUser } | { kind: 'delete'; user: AdminUser } | null;
interface Values {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  client_id: string;
  role: 'user' | 'admin';
}
const EMPTY: Values = { email: '', password: '', first_name: '', last_name: '', client_id: '', role: 'user' };

/** User Management (admin.md §2, §5): table, create/edit modals, delete confirmation. */
export default function UsersPage() {
  const { t } = useTranslation('admin.users');
  const users = useTableData(listUsers, t('errors.fetch'));
  const clients = useTableData(async (signal) => {
    const list = await listClients(signal);
    if (!Array.isArray(list)) throw new Error('Invalid response format');
    return list;
  }, t('errors.fetchClients'));
  const [mode, setMode] = useState<Mode>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = mode?.kind === 'edit';
  const rules: Rules<Values> = {
    email: { label: t('fields.email'), required: true, email: true, maxLength: 254 },
    password: { label: t('fields.password'), required: !editing, minLength: 8, maxLength: 128 },
    first_name: { label: t('fields.firstName'), required: true, maxLength: 100 },
    last_name: { label: t('fields.lastName'), required: true, maxLength: 100 },
  };
  const form = useForm<Values>(EMPTY, rules);

  const open = (m: Mode) => {
    if (m?.kind === 'create') form.reset(EMPTY);
    if (m?.kind === 'edit')
      form.reset({ email: m.user.email, password: '', first_name: m.user.first_name, last_name: m.user.last_name, client_id: m.user.client_id ? String(m.user.client_id) : '', role: m.user.role });
    setMode(m);
  };

  const done = async () => {
    setMode(null);
    setError(null);
    users.clearError();
    await users.reload();
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    let ok = form.validate();
    // Client: exactly one, required for growers (an administrator may have none).
    if (form.values.role === 'user' && !form.values.client_id) {
      form.setError('client_id', t('clientRequired'));
      ok = false;
    }
    if (!ok || (mode?.kind !== 'create' && mode?.kind !== 'edit')) return;
    const v = form.values;
    const body: UserPayload = {
      email: v.email.trim(),
      first_name: v.first_name.trim(),
      last_name: v.last_name.trim(),
      client_id: v.client_id ? Number(v.client_id) : null,
      role: v.role,
    };
    // Edit: an empty password is left out, so the current one is kept.
    if (v.password) body.password = v.password;
    setBusy(true);
    try {
      if (mode.kind === 'create') await createUser(body);
      else await updateUser(mode.user.user_id, { ...body, version: mode.user.version });
      await done();
    } catch (err) {
      form.setServerErrors(err);
      setError(withReason(t(mode.kind === 'create' ? 'errors.create' : 'errors.update'), err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (mode?.kind !== 'delete') return;
    setBusy(true);
    try {
      await deleteUser(mode.user.user_id);
      await done();
    } catch (err) {
      setMode(null);
      setError(withReason(t('errors.delete'), err));
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<ColumnDef<AdminUser>[]>(
    () => [
      { accessorKey: 'email', header: t('fields.email') },
      { id: 'name', accessorFn: (u) => `${u.first_name} ${u.last_name}`.trim(), header: t('fields.name') },
      { accessorKey: 'client_name', header: t('fields.client'), cell: (c) => c.getValue<string | null>() ?? '—' },
      { accessorKey: 'role', header: t('fields.role'), cell: (c) => t(`roles.${c.getValue<string>()}`) },
      { accessorKey: 'created_at', header: t('fields.created'), cell: (c) => formatShortDate(c.getValue<string>()), enableGlobalFilter: false },
    ],
    [t],
  );

  return (
    <section data-testid="admin-users">
      <div className="admin-page-head">
        <h2>{t('title')}</h2>
        <button type="button" className="btn btn--primary" onClick={() => open({ kind: 'create' })}>
          {t('add')}
        </button>
      </div>
      <ErrorBanner
        message={error ?? users.error ?? clients.error}
        onDismiss={() => {
          setError(null);
          users.clearError();
          clients.clearError();
        }}
      />
      <DataTable
        testId="users-table"
        data={users.data ?? []}
        columns={columns}
        getRowId={(u) => String(u.user_id)}
        loading={users.loading}
        emptyText={t('empty')}
        rowActions={(u) => [
          { label: t('edit'), onClick: () => open({ kind: 'edit', user: u }) },
          { label: t('delete'), onClick: () => open({ kind: 'delete', user: u }), danger: true },
        ]}
      />
      <Modal
        open={mode?.kind === 'create' || editing}
        title={editing ? t('editTitle') : t('createTitle')}
        onClose={() => setMode(null)}
        testId="user-form-modal"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setMode(null)}>{t('cancel')}</button>
            <button type="submit" form="user-form" className="btn btn--primary" disabled={busy}>
              {busy ? t('saving') : editing ? t('save') : t('create')}
            </button>
          </>
        }
      >
        <form id="user-form" onSubmit={save} noValidate>
          <Field form={form} name="email" label={t('fields.email')} required>
            <input {...form.input('email')} type="email" autoComplete="off" />
          </Field>
          <Field form={form} name="password" label={t('fields.password')} required={!editing} hint={editing ? t('passwordHint') : undefined}>
            <input {...form.input('password')} type="password" autoComplete="new-password" />
          </Field>
          <div className="form-row">
            <Field form={form} name="first_name" label={t('fields.firstName')} required>
              <input {...form.input('first_name')} />
            </Field>
            <Field form={form} name="last_name" label={t('fields.lastName')} required>
              <input {...form.input('last_name')} />
            </Field>
          </div>
          <Field form={form} name="client_id" label={t('fields.client')} required={form.values.role === 'user'}>
            <select {...form.input('client_id')}>
              <option value="">{t('selectClient')}</option>
              {(clients.data ?? []).map((c) => (
                <option key={c.client_id} value={c.client_id}>{c.name}</option>
              ))}
            </select>
          </Field>
          <Field form={form} name="role" label={t('fields.role')}>
            <select {...form.input('role')}>
              <option value="user">{t('roles.user')}</option>
              <option value="admin">{t('roles.admin')}</option>
            </select>
          </Field>
        </form>
      </Modal>
      <ConfirmDialog
        open={mode?.kind === 'delete'}
        title={t('deleteTitle')}
        message={mode?.kind === 'delete' ? t('confirmDelete', { email: mode.user.email }) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setMode(null)}
      />
    </section>
  );
}
