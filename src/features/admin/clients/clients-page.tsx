import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { createClient, deleteClient, getClient, listClients, updateClient, type AdminClient } from '../../../api/admin-clients';
import { DataTable } from '../../../components/table';
import { Modal } from '../../../components/modal';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { StatCard } from '../../../components/stat-card';
import { Field, useForm } from '../../../components/form';
import { formatShortDate, useTableData, withReason } from '../../../components/table-data';

type Mode = { kind: 'create' } | { kind: 'edit'; client: AdminClient } | { kind: 'details'; client: AdminClient } | { kind: 'delete'; client: AdminClient } | null;

/** Client Management (admin.md §2): table, statistics grid, create/edit/details modals, delete confirmation. */
export default function ClientsPage() {
  const { t } = useTranslation('admin.clients');
  const clients = useTableData(listClients, t('errors.fetch'));
  const [mode, setMode] = useState<Mode>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useMemo(() => clients.data ?? [], [clients.data]);
  const form = useForm({ name: '' }, { name: { label: t('fields.name'), required: true, maxLength: 200 } });

  const stats = useMemo(() => {
    const users = list.reduce((s, c) => s + c.user_count, 0);
    const plots = list.reduce((s, c) => s + c.plot_count, 0);
    const avg = (n: number) => (list.length ? (n / list.length).toFixed(1) : '0');
    return { users, plots, avgPlots: avg(plots), avgUsers: avg(users) };
  }, [list]);

  const open = (m: Mode) => {
    if (m?.kind === 'create') form.reset({ name: '' });
    if (m?.kind === 'edit') form.reset({ name: m.client.name });
    setMode(m);
  };

  const showDetails = async (c: AdminClient) => {
    try {
      open({ kind: 'details', client: await getClient(c.client_id) });
    } catch (e) {
      setError(withReason(t('errors.details'), e));
    }
  };

  const done = async () => {
    setMode(null);
    setError(null);
    clients.clearError();
    await clients.reload();
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate() || !mode || (mode.kind !== 'create' && mode.kind !== 'edit')) return;
    setBusy(true);
    try {
      if (mode.kind === 'create') await createClient({ name: form.values.name.trim() });
      else await updateClient(mode.client.client_id, { name: form.values.name.trim(), version: mode.client.version });
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
      await deleteClient(mode.client.client_id);
      await done();
    } catch (err) {
      setMode(null);
      setError(withReason(t('errors.delete'), err));
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<ColumnDef<AdminClient>[]>(
    () => [
      { accessorKey: 'client_id', header: t('fields.id') },
      { accessorKey: 'name', header: t('fields.name') },
      { accessorKey: 'user_count', header: t('fields.users') },
      { accessorKey: 'plot_count', header: t('fields.plots') },
      { accessorKey: 'created_at', header: t('fields.created'), cell: (c) => formatShortDate(c.getValue<string>()), enableGlobalFilter: false },
    ],
    [t],
  );

  return (
    <section data-testid="admin-clients">
      <div className="admin-page-head">
        <h2>{t('title')}</h2>
        <button type="button" className="btn btn--primary" onClick={() => open({ kind: 'create' })}>
          {t('add')}
        </button>
      </div>
      <ErrorBanner message={error ?? clients.error} onDismiss={() => {
          setError(null);
          clients.clearError();
        }} onRetry={clients.error && !error ? clients.reload : undefined} />
      <div className="stat-grid stat-grid--3" data-testid="client-stats">
        <StatCard label={t('stats.clients')} value={list.length} icon="🏢" />
        <StatCard label={t('stats.users')} value={stats.users} icon="👥" />
        <StatCard label={t('stats.plots')} value={stats.plots} icon="🗺️" />
        <StatCard label={t('stats.avgPlots')} value={stats.avgPlots} icon="📐" />
        <StatCard label={t('stats.avgUsers')} value={stats.avgUsers} icon="👤" />
      </div>
      <DataTable
        testId="clients-table"
        data={list}
        columns={columns}
        getRowId={(c) => String(c.client_id)}
        loading={clients.loading}
        emptyText={t('empty')}
        rowActions={(c) => [
          { label: t('view'), onClick: () => void showDetails(c) },
          { label: t('edit'), onClick: () => open({ kind: 'edit', client: c }) },
          { label: t('delete'), onClick: () => open({ kind: 'delete', client: c }), danger: true },
        ]}
      />
      <Modal
        open={mode?.kind === 'create' || mode?.kind === 'edit'}
        title={mode?.kind === 'edit' ? t('editTitle') : t('createTitle')}
        onClose={() => setMode(null)}
        testId="client-form-modal"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setMode(null)}>{t('cancel')}</button>
            <button type="submit" form="client-form" className="btn btn--primary" disabled={busy}>
              {busy ? t('saving') : mode?.kind === 'edit' ? t('save') : t('create')}
            </button>
          </>
        }
      >
        <form id="client-form" onSubmit={save} noValidate>
          <Field form={form} name="name" label={t('fields.name')} required>
            <input {...form.input('name')} autoComplete="off" />
          </Field>
        </form>
      </Modal>
      <Modal open={mode?.kind === 'details'} title={t('detailsTitle')} onClose={() => setMode(null)} testId="client-details-modal">
        {mode?.kind === 'details' && (
          <dl className="admin-details">
            <dt>{t('fields.id')}</dt><dd>{mode.client.client_id}</dd>
            <dt>{t('fields.name')}</dt><dd>{mode.client.name}</dd>
            <dt>{t('fields.users')}</dt><dd>{mode.client.user_count}</dd>
            <dt>{t('fields.plots')}</dt><dd>{mode.client.plot_count}</dd>
            <dt>{t('fields.projects')}</dt><dd>{mode.client.project_count}</dd>
            <dt>{t('fields.created')}</dt><dd>{formatShortDate(mode.client.created_at)}</dd>
          </dl>
        )}
      </Modal>
      <ConfirmDialog
        open={mode?.kind === 'delete'}
        title={t('deleteTitle')}
        message={mode?.kind === 'delete' ? t('confirmDelete', { name: mode.client.name }) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setMode(null)}
      />
    </section>
  );
}
