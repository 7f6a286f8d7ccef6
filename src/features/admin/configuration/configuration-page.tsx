import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  REFERENCE_ENDPOINTS,
  createReference,
  deleteReference,
  referenceQuery,
  updateReference,
  type ReferenceEndpoint,
  type ReferenceItem,
} from '../../../api/admin-reference';
import { DataTable } from '../../../components/table';
import { CrudHead, FormModal } from '../../../components/crud-page';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { StatCard } from '../../../components/stat-card';
import { formatShortDate, formatTime, withReason } from '../../../components/table-data';
import { useCrud } from '../../../components/use-crud';
import { ItemForm } from './item-form';
import { TABS } from './tabs';
import './configuration.css';

const ENDPOINTS = Object.keys(REFERENCE_ENDPOINTS) as ReferenceEndpoint[];
const QUERIES = ENDPOINTS.map((e) => referenceQuery(e));
const NONE: ReferenceItem[] = [];

/** Configuration Management (admin.md §2): one tab per reference list, default crop-types. */
export default function ConfigurationPage() {
  const { t, i18n } = useTranslation('admin.configuration');
  const lang = i18n.language;
  const [active, setActive] = useState<ReferenceEndpoint>('crop-types');
  // All lists in parallel, each its own query; a failing one yields an empty list (admin.md §7).
  const results = useQueries({ queries: QUERIES });
  const lists: Record<string, ReferenceItem[]> = Object.fromEntries(ENDPOINTS.map((e, i) => [e, results[i].data ?? NONE]));
  const loading = results.some((r) => r.isPending);
  const refreshing = results.some((r) => r.isFetching);
  const lastAnswer = Math.max(...results.map((r) => Math.max(r.dataUpdatedAt, r.errorUpdatedAt)));
  const updatedAt = lastAnswer > 0 ? new Date(lastAnswer) : null;
  // The first failing list's reason, in the banner until dismissed (or a list fails again).
  const [dismissedAt, setDismissedAt] = useState(0);
  const failed = results.find((r) => r.error && r.errorUpdatedAt > dismissedAt);
  const loadErrors = {
    error: failed?.error ? withReason(t('errors.fetch'), failed.error) : null,
    clearError: () => setDismissedAt(Math.max(...results.map((r) => r.errorUpdatedAt))),
  };
  const refresh = () => results.forEach((r) => void r.refetch());
  const tab = TABS.find((x) => x.endpoint === active)!;
  const crud = useCrud<ReferenceItem>({
    clearErrors: loadErrors.clearError,
    messages: { create: t('errors.create'), update: t('errors.update'), delete: t('errors.delete') },
  });
  const { mode } = crud;

  const idOf = (item: ReferenceItem) => Number(item[tab.idField]);
  const submit = (body: Record<string, unknown>, setServerErrors: (e: unknown) => void) =>
    crud.save((item) => (item ? updateReference(active, idOf(item), { ...body, version: item.version }) : createReference(active, body)), setServerErrors);

  const columns = useMemo<ColumnDef<ReferenceItem>[]>(
    () =>
      tab.columns.map((c) => ({
        id: c,
        accessorFn: (row: ReferenceItem) => row[c] ?? '',
        header: c === tab.idField && c !== 'status_code' ? t('id') : t(`fields.${c}`),
        // Reference lists hold the names admins entered: data, shown as entered.
        meta: { data: c !== 'created_at' },
        ...(c === 'created_at'
          ? { cell: (ctx: { getValue: () => unknown }) => formatShortDate(ctx.getValue() as string, lang), enableGlobalFilter: false }
          : {}),
      })),
    [tab, t, lang],
  );
  const items = lists[active];
  return (
    <section data-testid="admin-configuration">
      <CrudHead title={t('title')}>
        <button type="button" className="btn" onClick={refresh} disabled={refreshing}>
          {refreshing && !loading ? t('refreshing') : t('refresh')}
        </button>
      </CrudHead>
      <ErrorBanner {...crud.banner(loadErrors)} />
      <div className="config-tabs" role="tablist">
        {TABS.map((x) => (
          <button key={x.endpoint} type="button" role="tab" aria-selected={x.endpoint === active} data-tab={x.endpoint} onClick={() => setActive(x.endpoint)}>
            {t(`tabs.${x.endpoint}`)}
          </button>
        ))}
      </div>
      <div className="stat-grid">
        <StatCard label={t('totalItems')} value={items.length} testId="config-total" />
        <StatCard label={t('lastUpdated')} value={updatedAt ? formatTime(updatedAt, lang) : formatShortDate(null, lang)} />
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
          <button type="button" className="btn btn--primary" onClick={() => crud.open({ kind: 'create' })}>
            {t('add', { item: t(`items.${active}`) })}
          </button>
        }
        rowActions={(item) => crud.rowActions(item, { edit: t('edit'), delete: t('delete') })}
      />
      <FormModal
        {...crud.formModal}
        title={t(crud.editing ? 'editTitle' : 'createTitle', { item: t(`items.${active}`) })}
        testId="config-form-modal"
        formId="config-item-form"
        submitLabel={t('save')}
        busyLabel={t('saving')}
        cancelLabel={t('cancel')}
      >
        {(mode?.kind === 'create' || mode?.kind === 'edit') && (
          <ItemForm
            key={`${active}-${mode.kind}`}
            tab={tab}
            item={mode.kind === 'edit' ? mode.item : null}
            lists={lists}
            onSubmit={(b, s) => void submit(b, s)}
          />
        )}
      </FormModal>
      <ConfirmDialog
        {...crud.confirm((item) => deleteReference(active, idOf(item)))}
        title={t('deleteTitle', { item: t(`items.${active}`) })}
        message={mode?.kind === 'delete' ? t('confirmDelete', { name: String(mode.item[tab.nameField]) }) : ''}
      />
    </section>
  );
}
