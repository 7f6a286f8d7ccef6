// The numbers and the picture of the printable survey report (issue 14), run in
// the job thread: the survey's snapshot's Arrow file through the same workers/geo
// steps as the map (analyseDataset, surveyStatistics via zoneTable, the change
// since a compared survey, the status colours and the map's tree rasteriser).
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { photoPicture, type PhotoForPicture } from '../orthophoto/picture';
import {
  analyseDataset,
  CHANGE_KEYS,
  changeClasses,
  colourTrees,
  decodeMapDataArrow,
  lostTrees,
  mapSnapshot,
  measureDifferences,
  prepareComparison,
  surveyStatistics,
  zoneTable,
  type LostTreesOfPlot,
  type TreeStatistics,
  type ZoneRow,
} from '../../workers/geo';

export interface ReportJobInput {
  /** The survey snapshot's Arrow file. */
  arrow: string;
  compare?: { arrow: string; newer: boolean };
  /** Longest side of the map picture in pixels. */
  side?: number;
  /** The survey's aerial photo, drawn under the map picture (issue 37). */
  photo?: PhotoForPicture | null;
}

export interface ReportSnapshot {
  viewBox: [number, number, number, number];
  trees: { x: number; y: number; width: number; height: number; png: string } | null;
  /** The aerial photo under the whole picture (a JPEG), when the survey has one. */
  photo?: string | null;
  plots: string[];
  areas: string[];
}

export interface ReportData {
  total: TreeStatistics;
  zones: ZoneRow[];
  /** Change counts (CHANGE order) and mean measure changes over every tree of both surveys. */
  change: { counts: number[]; vitality: number | null; canopy: number | null } | null;
  lost: (LostTreesOfPlot & { name: string | null })[];
  crops: string[];
  snapshot: ReportSnapshot | null;
}

function meanOf(v: Float32Array): number | null {
  let s = 0,
    n = 0;
  for (let i = 0; i < v.length; i++)
    if (v[i] === v[i]) {
      s += v[i];
      n++;
    }
  return n ? s / n : null;
}

export async function reportJob(_db: unknown, input: ReportJobInput): Promise<ReportData> {
  const d = decodeMapDataArrow(readFileSync(input.arrow));
  const a = analyseDataset(d);
  const prepared = input.compare ? prepareComparison(d, decodeMapDataArrow(readFileSync(input.compare.arrow)), input.compare.newer) : null;
  const stats = surveyStatistics(d, a.zones, a);
  const zones = zoneTable(d, a, prepared, stats);
  let change: ReportData['change'] = null;
  if (prepared) {
    const counts = new Array<number>(CHANGE_KEYS.length).fill(0);
    for (const c of changeClasses(prepared.cmp)) counts[c]++;
    change = { counts, vitality: meanOf(measureDifferences(prepared.cmp, 'biomass')), canopy: meanOf(measureDifferences(prepared.cmp, 'canopy_diameter')) };
  }
  const plotNames = zones.filter((z) => z.kind === 'plot').map((z) => z.name);
  const lost = lostTrees(d.trees, a.zones.treePlot, a.zones.plots.length).map((l) => ({ ...l, name: l.plot >= 0 ? plotNames[l.plot] : null }));
  const crop = d.trees.text.crop_name;
  const used = new Set<number>(crop.codes);
  const crops = [...used]
    .map((c) => crop.dict[c])
    .filter((s): s is string => !!s)
    .sort();
  const shot = mapSnapshot({
    count: d.trees.length,
    positions: d.trees.positions,
    rgba: colourTrees(d.trees, 'status').rgba,
    plots: d.plots.map((p) => p.geometry),
    areas: d.irrigationAreas.map((p) => p.geometry),
    side: input.side ?? 1400,
  });
  let snapshot: ReportSnapshot | null = null;
  if (shot) {
    const r = shot.trees?.raster;
    const png = r
      ? PNG.sync.write(Object.assign(new PNG({ width: r.width, height: r.height }), { data: Buffer.from(r.data.buffer) })).toString('base64')
      : null;
    snapshot = {
      viewBox: shot.viewBox,
      plots: shot.plots,
      areas: shot.areas,
      trees: r && png ? { x: shot.trees!.x, y: shot.trees!.y, width: r.width, height: r.height, png } : null,
      photo: input.photo ? await photoPicture(input.photo, shot.viewBox, shot.worldSize, input.side ?? 1400) : null,
    };
  }
  return { total: stats.total, zones, change, lost, crops, snapshot };
}
