// The worker's state and its API implementation, free of Comlink so it runs in
// tests directly; geo.worker.ts passes Comlink.transfer in as `transfer`.
import type {
  Cancelled, ColoursResult, GeoWorkerApi, IngestInput, IngestResult, TreeFieldValues,
} from '../geo-api';
import { decodeMapDataArrow } from './arrow-decode';
import { colourTrees, type ColourMode } from './colours';
import { alertsFor, ingestMapDataGeoJSON, type GeoDataset } from './ingest-geojson';
import { analyseDataset, statisticsFor, type Analysis, type Selection } from './pipeline';
import { idAt } from './tree-ids';
import { NUMERIC_FIELDS, TEXT_FIELDS, type MapDataResponse } from './types';

export type TransferFn = <T>(value: T, transferables: Transferable[]) => T;

const CANCELLED: Cancelled = { cancelled: true };

/** Lets queued messages run first, so a newer request can overtake an older one. */
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createGeoService(transfer: TransferFn = (v) => v): GeoWorkerApi {
  let dataset: GeoDataset | null = null;
  let analysis: Analysis | null = null;
  const latest = { colours: 0, statistics: 0 };

  const loaded = () => {
    if (!dataset || !analysis) throw new Error('geo worker: ingest() first');
    return { d: dataset, a: analysis };
  };

  return {
    async ingest(input: IngestInput): Promise<IngestResult> {
      const d = input.format === 'arrow' ? decodeMapDataArrow(input.bytes)
        : ingestMapDataGeoJSON(input.format === 'json'
          ? (JSON.parse(new TextDecoder().decode(input.bytes)) as MapDataResponse)
          : input.data);
      const a = analyseDataset(d);
      dataset = d;
      analysis = a;
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
      const r = colourTrees(d.trees, mode, { biomassRange: d.biomassRange, hidden });
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
      const t = d.trees;
      if (!(Number.isInteger(index) && index >= 0 && index < t.length)) return null;
      const out: TreeFieldValues = { tree_id: idAt(t.ids, index), tree_status: t.status[index] };
      for (const f of NUMERIC_FIELDS) { const v = t.numeric[f][index]; out[f] = v === v ? v : null; }
      for (const f of TEXT_FIELDS) { const v = t.text[f].dict[t.text[f].codes[index]]; out[f] = v === '' ? null : v; }
      out.lon = t.positions[2 * index];
      out.lat = t.positions[2 * index + 1];
      const plot = d.plots[a.treePlot[index]];
      const area = d.irrigationAreas[a.treeArea[index]];
      if (plot && out.plot_id === null) out.plot_id = String(plot.sourceId);
      if (area && out.irrigation_area_id === null) out.irrigation_area_id = String(area.sourceId);
      return out;
    },
  };
}
