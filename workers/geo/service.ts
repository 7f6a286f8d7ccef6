// The worker's state and its API implementation, free of Comlink so it runs in
// tests directly; geo.worker.ts passes Comlink.transfer in as `transfer`.
// Every per-tree step of the map runs here: positions and drawing offsets,
// classes and colours, legend counts (of the survey or of a plot / irrigation
// area), the tree image below the detail zoom, labels, the tree table and list.
import type {
  Cancelled,
  ColoursResult,
  CompareResult,
  GeoWorkerApi,
  ImageRequest,
  IngestInput,
  IngestResult,
  MapDataInput,
  ListFilter,
  TreeFieldValues,
  TreeImageResult,
  TreeLabels,
  ZoneRef,
} from '../geo-api';
import { drawnZoneOf } from './zone-groups';
import { countClasses, isChangeMode, paintClasses, treeClasses, filterTrees, type ColourMode, type TreeClasses } from './colours';
import { extentCentre, treeOffsets } from './draw-offsets';
import type { GeoDataset } from './ingest-geojson';
import type { Analysis } from './pipeline';
import { createLoader, decode, type GeoServiceDeps } from './service-load';
import { idAt } from './tree-ids';
import { listBuffers, treeList, type ListSort, type TreeList } from './tree-list';
import { rasterizeTrees } from './tree-raster';
import { nearestTreeWithin } from './walk';
import { NUMERIC_FIELDS, TEXT_FIELDS, type TreeColumns } from './types';
import { prepareComparison, zoneTable, type PreparedComparison } from './zones';
import { buildPrescription, PrescriptionError, previewBuffers, previewOf } from './prescription';
import type { PrescriptionInput } from './prescription-input';

export type { GeoServiceDeps };

export type TransferFn = <T>(value: T, transferables: Transferable[]) => T;

const CANCELLED: Cancelled = { cancelled: true };

/** Lets queued messages run first, so a newer request can overtake an older one. */
const yieldToEvents = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** One tree's field/value table from its survey's columns. */
function fieldValues(t: TreeColumns, row: number): TreeFieldValues {
  const out: TreeFieldValues = { tree_id: idAt(t.ids, row), tree_status: t.status[row] };
  for (const f of NUMERIC_FIELDS) {
    const v = t.numeric[f][row];
    out[f] = v === v ? v : null;
  }
  for (const f of TEXT_FIELDS) {
    const v = t.text[f].dict[t.text[f].codes[row]];
    out[f] = v === '' ? null : v;
  }
  out.lon = t.positions[2 * row];
  out.lat = t.positions[2 * row + 1];
  return out;
}

interface Session {
  d: GeoDataset;
  a: Analysis;
  prepared: PreparedComparison | null;
  /** Drawn positions: ours, then the comparison's extra trees. */
  drawn: Float64Array;
  /** Classes per colour mode while the trees and the comparison stay (a legend toggle only repaints). */
  classes: Map<ColourMode, TreeClasses>;
  /** The last colours handed out: their request id, mode, and a copy of the RGBA (the app's is transferred). */
  painted: { id: number; mode: ColourMode; rgba: Uint8Array } | null;
}

export function createGeoService(transfer: TransferFn = (v) => v, deps: GeoServiceDeps = {}): GeoWorkerApi {
  let s: Session | null = null;
  const loader = createLoader(deps);
  const latest = { colours: 0, counts: 0, list: 0, image: 0 };

  const loaded = (): Session => {
    if (!s) throw new Error('geo worker: ingest() first');
    return s;
  };
  /** A newer request of the same kind arrived meanwhile: skip the work. */
  const overtaken = async (kind: keyof typeof latest, id: number) => {
    latest[kind] = Math.max(latest[kind], id);
    await yieldToEvents();
    return id < latest[kind];
  };
  const classesOf = (x: Session, mode: ColourMode): TreeClasses => {
    let c = x.classes.get(mode);
    if (!c) {
      if (isChangeMode(mode) && !x.prepared) throw new Error(`geo worker: colour mode ${mode} needs compare() first`);
      c = treeClasses(x.d.trees, mode, { biomassRange: x.d.biomassRange, npkRanges: x.a.npkRanges, comparison: x.prepared?.cmp });
      x.classes.set(mode, c);
    }
    return c;
  };
  /** The zone a map selection (a part index) stands for, and the zone of every drawn tree of its kind. */
  const zoneOf = (x: Session, z: ZoneRef) => {
    const g = x.a.zones,
      plot = z.kind === 'plot';
    return {
      index: (plot ? g.plotOfPart : g.areaOfPart)[z.part] ?? -1,
      of: drawnZoneOf(plot ? g.treePlot : g.treeArea, plot ? x.prepared?.extraPlot : x.prepared?.extraArea),
    };
  };

  return {
    async ingest(input: IngestInput): Promise<IngestResult> {
      const { d, a } = await loader.load(input);
      s = { d, a, prepared: null, drawn: d.trees.positions, classes: new Map(), painted: null };
      // The app owns its copy of the positions from now on (the worker keeps its columns).
      const positions = d.trees.positions.slice();
      const offsets = treeOffsets(positions, d.trees.length);
      const result: IngestResult = {
        treeCount: d.trees.length,
        positions,
        offsets,
        plots: d.plots,
        irrigationAreas: d.irrigationAreas,
        duplicates: d.duplicates,
        fit: a.fit,
        npkRanges: a.npkRanges,
        biomassRange: d.biomassRange,
        vitalityRange: a.vitalityRange,
        canopyRange: a.canopyRange,
        skippedTrees: d.skippedTrees,
        marks: loader.takeMarks(),
      };
      return transfer(result, [positions.buffer, offsets.values.buffer]);
    },

    prepareKept: (userId: number, projectId: number) => loader.prepareKept(userId, projectId),

    async colours(mode: ColourMode, requestId: number, hidden: readonly number[] = []): Promise<ColoursResult | Cancelled> {
      if (await overtaken('colours', requestId)) return CANCELLED;
      const x = loaded();
      const r = paintClasses(classesOf(x, mode), mode, hidden);
      x.painted = { id: requestId, mode, rgba: r.rgba.slice() };
      return transfer({ id: requestId, mode, rgba: r.rgba, range: r.range, visible: r.visible, counts: r.counts }, [r.rgba.buffer, r.counts.buffer]);
    },

    async legendCounts(mode: ColourMode, zone: ZoneRef, requestId: number) {
      if (await overtaken('counts', requestId)) return CANCELLED;
      const x = loaded(),
        z = zoneOf(x, zone);
      return countClasses(classesOf(x, mode).classes, z.of, z.index);
    },

    async treeImage(req: ImageRequest, requestId: number): Promise<TreeImageResult | null | Cancelled> {
      if (await overtaken('image', requestId)) return CANCELLED;
      const x = loaded(),
        p = x.painted;
      if (!p || p.rgba.length !== 2 * x.drawn.length) return null;
      const raster = rasterizeTrees({ count: x.drawn.length >> 1, positions: x.drawn, rgba: p.rgba, ...req });
      return raster ? transfer({ coloursId: p.id, raster }, [raster.data.buffer]) : null;
    },

    async treeLabels(bounds: [number, number, number, number], max: number): Promise<TreeLabels> {
      const x = loaded();
      const [w, south, e, north] = bounds,
        pos = x.drawn,
        n = x.d.trees.length;
      const at: number[] = [],
        text: string[] = [];
      for (let i = 0; i < pos.length >> 1 && at.length < 2 * max; i++) {
        const lon = pos[2 * i],
          lat = pos[2 * i + 1];
        if (!(lon >= w && lon <= e && lat >= south && lat <= north)) continue;
        at.push(lon, lat);
        text.push(String(i < n ? idAt(x.d.trees.ids, i) : idAt(x.prepared!.other.trees.ids, x.prepared!.cmp.join.extra[i - n])));
      }
      const positions = Float64Array.from(at);
      return transfer({ positions, text }, [positions.buffer]);
    },

    async fit() {
      return loaded().a.fit;
    },

    async treeProperties(index: number): Promise<TreeFieldValues | null> {
      const { d, a, prepared } = loaded();
      const n = d.trees.length,
        extra = prepared?.cmp.join.extra;
      if (!Number.isInteger(index) || index < 0) return null;
      // Past our trees: a tree only the compared survey has (drawn after ours).
      if (index >= n) return extra && index - n < extra.length ? { ...fieldValues(prepared!.other.trees, extra[index - n]), only_in: 'compared' } : null;
      const out = fieldValues(d.trees, index);
      const g = a.zones,
        pz = g.treePlot[index],
        az = g.treeArea[index];
      if (pz >= 0 && out.plot_id === null) out.plot_id = g.plots[pz].id;
      if (az >= 0 && out.irrigation_area_id === null) out.irrigation_area_id = g.areas[az].id;
      return out;
    },

    async treeIndex(treeId: string): Promise<number> {
      const ids = loaded().d.trees.ids;
      for (let i = 0, n = ids.kind === 'int' ? ids.values.length : ids.values.codes.length; i < n; i++) if (String(idAt(ids, i)) === treeId) return i;
      return -1;
    },

    async nearestTree(lon: number, lat: number, maxMetres?: number) {
      const { d } = loaded();
      // The survey's own trees (not a comparison's extra ones): the ones with row and tree numbers to walk to.
      return Number.isFinite(lon) && Number.isFinite(lat) ? nearestTreeWithin(d.trees.positions, d.trees.length, [lon, lat], maxMetres) : null;
    },

    async compare(input: MapDataInput | null, otherIsNewer: boolean): Promise<CompareResult | null> {
      // Decoded before the session is touched: an Arrow reader loading is a wait other messages may run in.
      const other = input && (await decode(input));
      const x = loaded();
      x.prepared = null;
      x.drawn = x.d.trees.positions;
      x.classes.clear();
      x.painted = null;
      if (!other) return null;
      const p = prepareComparison(x.d, other, otherIsNewer);
      x.prepared = p;
      let matched = 0;
      for (const j of p.cmp.join.match) if (j >= 0) matched++;
      const extraCount = p.cmp.join.extra.length;
      if (!extraCount) return { otherCount: p.other.trees.length, matched, extraCount, drawn: null };
      const base = x.d.trees.positions;
      x.drawn = new Float64Array(base.length + p.extraPositions.length);
      x.drawn.set(base);
      x.drawn.set(p.extraPositions, base.length);
      const positions = x.drawn.slice();
      // The same origin as the load's offsets: our trees keep their offsets exactly.
      const offsets = treeOffsets(positions, positions.length >> 1, extentCentre(base, base.length >> 1));
      return transfer({ otherCount: p.other.trees.length, matched, extraCount, drawn: { positions, offsets } }, [positions.buffer, offsets.values.buffer]);
    },

    async comparedProperties(index: number): Promise<TreeFieldValues | null> {
      const { d, prepared } = loaded();
      if (!prepared || !(Number.isInteger(index) && index >= 0 && index < d.trees.length)) return null;
      const j = prepared.cmp.join.match[index];
      return j >= 0 ? fieldValues(prepared.other.trees, j) : null;
    },

    async zones() {
      const { d, a, prepared } = loaded();
      return zoneTable(d, a, prepared);
    },

    async prescription(input: PrescriptionInput) {
      const { d, a } = loaded();
      try {
        const preview = previewOf(buildPrescription(d, a, input));
        return transfer(preview, previewBuffers(preview));
      } catch (e) {
        if (e instanceof PrescriptionError) return { error: e.code, message: e.message };
        throw e;
      }
    },

    async treeList(filter: ListFilter, sort: ListSort, requestId: number): Promise<TreeList | Cancelled> {
      if (await overtaken('list', requestId)) return CANCELLED;
      const x = loaded(),
        { d, a, prepared } = x;
      // A plot / irrigation area chosen on the map narrows the list by the one zone grouping.
      const z = filter.zone ? zoneOf(x, filter.zone) : null;
      const zones = z ? { of: z.of, want: new Set([z.index]) } : null;
      const indices = filterTrees(d.trees, { mode: filter.mode, hidden: filter.hidden, zones }, {}, classesOf(x, filter.mode).classes);
      const list = treeList(d, a, prepared, indices, sort);
      return transfer(list, listBuffers(list));
    },
  };
}
