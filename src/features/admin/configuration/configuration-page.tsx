import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { REFERENCE_ENDPOINTS, createReference, deleteReference, listReference, updateReference, type ReferenceEndpoint, type ReferenceItem } from '../../../api/admin-reference';
import { DataTable } from '../../../components/table';
import { Modal } from '../../../components/modal';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { StatCard } from '../../../components/stat-card';
import { formatShortDate, withReason } from '../../../components/table-data';
import { ItemForm } from './item-form';
import { TABS } from './tabs';
import './configuration.css';

type Mode = { kind: 'create' } | { kind: 'edit' | 'delete'; item: ReferenceItem } | null;
const ENDPOINTS = Object.keys(REFERENCE_ENDPOINTS) as ReferenceEndpoint[];

/** Configuration Management (admin.md §2): one tab per reference list, default crop-types. */
export default function ConfigurationPage() {
  const { t } = useTranslation('admin.configuration');
  const [active, setActive] = useState<ReferenceEndpoint>('crop-types');
  const [lists, setLists] = useState<Record<string, ReferenceItem[]>>({});
  const [loading, setLoading] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const tab = TABS.find((x) => x.endpoint === active)!;

  // All lists in parallel; a failing one yields an empty list (admin.md §7).
  const load = useCallback(async () => {
    setRefreshing(true);
    const results = await Promise.allSettled(ENDPOINTS.map((e) => listReference(e)));
    const next: Record<string, ReferenceItem[]> = {};
    const failed: string[] = [];
    results.forEach((r, i) => {
      next[ENDPOINTS[i]] = r.status === 'fulfilled' ? r.value : [];
      if (r.status === 'rejected') failed.push((r.reason as Error)?.message);
    });
    setLists(next);
    if (failed.length) setError(withReason(t('errors.fetch'), new Error(failed[0])));
    setUpdatedAt(new Date());
    setLoading(false);
    setRefreshing(false);
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (body: Record<string, unknown>, setServerErrors: (e: unknown) => void) => {
    if (mode?.kind !== 'create' && mode?.kind !== 'edit') return;
    setBusy(true);
    try {
      if (mode.kind === 'create') await createReference(active, body);
      else await updateReference(active, Number(mode.item[tab.idField]), { ...body, version: mode.item.version });
      setMode(null);
      setError(null);
      await load();
    } catch (err) {
      setServerErrors(err);
      setError(withReason(t(mode.kind === 'create' ? 'errors.create' : 'errors.update'), err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (mode?.kind !== 'delete') return;
    setBusy(true);
    try {
      await deleteReference(active, Number(mode.item[tab.idField]));
      setError(null);
      setMode(null);
      await load();
    } catch (err) {
      setMode(null);
      setError(withReason(t('errors.delete'), err));
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<ColumnDef<ReferenceItem>[]>(
    () =>
      tab.columns.map((c) => ({
        id: c,
        accessorFn: (row: ReferenceItem) => row[c] ?? '',
        header: c === tab.idField && c !== 'status_code' ? t('id') : t(`fields.${c}`),
        ...(c === 'created_at' ? { cell: (ctx: { getValue: () => unknown }) => formatShortDate(ctx.getValue() as string), enableGlobalFilter: false } : {}),
      })),
    [tab, t],
  );
  const items = lists[active] ?? [];
  return (
    <section data-testid="admin-configuration">
      <div className="admin-page-head">
        <h2>{t('title')}</h2>
        <button type="button" className="btn" onClick={() => void load()} disabled={refreshing}>
          {refreshing && !loading ? t('refreshing') : t('refresh')}
        </button>
      </div>
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <div className="config-tabs" role="tablist">
        {TABS.map((x) => (
          <button key={x.endpoint} type="button" role="tab" aria-selected={x.endpoint === active} data-tab={x.endpoint} onClick={() => setActive(x.endpoint)}>
            {t(`tabs.${x.endpoint}`)}
          </button>
        ))}
      </div>
      <div className="stat-grid">
        <StatCard label={t('totalItems')} value={items.length} testId="config-total" />
        <StatCard label={t('lastUpdated')} value={updatedAt ? updatedAt.toLocaleTimeString('en-US') : 'N/A'} />
      </div>
      <DataTable
        key={active}
        testId="config-table"
        data={items}
        columns={columns}
        getRowId={(r) => String(r[tab.idField])}
        loading={loading}
        emptyText={t('empty')}
        toolbar={
          <button type="button" className="btn btn--primary" onClick={() => setMode({ kind: 'create' })}>
            {t('add', { item: t(`items.${active}`) })}
          </button>
        }
        rowActions={(item) => [
          { label: t('edit'), onClick: () => setMode({ kind: 'edit', item }) },
          { label: t('delete'), onClick: () => setMode({ kind: 'delete', item }), danger: true },
        ]}
      />
      <Modal
        open={mode?.kind === 'create' || mode?.kind === 'edit'}
        title={t(mode?.kind === 'edit' ? 'editTitle' : 'createTitle', { item: t(`items.${active}`) })}
        onClose={() => setMode(null)}
        testId="config-form-modal"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setMode(null)}>{t('cancel')}</button>
            <button type="submit" form="config-item-form" className="btn btn--primary" disabled={busy}>
              {busy ? t('saving') : t('save')}
            </button>
          </>
        }
      >
        {(mode?.kind === 'create' || mode?.kind === 'edit') && (
          <ItemForm key={`${active}-${mode.kind}`} tab={tab} item={mode.kind === 'edit' ? mode.item : null} lists={lists} onSubmit={(b, s) => void submit(b, s)} />
        )}
      </Modal>
      <ConfirmDialog
        open={mode?.kind === 'delete'}
        title={t('deleteTitle', { item: t(`items.${active}`) })}
        message={mode?.kind === 'delete' ? t('confirmDelete', { name: String(mode.item[tab.nameField]) }) : ''}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setMode(null)}
      />
    </section>
  );
}
