import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, pageWindow, type RowAction } from '../../../components/table';
import type { TreeFeature } from '../../../api/admin-data';
import type { TreeColumns } from '../../../api/admin-data-trees';
import '../../../components/table.css';

// The trees tab: the shared table's look and paging (10 a page, 5 page
// buttons, click-to-sort headers) over positions in the tree columns, so a
// 110k-tree client makes 10 features per page instead of one per tree.

type Col = 'row' | 'tree' | 'breed' | 'plot' | 'irrigation';
const COLS: Col[] = ['row', 'tree', 'breed', 'plot', 'irrigation'];

/** The cell of tree `i` in column `col`. */
function cellOf(cols: TreeColumns | null, col: Col, i: number): string | number {
  if (!cols) return '';
  const c = cols.cols;
  if (col === 'row') return c.row_num[i] ?? '';
  if (col === 'tree') return c.tree_num[i] ?? '';
  if (col === 'breed') return cols.breedName(i) ?? '–';
  if (col === 'plot') return cols.plotName(i) ?? '–';
  return cols.areaName(i) ?? '–';
}

export function TreeTable({ cols, rows, actions }: { cols: TreeColumns | null; rows: number[]; actions: (f: TreeFeature) => RowAction[] }) {
  const { t } = useTranslation('admin.data-editor');
  const { t: ta } = useTranslation('admin');
  const [sort, setSort] = useState<{ col: Col; desc: boolean } | null>(null);
  const [pageAsked, setPage] = useState(0);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const dir = sort.desc ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = cellOf(cols, sort.col, a),
        y = cellOf(cols, sort.col, b);
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * dir;
    });
  }, [rows, sort, cols]);
  const pageCount = Math.ceil(sorted.length / PAGE_SIZE);
  // The page asked for, within the pages there are now (fewer trees after a search or a delete).
  const page = Math.min(pageAsked, Math.max(0, pageCount - 1));
  const shown = sorted.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const toggle = (col: Col) => setSort((s) => (!s || s.col !== col ? { col, desc: false } : !s.desc ? { col, desc: true } : null));
  return (
    <div className="data-table" data-testid="trees-table">
      <div className="data-table__scroll">
        <table>
          <thead>
            <tr>
              {COLS.map((col) => {
                const dir = sort?.col === col ? (sort.desc ? 'desc' : 'asc') : null;
                return (
                  <th key={col} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                    <button type="button" className="data-table__sort" onClick={() => toggle(col)}>
                      {t(`cols.${col}`)}
                      <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ' ↕'}</span>
                    </button>
                  </th>
                );
              })}
              <th>{ta('ui.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {cols &&
              shown.map((i) => {
                const id = cols.cols.tree_id[i];
                return (
                  <tr key={id} data-row-id={id}>
                    {COLS.map((col) => (
                      <td key={col} translate={col === 'row' || col === 'tree' ? undefined : 'no'}>
                        {cellOf(cols, col, i)}
                      </td>
                    ))}
                    <td className="data-table__actions">
                      {actions(cols.feature(i)).map((a) => (
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
                  </tr>
                );
              })}
            {shown.length === 0 && (
              <tr>
                <td colSpan={COLS.length + 1} className="data-table__empty">
                  {ta('ui.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="data-table__footer">
        <span className="data-table__count">{ta('ui.showing', { count: sorted.length })}</span>
        {pageCount > 1 && (
          <nav className="data-table__pages" aria-label={ta('ui.pagination')}>
            <button type="button" onClick={() => setPage(page - 1)} disabled={page === 0}>
              {ta('ui.previous')}
            </button>
            {pageWindow(page, pageCount).map((p) => (
              <button key={p} type="button" className="data-table__page" aria-current={p === page ? 'page' : undefined} onClick={() => setPage(p)}>
                {p + 1}
              </button>
            ))}
            <button type="button" onClick={() => setPage(page + 1)} disabled={page >= pageCount - 1}>
              {ta('ui.next')}
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}
