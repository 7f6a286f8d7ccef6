// The GeoJSON form of a survey's map data (client.md §7, EPSG:3857), written straight from the column arrays
// (no object per tree) in pieces, so the API streams it (map-data-job.ts); the Arrow form and the areas are
// map-data-build.ts's.
import { latToMercatorY, lonToMercatorX, type NpkRanges } from '../../workers/geo';
import { BiomassRange, areaCollection, buildMapArrow, npkRangesFor, plotCollection, round3, type BuiltMapData } from './map-data-build';
import { TREE_FIELDS, type AreaRow, type Cell, type ProjectMapRows, type TreeArrays } from './map-data-query';

/**
 * The tree features as JSON text pieces of ~32k characters, made as they are
 * taken (a stream holds one piece, not a whole read's ~3.5 MB, and a piece is
 * small enough to be born in V8's young generation, under 128 KB even with
 * Hebrew names); each string literal is escaped once per distinct value.
 */
function* treeFeaturesJson(trees: TreeArrays, first: boolean): Generator<string> {
  const { lon, lat, cols, length } = trees;
  const quoted = new Map<string, string>();
  const cell = (v: Cell): string => {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
    let q = quoted.get(v);
    if (q === undefined) quoted.set(v, (q = JSON.stringify(v)));
    return q;
  };
  const keys = TREE_FIELDS.map((f, i) => `${i === 0 ? '' : ','}"${f}":`);
  const columns = TREE_FIELDS.map((f) => cols[f]);
  let piece = '';
  for (let i = 0; i < length; i++) {
    let s = `${i === 0 && first ? '' : ','}{"type":"Feature","geometry":{"type":"Point","coordinates":[${round3(lonToMercatorX(lon[i]))},${round3(latToMercatorY(lat[i]))}]},"properties":{`;
    for (let f = 0; f < columns.length; f++) s += keys[f] + cell(columns[f][i]);
    piece += `${s}}}`;
    if (piece.length > 1 << 15) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

/**
 * The survey-wide ranges both forms carry: biomass min/max over valid values
 * and the N/P/K crop ranges of the crops of its plots and trees. Fed tree
 * chunks one by one (the streamed GeoJSON) or all at once (the Arrow form).
 */
class SurveyRanges {
  private readonly biomass = new BiomassRange();
  private readonly crops = new Set<Cell>();
  constructor(plots: AreaRow[]) {
    for (const p of plots) this.crops.add(p.crop_name);
  }

  add(trees: TreeArrays): void {
    const { biomass, tree_status: status } = trees.cols;
    for (let i = 0; i < trees.length; i++) this.biomass.add(biomass[i], status[i]);
    for (const c of trees.cols.crop_name) this.crops.add(c);
  }

  result(): { biomassRange: { min: number | null; max: number | null }; npkRanges: NpkRanges } {
    return { biomassRange: this.biomass.result(), npkRanges: npkRangesFor(this.crops) };
  }
}

/**
 * The GeoJSON form of client.md §7 (EPSG:3857) in pieces, so it can be
 * streamed: the head (plots, irrigation areas), the trees chunk by chunk, then
 * the tail with the ranges over every tree written.
 */
export class MapJsonWriter {
  private first = true;
  private readonly ranges: SurveyRanges;
  constructor(private readonly areas: Pick<ProjectMapRows, 'plots' | 'irrigationAreas'>) {
    this.ranges = new SurveyRanges(areas.plots);
  }

  head(): string {
    return `{"plots":${JSON.stringify(plotCollection(this.areas.plots))},"irrigationAreas":${JSON.stringify(areaCollection(this.areas.irrigationAreas))},"trees":{"type":"FeatureCollection","features":[`;
  }

  /** The chunk's features, as pieces made when taken (the ranges count the chunk now). */
  trees(chunk: TreeArrays): Iterable<string> {
    const pieces = treeFeaturesJson(chunk, this.first);
    if (chunk.length) this.first = false;
    this.ranges.add(chunk);
    return pieces;
  }

  tail(): string {
    const { biomassRange, npkRanges } = this.ranges.result();
    return `]},"biomassRange":${JSON.stringify(biomassRange)},"npkRanges":${JSON.stringify(npkRanges)}}`;
  }
}

/** The whole GeoJSON form at once (the wire benchmark; the API streams it with MapJsonWriter). */
export function buildMapJson(rows: ProjectMapRows): Buffer {
  const w = new MapJsonWriter(rows);
  const parts = [w.head(), ...w.trees(rows.trees), w.tail()];
  return Buffer.concat(parts.map((p) => Buffer.from(p, 'utf8')));
}

/** Both forms (the wire benchmark compares them). */
export function buildMapData(rows: ProjectMapRows): BuiltMapData {
  return { ...buildMapArrow(rows), json: buildMapJson(rows) };
}
