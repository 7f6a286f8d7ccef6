import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { clientsQuery, createClient, deleteClient, getClient, updateClient, type AdminClient } from '../../../api/admin-clients';
import { DataTable } from '../../../components/table';
import { Modal } from '../../../components/modal';
import { CrudHead, FormModal } from '../../../components/crud-page';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { StatCard } from '../../../components/stat-card';
import { Field, useForm } from '../../../components/form';
import { formatShortDate, useTableData } from '../../../components/table-data';
import { clientBody } from '../../../domain/contracts/clients';
import { useCrud } from '../../../components/use-crud';

/** Client Management (admin.md §2): table, statistics grid, create/edit/details modals, delete confirmation. */
export default function ClientsPage() {
  const { t, i18n } = useTranslation('admin.clients');
  const lang = i18n.language;
  const clients = useTableData(clientsQuery(), t('errors.fetch'));
  const list = useMemo(() => clients.data ?? [], [clients.data]);
  const form = useForm({ name: '' }, { schema: clientBody, body: (v) => ({ name: v.name.trim() }), labels: { name: t('fields.name') } });
  const crud = useCrud<AdminClient>({
    clearErrors: clients.clearError,
    onOpen: (m) => {
      if (m?.kind === 'create') form.reset({ name: '' });
      if (m?.kind === 'edit') form.reset({ name: m.item.name });
    },
    messages: { create: t('errors.create'), update: t('errors.update'), delete: t('errors.delete'), details: t('errors.details') },
  });
  const { mode } = crud;

  const stats = useMemo(() => {
    const users = list.reduce((s, c) => s + c.user_count, 0);
    const plots = list.reduce((s, c) => s + c.plot_count, 0);
    const avg = (n: number) => (list.length ? (n / list.length).toFixed(1) : '0');
    return { users, plots, avgPlots: avg(plots), avgUsers: avg(users) };
  }, [list]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    const name = form.values.name.trim();
    await crud.save((c) => (c ? updateClient(c.client_id, { name, version: c.version }) : createClient({ name })), form.setServerErrors);
  };

  const columns = useMemo<ColumnDef<AdminClient>[]>(
    () => [
      { accessorKey: 'client_id', header: t('fields.id') },
      { accessorKey: 'name', header: t('fields.name'), meta: { data: true } },
      { accessorKey: 'user_count', header: t('fields.users') },
      { accessorKey: 'plot_count', header: t('fields.plots') },
      { accessorKey: 'created_at', header: t('fields.created'), cell: (c) => formatShortDate(c.getValue<string>(), lang), enableGlobalFilter: false },
    ],
    [t, lang],
  );

  return (
    <section data-testid="admin-clients">
      <CrudHead title={t('title')} addLabel={t('add')} onAdd={() => crud.open({ kind: 'create' })} />
      <ErrorBanner {...crud.banner(clients)} onRetry={clients.error && !crud.error ? clients.reload : undefined} />
      <div className="stat-grid stat-grid--3" data-testid="client-stats">
        <StatCard label={t('stats.clients')} value={list.length} icon="building" />
        <StatCard label={t('stats.users')} value={stats.users} icon="users" />
        <StatCard label={t('stats.plots')} value={stats.plots} icon="map" />
        <StatCard label={t('stats.avgPlots')} value={stats.avgPlots} icon="ruler" />
        <StatCard label={t('stats.avgUsers')} value={stats.avgUsers} icon="profile" />
      </div>
      <DataTable
        testId="clients-table"
        data={list}
        columns={columns}
        getRowId={(c) => String(c.client_id)}
        loading={clients.loading}
        emptyText={t('empty')}
        rowActions={(c) => crud.rowActions(c, { view: t('view'), edit: t('edit'), delete: t('delete') }, () => getClient(c.client_id))}
      />
      <FormModal
        {...crud.formModal}
        title={crud.editing ? t('editTitle') : t('createTitle')}
        testId="client-form-modal"
        formId="client-form"
        submitLabel={crud.editing ? t('save') : t('create')}
        busyLabel={t('saving')}
        cancelLabel={t('cancel')}
      >
        <form id="client-form" onSubmit={save} noValidate>
          <Field form={form} name="name" label={t('fields.name')} required>
            <input {...form.input('name')} autoComplete="off" />
          </Field>
        </form>
      </FormModal>
      <Modal open={mode?.kind === 'details'} title={t('detailsTitle')} onClose={crud.close} testId="client-details-modal">
        {mode?.kind === 'details' && (
          <dl className="admin-details">
            <dt>{t('fields.id')}</dt>
            <dd>{mode.item.client_id}</dd>
            <dt>{t('fields.name')}</dt>
            <dd>{mode.item.name}</dd>
            <dt>{t('fields.users')}</dt>
            <dd>{mode.item.user_count}</dd>
            <dt>{t('fields.plots')}</dt>
            <dd>{mode.item.plot_count}</dd>
            <dt>{t('fields.projects')}</dt>
            <dd>{mode.item.project_count}</dd>
            <dt>{t('fields.created')}</dt>
            <dd>{formatShortDate(mode.item.created_at, lang)}</dd>
          </dl>
        )}
      </Modal>
      <ConfirmDialog
        {...crud.confirm((c) => deleteClient(c.client_id))}
        title={t('deleteTitle')}
        message={mode?.kind === 'delete' ? t('confirmDelete', { name: mode.item.name }) : ''}
      />
    </section>
  );
}
