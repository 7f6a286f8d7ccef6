import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { createUser, deleteUser, setUserProjects, updateUser, usersQuery, type AdminUser, type UserPayload } from '../../../api/admin-users';
import { clientsQuery } from '../../../api/admin-clients';
import { DataTable } from '../../../components/table';
import { CrudHead, FormModal } from '../../../components/crud-page';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { Field, useForm } from '../../../components/form';
import { formatShortDate, useTableData } from '../../../components/table-data';
import { useCrud } from '../../../components/use-crud';
import { createUserBody, updateUserBody } from '../../../domain/contracts/users';
import { ROLES, isMemberRole, type Role } from '../../../domain/roles';
import { UserAccess } from './user-access';
import './users.css';

interface Values {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  client_id: string;
  role: Role;
}
const EMPTY: Values = { email: '', password: '', first_name: '', last_name: '', client_id: '', role: 'user' };

/** What the form sends: an empty password is left out (on edit the current one is kept). */
function bodyOf(v: Values): UserPayload {
  const body: UserPayload = {
    email: v.email.trim(),
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    client_id: v.client_id ? Number(v.client_id) : null,
    role: v.role,
  };
  if (v.password) body.password = v.password;
  return body;
}

/** User Management (admin.md §2, §5): table, create/edit modals, delete confirmation. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('admin.users');
  const lang = i18n.language;
  const users = useTableData(usersQuery(), t('errors.fetch'));
  const clients = useTableData(clientsQuery(), t('errors.fetchClients'));
  // The edited user's ticked surveys (null: unchanged), saved after the user's fields.
  const [projectIds, setProjectIds] = useState<number[] | null>(null);
  const crud = useCrud<AdminUser>({
    clearErrors: users.clearError,
    onOpen: (m) => {
      setProjectIds(null);
      if (m?.kind === 'create') form.reset(EMPTY);
      if (m?.kind === 'edit')
        form.reset({
          email: m.item.email,
          password: '',
          first_name: m.item.first_name,
          last_name: m.item.last_name,
          client_id: m.item.client_id ? String(m.item.client_id) : '',
          role: m.item.role,
        });
    },
    messages: { create: t('errors.create'), update: t('errors.update'), delete: t('errors.delete') },
  });
  const { mode, editing } = crud;
  const form = useForm<Values>(EMPTY, {
    schema: editing ? updateUserBody : createUserBody,
    body: bodyOf,
    labels: {
      email: t('fields.email'),
      password: t('fields.password'),
      first_name: t('fields.firstName'),
      last_name: t('fields.lastName'),
      client_id: t('fields.client'),
      role: t('fields.role'),
    },
  });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    let ok = form.validate();
    // Client: exactly one, required for growers and field workers (an administrator may have none).
    if (isMemberRole(form.values.role) && !form.values.client_id) {
      form.setError('client_id', t('clientRequired'));
      ok = false;
    }
    if (!ok) return;
    const body = bodyOf(form.values);
    await crud.save(async (u) => {
      if (!u) return createUser(body);
      const saved = await updateUser(u.user_id, { ...body, version: u.version });
      // Membership changes only when the user is still a member of the same client.
      if (projectIds && isMemberRole(body.role) && body.client_id === u.client_id) await setUserProjects(u.user_id, projectIds);
      return saved;
    }, form.setServerErrors);
  };

  const columns = useMemo<ColumnDef<AdminUser>[]>(
    () => [
      { accessorKey: 'email', header: t('fields.email'), meta: { data: true } },
      { id: 'name', accessorFn: (u) => `${u.first_name} ${u.last_name}`.trim(), header: t('fields.name'), meta: { data: true } },
      { accessorKey: 'client_name', header: t('fields.client'), cell: (c) => c.getValue<string | null>() ?? '—', meta: { data: true } },
      { accessorKey: 'role', header: t('fields.role'), cell: (c) => t(`roles.${c.getValue<string>()}`) },
      { accessorKey: 'created_at', header: t('fields.created'), cell: (c) => formatShortDate(c.getValue<string>(), lang), enableGlobalFilter: false },
    ],
    [t, lang],
  );

  return (
    <section data-testid="admin-users">
      <CrudHead title={t('title')} addLabel={t('add')} onAdd={() => crud.open({ kind: 'create' })} />
      <ErrorBanner {...crud.banner(users, clients)} />
      <DataTable
        testId="users-table"
        data={users.data ?? []}
        columns={columns}
        getRowId={(u) => String(u.user_id)}
        loading={users.loading}
        emptyText={t('empty')}
        rowActions={(u) => crud.rowActions(u, { edit: t('edit'), delete: t('delete') })}
      />
      <FormModal
        {...crud.formModal}
        title={editing ? t('editTitle') : t('createTitle')}
        testId="user-form-modal"
        formId="user-form"
        submitLabel={editing ? t('save') : t('create')}
        busyLabel={t('saving')}
        cancelLabel={t('cancel')}
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
          <Field form={form} name="client_id" label={t('fields.client')} required={isMemberRole(form.values.role)}>
            <select {...form.input('client_id')}>
              <option value="">{t('selectClient')}</option>
              {(clients.data ?? []).map((c) => (
                <option key={c.client_id} value={c.client_id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field form={form} name="role" label={t('fields.role')}>
            <select {...form.input('role')}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </Field>
          {mode?.kind === 'edit' && <UserAccess user={mode.item} selected={projectIds} onSelect={setProjectIds} />}
        </form>
      </FormModal>
      <ConfirmDialog
        {...crud.confirm((u) => deleteUser(u.user_id))}
        title={t('deleteTitle')}
        message={mode?.kind === 'delete' ? t('confirmDelete', { email: mode.item.email }) : ''}
      />
    </section>
  );
}
