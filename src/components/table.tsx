/**
 * DataTable — the one management table (admin.md §2 "Shared table behaviour").
 * Built on @tanstack/react-table v8: global search, click-to-sort headers,
 * 10 rows a page, at most 5 page buttons, per-row action buttons.
 *
 * Usage:
 *   const columns: ColumnDef<Client>[] = [
 *     { accessorKey: 'name', header: t('name') },
 *     { accessorKey: 'created_at', header: t('created'), cell: (c) => shortDate(c.getValue<string>()) },
 *   ];
 *   <DataTable testId="clients-table" data={clients} columns={columns}
 *     getRowId={(c) => String(c.client_id)} loading={loading}
 *     rowActions={(c) => [
 *       { label: t('edit'), onClick: () => openEdit(c) },
 *       { label: t('delete'), onClick: () => askDelete(c), danger: true },
 *     ]} />
 * Search matches every column's accessor value, case-insensitive. Columns
 * opt out of sorting with `enableSorting: false`.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from './table-loading';
import './table.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics are the library's
  interface ColumnMeta<TData, TValue> {
    /** The column shows data (names people entered), not UI text: marked translate="no" (a Hebrew screen may show it in English). */
    data?: boolean;
  }
}

export const PAGE_SIZE = 10;
export const MAX_PAGE_BUTTONS = 5;

export interface RowAction {
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

export interface DataTableProps<T> {
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ per column
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  rowActions?: (row: T) => RowAction[];
  loading?: boolean;
  emptyText?: string;
  searchPlaceholder?: string;
  /** Extra content beside the search box (e.g. an Add button). */
  toolbar?: React.ReactNode;
  testId?: string;
  pageSize?: number;
}

/** The page numbers to show: a window of at most 5 around the current page. */
export function pageWindow(pageIndex: number, pageCount: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pageCount);
  const start = Math.max(0, Math.min(pageIndex - Math.floor(max / 2), pageCount - count));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('admin');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: props.pageSize ?? PAGE_SIZE });
  const columns = useMemo(() => props.columns, [props.columns]);
  const table = useReactTable({
    data: props.data,
    columns,
    getRowId: props.getRowId,
    state: { sorting, globalFilter, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: (v: string) => {
      setGlobalFilter(v);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    globalFilterFn: 'includesString',
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const pageCount = table.getPageCount();
  const pageIndex = Math.min(pagination.pageIndex, Math.max(0, pageCount - 1));
  // Rows went away (the only row of the last page was deleted): move to the last page that exists.
  useEffect(() => {
    if (pagination.pageIndex !== pageIndex) setPagination((p) => ({ ...p, pageIndex }));
  }, [pagination.pageIndex, pageIndex]);
  const rows = table.getRowModel().rows;
  const total = table.getFilteredRowModel().rows.length;
  return (
    <div className="data-table" data-testid={props.testId}>
      <div className="data-table__toolbar">
        <input
          type="search"
          className="data-table__search"
          placeholder={props.searchPlaceholder ?? t('ui.search')}
          aria-label={props.searchPlaceholder ?? t('ui.search')}
          value={globalFilter}
          onChange={(e) => table.setGlobalFilter(e.target.value)}
        />
        {props.toolbar}
      </div>
      <DelayedLoading loading={!!props.loading} />
      <div className="data-table__scroll">
        <table>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const canSort = h.column.getCanSort();
                  return (
                    <th key={h.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {canSort ? (
                        <button type="button" className="data-table__sort" onClick={h.column.getToggleSortingHandler()}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
                {props.rowActions && <th>{t('ui.actions')}</th>}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} translate={cell.column.columnDef.meta?.data ? 'no' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
                {props.rowActions && (
                  <td className="data-table__actions">
                    {props.rowActions(row.original).map((a) => (
                      <button
                        key={a.label}
                        type="button"
                        className={`btn btn--small${a.danger ? ' btn--danger' : ''}`}
                        onClick={a.onClick}
                        disabled={a.disabled}
                      >
                        {a.label}
                      </button>
                    ))}
                  </td>
                )}
              </tr>
            ))}
            {rows.length === 0 && !props.loading && (
              <tr>
                <td colSpan={columns.length + (props.rowActions ? 1 : 0)} className="data-table__empty">
                  {props.emptyText ?? t('ui.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="data-table__footer">
        <span className="data-table__count">{t('ui.showing', { count: total })}</span>
        {pageCount > 1 && (
          <nav className="data-table__pages" aria-label={t('ui.pagination')}>
            <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
              {t('ui.previous')}
            </button>
            {pageWindow(pageIndex, pageCount).map((p) => (
              <button
                key={p}
                type="button"
                className="data-table__page"
                aria-current={p === pageIndex ? 'page' : undefined}
                onClick={() => table.setPageIndex(p)}
              >
                {p + 1}
              </button>
            ))}
            <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              {t('ui.next')}
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}
