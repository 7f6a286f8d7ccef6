// The tree export, run in the job thread (server/jobs): decode the survey's
// snapshot's Arrow file, keep the trees the filter keeps (the same legend classes
// the map draws, workers/geo), and send the file in pieces at the client's pace.
import { readFileSync } from 'node:fs';
import type { ExportFormat } from '../../src/domain/export';
import {
  CHANGE_KEYS,
  compareTrees,
  decodeMapDataArrow,
  drawnZoneOf,
  filterTrees,
  groupZones,
  placeRows,
  resolveNpkRanges,
  type ColourMode,
  type Comparison,
  type GeoDataset,
} from '../../workers/geo';
import { TREE_STATUS_NAMES } from '../../src/domain/tree-status-names';
import { areaNames, fieldNames, treeRecordChunks } from './tree-records';
import { writerFor, type TextSizes } from './writers';

export interface ExportJobInput {
  /** The survey snapshot's Arrow file. */
  arrow: string;
  format: ExportFormat;
  mode: ColourMode;
  hide?: number[];
  plotId?: number;
  irrigationAreaId?: number;
  lang: 'he' | 'en';
  /** Document title (KML) and the base name of the files inside the shapefile zip. */
  title: string;
  base: string;
  /** The survey compared with (its snapshot's Arrow file), and whether it was flown later. */
  compare?: { arrow: string; newer: boolean };
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const longest = (values: Iterable<unknown>) => {
  let m = 1;
  for (const v of values) if (typeof v === 'string') m = Math.max(m, bytes(v));
  return m;
};

/** The plot or irrigation area asked for, by the map's one grouping rule (zone-groups.ts); extra trees of a comparison included. */
function zoneFilter(d: GeoDataset, cmp: Comparison | null, input: Pick<ExportJobInput, 'plotId' | 'irrigationAreaId'>) {
  const kind = input.plotId !== undefined ? 'plot' : input.irrigationAreaId !== undefined ? 'area' : null;
  if (!kind) return null;
  const g = groupZones(d),
    id = String(kind === 'plot' ? input.plotId : input.irrigationAreaId);
  const want = new Set([(kind === 'plot' ? g.plots : g.areas).findIndex((z) => z.id === id)]);
  const placed = cmp?.join.extra.length ? placeRows(cmp.other, cmp.join.extra, d) : null;
  return { of: drawnZoneOf(kind === 'plot' ? g.treePlot : g.treeArea, kind === 'plot' ? placed?.plot : placed?.area), want };
}

export async function exportJob(_db: unknown, input: ExportJobInput, send: (chunk: Uint8Array) => Promise<void>): Promise<{ trees: number }> {
  const d = decodeMapDataArrow(readFileSync(input.arrow));
  const t = d.trees;
  const cmp = input.compare ? compareTrees(t, decodeMapDataArrow(readFileSync(input.compare.arrow)).trees, input.compare.newer) : null;
  const indices = filterTrees(
    t,
    { mode: input.mode, hidden: input.hide, zones: zoneFilter(d, cmp, input) },
    {
      biomassRange: d.biomassRange,
      npkRanges: resolveNpkRanges(d.npkRanges),
      comparison: cmp,
    },
  );
  const names = areaNames(d);
  const sizes: TextSizes = {
    plot: longest(names.plots.values()),
    area: longest(names.areas.values()),
    tree_id: Math.max(t.ids.kind === 'text' ? longest(t.ids.values.dict) : 11, cmp?.other.ids.kind === 'text' ? longest(cmp.other.ids.values.dict) : 11),
    change: longest(CHANGE_KEYS),
    status_nm: longest([...Object.values(TREE_STATUS_NAMES.he), ...Object.values(TREE_STATUS_NAMES.en)]),
    crop: longest([...t.text.crop_name.dict, ...(cmp?.other.text.crop_name.dict ?? [])]),
    plant_date: longest([...t.text.planting_date.dict, ...(cmp?.other.text.planting_date.dict ?? [])]),
  };
  const intIds = t.ids.kind === 'int' && (!cmp || cmp.other.ids.kind === 'int');
  const w = writerFor(input.format, { title: input.title, base: input.base, sizes, intIds, fields: fieldNames(!!cmp) });
  const enc = new TextEncoder();
  const out = async (piece: string | Uint8Array) => {
    const b = typeof piece === 'string' ? enc.encode(piece) : piece;
    if (b.length) await send(b);
  };
  await out(w.head());
  for (const records of treeRecordChunks(d, indices, input.lang, cmp, names)) await out(w.chunk(records));
  await out(await w.tail());
  return { trees: indices.length };
}
