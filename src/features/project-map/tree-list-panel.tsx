// The problem-tree list (issue 13): the trees the map shows (legend filter,
// comparison, chosen plot / irrigation area), sorted in the worker and read
// from typed columns by a virtual list (TanStack Virtual), so 100k rows scroll
// smoothly. A row flies the map to its tree; on a phone the list then drops to a peek (its header and
// "Show the list") so the tree the map flew to is in sight (issue 35). It prints as pages of 40 rows.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { withData } from '../../components/bidi';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CHANGE_KEYS } from '../../../workers/geo/compare';
import { LIST_SORT_KEYS } from '../../../workers/geo/tree-list';
import { isCancelled, type GeoClient, type ListFilter, type ListSort, type TreeList } from '../../map/geo-client';
import { X } from 'lucide-react';
import { PanelHeader } from './panel-header';
import { usePhone } from './use-phone';

type Col = ListSort['key'];
/** On screen: the worker's sort keys in their order (plot, irrigation area, row, tree, status, N, P, K, vitality, canopy, change). */
const SCREEN: readonly Col[] = LIST_SORT_KEYS;
const PRINT: Col[] = ['plot', 'row', 'tree', 'area', 'status', 'n', 'p', 'k', 'vitality', 'canopy', 'change'];
const PRINT_ROWS_PER_PAGE = 40;
const PRINT_MAX_ROWS = 5000;
const ROW_PX = 34;
/** On a phone a row is a thumb's target (issue 35: every control at least 44×44 px). */
const PHONE_ROW_PX = 44;
/** Text columns: a name is shown whole when the panel has room (issue 35: not "Avoca…" at 1440 px). */
const NAME_COLS: readonly Col[] = ['plot', 'area', 'status', 'change'];

interface Props {
  client: RefObject<GeoClient | null>;
  filter: ListFilter;
  /** Changes whenever the drawn trees change (a load or a comparison): the list is fetched again. */
  dataKey: string;
  comparing: boolean;
  plotNames: string[];
  areaNames: string[];
  scopeName: string | null;
  /** The list's order, kept by the map screen: "Next tree" of a walk follows it (map-walk.tsx). */
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  onPick: (drawn: number) => void;
  onProblems: () => void;
  onClose: () => void;
}

/** The list's order when a survey opens: plot, then row and tree. */
export const DEFAULT_LIST_SORT: ListSort = { key: 'plot', desc: false };

export function TreeListPanel(p: Props) {
  const { t, i18n } = useTranslation('project-map');
  const [loaded, setLoaded] = useState<{ list: TreeList; key: string } | null>(null);
  const list = loaded?.list ?? null;
  const [printing, setPrinting] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { client, filter, sort } = p;
  const phone = usePhone();
  const rowPx = phone ? PHONE_ROW_PX : ROW_PX;
  const [peek, setPeek] = useState(false);

  useEffect(() => {
    let live = true;
    const c = client.current;
    if (!c) return;
    const key = `${sort.key}-${sort.desc ? 'desc' : 'asc'}`;
    void c.treeList(filter, sort).then((r) => live && !isCancelled(r) && setLoaded({ list: r, key }));
    return () => {
      live = false;
    };
  }, [client, filter, sort, p.dataKey]);

  const cols = SCREEN.filter((c) => p.comparing || c !== 'change');
  const count = list?.count ?? 0;
  const virtual = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => rowPx, overscan: 12 });
  useEffect(() => virtual.measure(), [rowPx, virtual]);
  const nf = new Intl.NumberFormat(i18n.language);
  const cell = (L: TreeList, r: number, c: Col): string => {
    const num = (v: number, d: number) => (v === v ? v.toFixed(d) : '—');
    switch (c) {
      case 'plot':
        return L.plot[r] >= 0 ? (p.plotNames[L.plot[r]] ?? '') : '—';
      case 'area':
        return L.area[r] >= 0 ? (p.areaNames[L.area[r]] ?? '') : '—';
      case 'row':
        return num(L.row[r], 0);
      case 'tree':
        return num(L.tree[r], 0);
      case 'status':
        return t(`status.${L.status[r]}`);
      case 'n':
      case 'k':
        return num(L[c][r], 2);
      case 'p':
        return num(L.p[r], 3);
      case 'vitality':
        return num(L.vitality[r], 2);
      case 'canopy':
        return num(L.canopy[r], 1);
      case 'change':
        return L.change ? t(`change.${CHANGE_KEYS[L.change[r]]}`) : '';
    }
  };
  const header = (c: Col) => t(`list.cols.${c}`);
  const onSort = (c: Col) => p.onSort({ key: c, desc: sort.key === c ? !sort.desc : false });

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    const id = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(id);
      window.removeEventListener('afterprint', done);
    };
  }, [printing]);

  // Every row is its own grid with the same tracks (so columns line up): names get 2.5 shares, numbers one.
  const grid = { gridTemplateColumns: cols.map((c) => (NAME_COLS.includes(c) ? 'minmax(96px, 2.5fr)' : 'minmax(52px, 1fr)')).join(' ') };
  const title = `${t('list.title')} (${nf.format(count)})`;
  if (peek)
    return (
      <section className="pm-sheet pm-list pm-list--peek" aria-label={t('list.title')} data-testid="pm-list" data-peek="true">
        <header className="pm-layers__header">
          <button type="button" className="pm-list__expand" onClick={() => setPeek(false)} data-testid="pm-list-expand" aria-expanded="false">
            {title} · {t('list.expand')}
          </button>
          <button type="button" className="pm-close" onClick={p.onClose} aria-label={t('layers.close')}>
            <X aria-hidden="true" focusable="false" size={20} />
          </button>
        </header>
      </section>
    );
  return (
    <section className="pm-sheet pm-list" aria-label={t('list.title')} data-testid="pm-list" data-peek="false">
      <PanelHeader title={title} onClose={p.onClose} />
      <div className="pm-sheet__bar">
        <span className="pm-list__hint">
          {p.scopeName ? withData(t('list.scope', { name: p.scopeName }), p.scopeName) : t('list.all')} · {t('list.hint')}
        </span>
        <button type="button" className="btn btn--small" onClick={p.onProblems} data-testid="pm-list-problems">
          {t('list.problems')}
        </button>
        <button type="button" className="btn btn--small" onClick={() => setPrinting(true)} disabled={!count} data-testid="pm-list-print">
          {t('list.print')}
        </button>
      </div>
      <div ref={scrollRef} className="pm-sheet__scroll pm-list__scroll" data-testid="pm-list-scroll" role="rowgroup" data-sorted={loaded?.key}>
        <div className="pm-list__head" style={grid} role="row">
          {cols.map((c) => (
            <button
              key={c}
              type="button"
              role="columnheader"
              className="pm-grid__sort"
              onClick={() => onSort(c)}
              data-testid={`list-sort-${c}`}
              aria-sort={sort.key === c ? (sort.desc ? 'descending' : 'ascending') : 'none'}
            >
              {header(c)}
              {sort.key === c ? (sort.desc ? ' ▼' : ' ▲') : ''}
            </button>
          ))}
        </div>
        {list && count === 0 && <p>{t('list.empty')}</p>}
        {!list && <p role="status">{t('list.working')}</p>}
        <div style={{ blockSize: virtual.getTotalSize(), position: 'relative' }}>
          {list &&
            virtual.getVirtualItems().map((v) => (
              <button
                key={v.key}
                type="button"
                role="row"
                className="pm-list__row"
                style={{ ...grid, transform: `translateY(${v.start}px)`, blockSize: rowPx }}
                onClick={() => {
                  if (phone) setPeek(true);
                  p.onPick(list.drawn[v.index]);
                }}
                data-testid="pm-list-row"
                data-index={v.index}
                data-drawn={list.drawn[v.index]}
              >
                {cols.map((c) => {
                  const text = cell(list, v.index, c);
                  const name = NAME_COLS.includes(c);
                  // Every cell starts on its column's side (the page's direction); a name keeps its own inside <bdi>.
                  return (
                    <span
                      key={c}
                      role="cell"
                      className={name ? 'pm-list__name' : 'pm-list__num'}
                      title={name ? text : undefined}
                      translate={c === 'plot' || c === 'area' ? 'no' : undefined}
                    >
                      {name ? <bdi>{text}</bdi> : text}
                    </span>
                  );
                })}
              </button>
            ))}
        </div>
      </div>
      {printing &&
        list &&
        createPortal(
          <PrintPages list={list} cols={PRINT.filter((c) => p.comparing || c !== 'change')} cell={cell} header={header} title={t('list.title')} />,
          document.body,
        )}
    </section>
  );
}

function PrintPages({
  list,
  cols,
  cell,
  header,
  title,
}: {
  list: TreeList;
  cols: Col[];
  cell: (L: TreeList, r: number, c: Col) => string;
  header: (c: Col) => string;
  title: string;
}) {
  const { t } = useTranslation('project-map');
  const n = Math.min(list.count, PRINT_MAX_ROWS);
  const pages = Math.ceil(n / PRINT_ROWS_PER_PAGE);
  return (
    <div className="pm-print" data-testid="pm-print">
      {list.count > n && <p>{t('list.printCap', { n })}</p>}
      {Array.from({ length: pages }, (_, pg) => (
        <section key={pg} className="pm-print__page">
          <h2>
            {title} — {t('list.page', { page: pg + 1, pages })}
          </h2>
          <table>
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c}>{header(c)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: Math.min(PRINT_ROWS_PER_PAGE, n - pg * PRINT_ROWS_PER_PAGE) }, (_, k) => {
                const r = pg * PRINT_ROWS_PER_PAGE + k;
                return (
                  <tr key={r}>
                    {cols.map((c) => (
                      <td key={c} dir="auto" translate={c === 'plot' || c === 'area' ? 'no' : undefined}>
                        {cell(list, r, c)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
