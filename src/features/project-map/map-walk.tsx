// GPS that walks you to a tree, on the map (issue 35): "Walk to this tree" from the selected tree (picked on the
// map or from the problem-tree list), "Next tree" in the list's order (the list's filter and the order it is
// sorted in on screen; plot, then row and tree, until a header is tapped) or nearest first, and "Which tree am I at?" (the nearest tree, searched in the
// worker). The walk itself is the one WalkToTree of "My tasks" too; the rules are workers/geo/walk.ts's.
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { WalkToTree } from '../../components/scouting/walk-to-tree';
import type { Fix } from '../../components/scouting/use-position';
import { isCancelled, type GeoClient, type ListFilter, type ListSort } from '../../map/geo-client';
import { askForHeading, useHeading } from '../../map/use-heading';
import { NEAREST_TREE_MAX_METRES, nextTarget, type WalkOrder, type WalkTree } from '../../../workers/geo/walk';
import type { TreeValues, ZoneNames } from './tree-table';

/** At most this many trees of the list are walked ("Next tree"): a task's limit too (issue 36). */
export const WALK_LIST_MAX = 10_000;

interface WalkList {
  trees: WalkTree[];
  row: Float32Array;
  tree: Float32Array;
}
interface Walk {
  loadId: number;
  /** Drawn index of the tree walked to; -1: every tree of the list visited. */
  index: number;
  row: number | null;
  tree: number | null;
  visited: number[];
  list: WalkList | null;
}
type Here = { loadId: number; index: number; distance: number } | { loadId: number; index: -1 };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

interface Args {
  client: RefObject<GeoClient | null>;
  loadId: number;
  drawn: { count: number; positions: Float64Array } | null;
  listFilter: ListFilter;
  /** The tree list's order on screen. */
  listSort: ListSort;
  fix: Fix | null;
  /** GPS tracking is on (the compass heading is read while it is). */
  tracking: boolean;
  /** Selects a drawn tree on the map (its info panel opens). */
  select: (index: number) => void;
  startGps: () => void;
}

export function useMapWalk({ client, loadId, drawn, listFilter, listSort, fix, tracking, select, startGps }: Args) {
  const [walk, setWalk] = useState<Walk | null>(null);
  const [order, setOrder] = useState<WalkOrder>('list');
  const [here, setHere] = useState<Here | null>(null);
  const walking = walk && walk.loadId === loadId && drawn && walk.index < drawn.count ? walk : null;
  const heading = useHeading(tracking || !!walking);

  const loadList = async (attempt = 0): Promise<WalkList | null> => {
    const r = await client.current?.treeList(listFilter, listSort);
    // The tree list panel's own request may overtake ours (latest wins): ask once more.
    if (!r || isCancelled(r)) return attempt < 2 ? loadList(attempt + 1) : null;
    const n = Math.min(r.count, WALK_LIST_MAX);
    const trees = Array.from({ length: n }, (_, k) => {
      const i = r.drawn[k];
      return { id: i, lon: drawn!.positions[2 * i], lat: drawn!.positions[2 * i + 1] };
    });
    return { trees, row: r.row.subarray(0, n), tree: r.tree.subarray(0, n) };
  };

  const start = (index: number, values: TreeValues | null) => {
    askForHeading();
    startGps();
    setWalk({ loadId, index, row: num(values?.row_num), tree: num(values?.tree_num), visited: [], list: null });
    void loadList().then((list) => setWalk((w) => (w && w.loadId === loadId ? { ...w, list } : w)));
  };

  const next = () => {
    if (!walking?.list || walking.index < 0) return;
    const { list } = walking;
    const visited = new Set([...walking.visited, walking.index]);
    const current = list.trees.findIndex((t) => t.id === walking.index);
    const k = nextTarget(list.trees, visited, current, order, fix ? [fix.lon, fix.lat] : null);
    setWalk({
      ...walking,
      visited: [...visited],
      index: k < 0 ? -1 : list.trees[k].id,
      row: k < 0 ? null : num(list.row[k]),
      tree: k < 0 ? null : num(list.tree[k]),
    });
    if (k >= 0) select(list.trees[k].id);
  };

  const findHere = async () => {
    if (!fix) return;
    const r = await client.current?.nearestTree(fix.lon, fix.lat, NEAREST_TREE_MAX_METRES);
    setHere(r ? { loadId, ...r } : { loadId, index: -1 });
    if (r) select(r.index);
  };

  return {
    walking,
    heading,
    order,
    setOrder,
    here: here && here.loadId === loadId ? here : null,
    start,
    next,
    stop: () => setWalk(null),
    /** "Which tree am I at?" while the position is known. */
    findHere: fix ? () => void findHere() : null,
  };
}

export type MapWalk = ReturnType<typeof useMapWalk>;

interface DockProps {
  walk: MapWalk;
  drawn: { count: number; positions: Float64Array } | null;
  fix: Fix | null;
  gpsOff: boolean;
  /** The selected tree's drawn index and values (for "Which tree am I at?"'s answer). */
  selected: number | null;
  values: TreeValues | null;
  zoneNames: ZoneNames;
}

/** At the bottom of the map: the answer to "Which tree am I at?" and the walk. */
export function MapWalkDock({ walk, drawn, fix, gpsOff, selected, values, zoneNames }: DockProps) {
  const { t, i18n } = useTranslation('project-map');
  const ts = useTranslation('scouting').t;
  const w = walk.walking;
  const h = walk.here;
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const hereText =
    h && h.index < 0
      ? t('walk.noTreeNear', { metres: nf.format(NEAREST_TREE_MAX_METRES) })
      : h && h.index === selected && values && 'distance' in h
        ? t('walk.hereResult', {
            row: num(values.row_num) ?? '—',
            tree: num(values.tree_num) ?? '—',
            plot: values.plot_id == null ? '—' : (zoneNames.plots.get(String(values.plot_id)) ?? String(values.plot_id)),
            status: values.tree_status == null ? '—' : t(`status.${values.tree_status}`, { defaultValue: String(values.tree_status) }),
            distance: nf.format(h.distance),
          })
        : null;
  if (!w && !hereText) return null;
  return (
    <div className="pm-walk" data-testid="pm-walk">
      {hereText && !w && (
        <p className="walk" role="status" data-testid="pm-here" data-index={h?.index}>
          <bdi>{hereText}</bdi>
        </p>
      )}
      {w && drawn && (
        <WalkToTree
          target={w.index < 0 ? null : { lon: drawn.positions[2 * w.index], lat: drawn.positions[2 * w.index + 1], row: w.row, tree: w.tree }}
          doneText={ts('walk.listDone')}
          fix={fix}
          heading={walk.heading}
          gpsOff={gpsOff}
          order={w.list ? { value: walk.order, onChange: walk.setOrder } : undefined}
          onNext={w.list && w.list.trees.length > 0 ? walk.next : undefined}
          onStop={walk.stop}
        />
      )}
    </div>
  );
}
