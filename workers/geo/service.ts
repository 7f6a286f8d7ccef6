// The worker's state and its API implementation, free of Comlink so it runs in
// tests directly; geo.worker.ts passes Comlink.transfer in as `transfer`.
import type {
  Cancelled, ColoursResult, CompareResult, GeoWorkerApi, IngestInput, IngestResult, ListFilter, TreeFieldValues,
} from '../geo-api';
import { decodeMapDataArrow } from './arrow-decode';
import { colourTrees, filterTrees, isChangeMode, type ColourMode } from './colours';
import { alertsFor, ingestMapDataGeoJSON, type GeoDataset } from './ingest-geojson';
import { analyseDataset, statisticsFor, type Analysis, type Selection } from './pipeline';
import { idAt } from './tree-ids';
import { listBuffers, treeList, type ListSort, type TreeList } from './tree-list';
import { NUMERIC_FIELDS, TEXT_FIELDS, type MapDataResponse, type TreeColumns } from './types';
import { prepareComparison, zoneTable, type PreparedComparison } from './zones';

export type TransferFn = <T>(value: T, transferables: Transferable[]) => T;

const CANCELLED: Cancelled = { cancelled: true };

/** Lets queued messages run first, so a newer request can overtake an older one. */
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function decode(input: IngestInput): GeoDataset {
  return input.format === 'arrow' ? decodeMapDataArrow(input.bytes)
    : ingestMapDataGeoJSON(input.format === 'json'
      ? (JSON.parse(new TextDecoder().decode(input.bytes)) as MapDataResponse)
      : input.data);
}

/** One tree's field/value table from its survey's columns. */
function fieldValues(t: TreeColumns, row: number): TreeFieldValues {
  const out: TreeFieldValues = { tree_id: idAt(t.ids, row), tree_status: t.status[row] };
  for (const f of NUMERIC_FIELDS) { const v = t.numeric[f][row]; out[f] = v === v ? v : null; }
  for (const f of TEXT_FIELDS) { const v = t.text[f].dict[t.text[f].codes[row]]; out[f] = v === '' ? null : v; }
  out.lon = t.positions[2 * row];
  out.lat = t.positions[2 * row + 1];
  return out;
}

export function createGeoService(transfer: TransferFn = (v) => v): GeoWorkerApi {
  let dataset: GeoDataset | null = null;
  let analysis: Analysis | null = null;
  let prepared: PreparedComparison | null = null;
  const latest = { colours: 0, statistics: 0, list: 0 };

  const loaded = () => {
    if (!dataset || !analysis) throw new Error('geo worker: ingest() first');
    return { d: dataset, a: analysis };
  };

  return {
    async ingest(input: IngestInput): Promise<IngestResult> {
      const d = decode(input);
      const a = analyseDataset(d);
      dataset = d;
      analysis = a;
      prepared = null;
      // The app owns positions from now on (the worker keeps its columns for colours/statistics).
      const positions = d.trees.positions.slice();
      const treePlot = a.treePlot.slice();
      const treeArea = a.treeArea.slice();
      const result: IngestResult = {
        treeCount: d.trees.length, positions, treePlot, treeArea, areaPlot: a.areaPlot.slice(),
        plots: d.plots, irrigationAreas: d.irrigationAreas, duplicates: d.duplicates, alerts: alertsFor(d),
        fit: a.fit, npkRanges: a.npkRanges, biomassRange: d.biomassRange,
        vitalityRange: a.vitalityRange, canopyRange: a.canopyRange, skippedTrees: d.skippedTrees,
      };
      return transfer(result, [positions.buffer, treePlot.buffer, treeArea.buffer]);
    },

    async colours(mode: ColourMode, requestId: number, hidden: readonly number[] = []): Promise<ColoursResult | Cancelled> {
      latest.colours = Math.max(latest.colours, requestId);
      await yieldToEvents();
      if (requestId < latest.colours) return CANCELLED;
      const { d } = loaded();
      if (isChangeMode(mode) && !prepared) throw new Error(`geo worker: colour mode ${mode} needs compare() first`);
      const r = colourTrees(d.trees, mode, { biomassRange: d.biomassRange, hidden, comparison: prepared?.cmp });
      return transfer({ mode, rgba: r.rgba, range: r.range, visible: r.visible, counts: r.counts }, [r.rgba.buffer, r.counts.buffer]);
    },

    async statistics(selection: Selection, requestId: number) {
      latest.statistics = Math.max(latest.statistics, requestId);
      await yieldToEvents();
      if (requestId < latest.statistics) return CANCELLED;
      const { d, a } = loaded();
      return statisticsFor(d, a, selection);
    },

    async fit() {
      return loaded().a.fit;
    },

    async treeProperties(index: number): Promise<TreeFieldValues | null> {
      const { d, a } = loaded();
      const n = d.trees.length, extra = prepared?.cmp.join.extra;
      if (!Number.isInteger(index) || index < 0) return null;
      // Past our trees: a tree only the compared survey has (drawn after ours).
      if (index >= n) return extra && index - n < extra.length ? { ...fieldValues(prepared!.other.trees, extra[index - n]), only_in: 'compared' } : null;
      const out = fieldValues(d.trees, index);
      const plot = d.plots[a.treePlot[index]];
      const area = d.irrigationAreas[a.treeArea[index]];
      if (plot && out.plot_id === null) out.plot_id = String(plot.sourceId);
      if (area && out.irrigation_area_id === null) out.irrigation_area_id = String(area.sourceId);
      return out;
    },

    async compare(input: IngestInput | null, otherIsNewer: boolean): Promise<CompareResult | null> {
      const { d } = loaded();
      prepared = null;
      if (!input) return null;
      const p = prepareComparison(d, decode(input), otherIsNewer);
      prepared = p;
      let matched = 0;
      for (const j of p.cmp.join.match) if (j >= 0) matched++;
      const extraPositions = p.extraPositions.slice();
      return transfer({ otherCount: p.other.trees.length, matched, extraCount: p.cmp.join.extra.length, extraPositions }, [extraPositions.buffer]);
    },

    async comparedProperties(index: number): Promise<TreeFieldValues | null> {
      const { d } = loaded();
      if (!prepared || !(Number.isInteger(index) && index >= 0 && index < d.trees.length)) return null;
      const j = prepared.cmp.join.match[index];
      return j >= 0 ? fieldValues(prepared.other.trees, j) : null;
    },

    async zones() {
      const { d, a } = loaded();
      return zoneTable(d, a, prepared);
    },

    async treeList(filter: ListFilter, sort: ListSort, requestId: number): Promise<TreeList | Cancelled> {
      latest.list = Math.max(latest.list, requestId);
      await yieldToEvents();
      if (requestId < latest.list) return CANCELLED;
      const { d, a } = loaded();
      const cmp = prepared?.cmp;
      const indices = filterTrees(d.trees, { mode: filter.mode, hidden: filter.hidden }, { biomassRange: d.biomassRange, comparison: cmp });
      // A plot / irrigation area chosen on the map narrows the list by the same assignment the statistics use.
      const zoneOf = filter.plot !== undefined ? { base: a.treePlot, extra: prepared?.extraPlot, want: new Set(filter.plot) }
        : filter.area !== undefined ? { base: a.treeArea, extra: prepared?.extraArea, want: new Set(filter.area) } : null;
      const n = d.trees.length;
      const kept = zoneOf ? indices.filter((i) => zoneOf.want.has(i < n ? zoneOf.base[i] : zoneOf.extra![i - n])) : indices;
      const list = treeList(d, a, prepared, kept, sort);
      return transfer(list, listBuffers(list));
    },
  };
}
