// Statistics per plot and irrigation area (issue 13), sortable by any column
// (TanStack Table). Rows come from the worker's zoneTable (the one statistics
// engine); the CSV button is the API call GET /api/projects/{id}/zones.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Data, Ltr } from '../../components/bidi';
import { createColumnHelper, flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { downloadFile } from '../../api/download';
import { errorText } from '../../api/error-text';
import { ZONE_COLUMNS, zonesUrl } from '../../domain/zone-columns';
import type { ZoneRow } from '../../map/geo-client';
import { PanelHeader } from './panel-header';

/** Shown columns: [CSV column key, label key]; a *_mean column shows "mean ± sd"; change columns only while comparing. */
const SHOWN: [string, string][] = [
  ['name', 'zones.cols.name'],
  ['trees', 'zones.cols.trees'],
  ['healthy_pct', 'zones.cols.healthy'],
  ['weak_pct', 'zones.cols.weak'],
  ['weak_dead_pct', 'zones.cols.weakDead'],
  ['dead', 'zones.cols.dead'],
  ['missing', 'zones.cols.missing'],
  ['n_mean', 'zones.cols.n'],
  ['p_mean', 'zones.cols.p'],
  ['k_mean', 'zones.cols.k'],
  ['vitality_mean', 'zones.cols.vitality'],
  ['canopy_mean', 'zones.cols.canopy'],
  ['lost', 'zones.cols.lost'],
  ['declined', 'zones.cols.declined'],
  ['improved', 'zones.cols.improved'],
  ['new', 'change.new'],
  ['gone', 'change.gone'],
  ['vitality_change', 'zones.cols.vitalityChange'],
  ['canopy_change', 'zones.cols.canopyChange'],
];
const BY_KEY = new Map(ZONE_COLUMNS.map((c) => [c.key, c]));

interface Props {
  projectId: number;
  rows: ZoneRow[] | null;
  /** The CSV download is an export (a field worker has none). */
  mayExport: boolean;
  comparedId: number | null;
  selected: { kind: 'plot' | 'area'; index: number } | null;
  onSelect: (row: ZoneRow) => void;
  onClose: () => void;
}

export function ZoneTable(p: Props) {
  const { t, i18n } = useTranslation('project-map');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [message, setMessage] = useState<string | null>(null);
  const comparing = p.comparedId !== null;
  const columns = useMemo(() => {
    const h = createColumnHelper<ZoneRow>();
    return SHOWN.filter(([key]) => comparing || !BY_KEY.get(key)!.change).map(([key, label]) => {
      const col = BY_KEY.get(key)!;
      const sd = key.endsWith('_mean') ? BY_KEY.get(key.replace('_mean', '_sd')) : undefined;
      const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: col.digits ?? 0, minimumFractionDigits: col.digits ?? 0 });
      return h.accessor((z) => col.get(z), {
        id: key,
        header: () => t(label),
        sortUndefined: 'last',
        cell: (c) => {
          const v = c.getValue();
          if (key === 'name')
            return (
              <span dir="auto">
                <Data>{String(v)}</Data> <small className="pm-zones__kind">{t(c.row.original.kind === 'plot' ? 'zones.plot' : 'zones.area')}</small>
              </span>
            );
          if (typeof v !== 'number') return v ?? '—';
          const sign = key.endsWith('_change') && v > 0 ? '+' : '';
          const s = sd?.get(c.row.original);
          // Signed numbers and "mean ± sd" keep their order inside Hebrew ("+2.5", never "2.5+").
          return <Ltr>{typeof s === 'number' ? `${nf.format(v)} ± ${nf.format(s)}` : `${sign}${nf.format(v)}`}</Ltr>;
        },
      });
    });
  }, [comparing, t, i18n.language]);
  const data = useMemo(() => p.rows ?? [], [p.rows]);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const download = async () => {
    setMessage(null);
    try {
      await downloadFile(zonesUrl(p.projectId, { format: 'csv', compare: p.comparedId }), 'zones.csv', 'text/csv');
    } catch (e) {
      setMessage(errorText(e, t));
    }
  };

  return (
    <section className="pm-sheet pm-zones" aria-label={t('zones.title')} data-testid="pm-zones">
      <PanelHeader title={t('zones.title')} onClose={p.onClose} />
      <div className="pm-sheet__bar">
        {p.mayExport && (
          <button type="button" className="btn btn--small" onClick={() => void download()} data-testid="pm-zones-csv">
            {t('zones.csv')}
          </button>
        )}
        {message && (
          <span role="alert" className="pm-export__error">
            {message}
          </span>
        )}
      </div>
      {!p.rows && <p role="status">{t('zones.working')}</p>}
      <div className="pm-sheet__scroll">
        <table className="pm-grid">
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => {
                  const dir = h.column.getIsSorted();
                  return (
                    <th key={h.id} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
                      <button type="button" className="pm-grid__sort" onClick={h.column.getToggleSortingHandler()} data-testid={`zones-sort-${h.id}`}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        {dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((r) => {
              const z = r.original;
              const on = p.selected?.kind === z.kind && p.selected.index === z.index;
              return (
                <tr
                  key={`${z.kind}-${z.id}`}
                  className={on ? 'pm-grid__row--on' : undefined}
                  onClick={() => p.onSelect(z)}
                  data-testid={`zone-${z.kind}-${z.id}`}
                  aria-selected={on}
                >
                  {r.getVisibleCells().map((c) => (
                    <td key={c.id} data-col={c.column.id}>
                      {flexRender(c.column.columnDef.cell, c.getContext())}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
