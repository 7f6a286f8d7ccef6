import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/table';
import type { AreaFeature, EditorFeature, EditorType, PlotFeature } from '../../../api/admin-data';
import { TreeTable } from './tree-table';
import type { Filtered } from './editor-search';

// Data Management: search box, Plots / Irrigation / Trees tabs with the
// filtered counts, one table per tab with its Add button (admin.md §2).

export interface EditorTablesProps {
  filtered: Filtered;
  search: string;
  onSearch: (q: string) => void;
  onAdd: (type: EditorType) => void;
  onEdit: (f: EditorFeature) => void;
  onDelete: (f: EditorFeature) => void;
}

export function EditorTables({ filtered, search, onSearch, onAdd, onEdit, onDelete }: EditorTablesProps) {
  const { t } = useTranslation('admin.data-editor');
  const [tab, setTab] = useState<EditorType>('plot');
  const actions = (f: EditorFeature) => [
    { label: t('edit'), onClick: () => onEdit(f) },
    { label: t('delete'), onClick: () => onDelete(f), danger: true },
  ];
  const plotCols = useMemo<ColumnDef<PlotFeature>[]>(
    () => [
      { id: 'name', header: t('cols.name'), accessorFn: (f) => f.properties.plot_name, meta: { data: true } },
      { id: 'crop', header: t('cols.crop'), accessorFn: (f) => f.properties.crop_name ?? '', meta: { data: true } },
      {
        id: 'area',
        header: t('cols.area'),
        accessorFn: (f) => f.properties.plot_area ?? '',
        cell: (c) => (c.getValue<number | ''>() === '' ? '–' : Number(c.getValue()).toFixed(2)),
      },
    ],
    [t],
  );
  const areaCols = useMemo<ColumnDef<AreaFeature>[]>(
    () => [
      { id: 'name', header: t('cols.name'), accessorFn: (f) => f.properties.irrigation_area_name, meta: { data: true } },
      { id: 'plot', header: t('cols.plot'), accessorFn: (f) => f.properties.plot_name ?? '–', meta: { data: true } },
    ],
    [t],
  );
  const tabs: [EditorType, number][] = [
    ['plot', filtered.plots.length],
    ['irrigation', filtered.areas.length],
    ['tree', filtered.trees.length],
  ];
  const tabKey = { plot: 'plots', irrigation: 'irrigation', tree: 'trees' } as const;
  return (
    <section className="editor-panel" data-testid="data-management">
      <h3>{t('management')}</h3>
      <input
        className="editor-search"
        type="search"
        placeholder={t('search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        data-testid="editor-search"
        aria-label={t('search')}
      />
      <div className="editor-tabs" role="tablist">
        {tabs.map(([k, n]) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`editor-tab${tab === k ? ' editor-tab--active' : ''}`}
            onClick={() => setTab(k)}
            data-testid={`tab-${k}`}
          >
            {t(`tabs.${tabKey[k]}`, { count: n })}
          </button>
        ))}
      </div>
      <div className="editor-tab-actions">
        <button type="button" className="btn btn--primary" onClick={() => onAdd(tab)} data-testid={`add-${tab}`}>
          {t(`add.${tab}`)}
        </button>
      </div>
      {/* Each table's own search box is hidden (data-editor.css): the editor search above filters all three. */}
      {tab === 'plot' && (
        <DataTable testId="plots-table" data={filtered.plots} columns={plotCols} getRowId={(f) => String(f.properties.id)} rowActions={actions} />
      )}
      {tab === 'irrigation' && (
        <DataTable testId="areas-table" data={filtered.areas} columns={areaCols} getRowId={(f) => String(f.properties.id)} rowActions={actions} />
      )}
      {tab === 'tree' && <TreeTable cols={filtered.treeCols} rows={filtered.trees} actions={actions} />}
    </section>
  );
}
