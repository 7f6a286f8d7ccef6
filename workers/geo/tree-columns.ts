// Builds TreeColumns row by row (GeoJSON features or server rows) with no
// per-tree objects kept: typed arrays grow by doubling, text goes to dictionaries.
import { DictionaryBuilder } from './dictionary';
import { TreeIdBuilder } from './tree-ids';
import { NUMERIC_FIELDS, TEXT_FIELDS, type LooseId, type NumericField, type TextField, type TreeColumns, type TreeProperties } from './types';
import { looseText, parseLooseNumber, parseStatus } from './values';

const NONE = Symbol('none');

export interface BuiltTrees {
  columns: TreeColumns;
  duplicates: string[];
  generatedIds: number;
}

function grow<T extends Float64Array | Float32Array | Uint8Array>(a: T, min: number): T {
  if (a.length >= min) return a;
  const Ctor = a.constructor as new (n: number) => T;
  const b = new Ctor(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}

export class TreeColumnsBuilder {
  private n = 0;
  private positions: Float64Array;
  private status: Uint8Array;
  private readonly numeric = {} as Record<NumericField, Float32Array>;
  private readonly text = {} as Record<TextField, DictionaryBuilder>;
  private readonly last = TEXT_FIELDS.map(() => ({ raw: NONE as unknown, code: 0 }));
  private readonly ids: TreeIdBuilder;
  private readonly textList: DictionaryBuilder[];

  constructor(capacity = 1024) {
    const cap = Math.max(1, capacity);
    this.positions = new Float64Array(cap * 2);
    this.status = new Uint8Array(cap);
    for (const f of NUMERIC_FIELDS) this.numeric[f] = new Float32Array(cap);
    for (const f of TEXT_FIELDS) this.text[f] = new DictionaryBuilder(cap);
    this.ids = new TreeIdBuilder(cap);
    this.textList = TEXT_FIELDS.map((f) => this.text[f]);
  }

  get length(): number {
    return this.n;
  }

  /**
   * Adds one tree at lon/lat; returns false when its id was a duplicate
   * (the tree is then dropped, the first occurrence wins).
   */
  push(lon: number, lat: number, props: TreeProperties | null | undefined, featureId?: LooseId): boolean {
    const p = props ?? {};
    const rawId = featureId ?? p.tree_id;
    const id = typeof rawId === 'number' ? (Number.isFinite(rawId) ? rawId : '') : looseText(rawId).trim();
    if (!this.ids.add(id)) return false;
    const i = this.n++;
    if (2 * this.n > this.positions.length) {
      const cap = this.n * 2;
      this.positions = grow(this.positions, cap * 2);
      this.status = grow(this.status, cap);
      for (const f of NUMERIC_FIELDS) this.numeric[f] = grow(this.numeric[f], cap);
    }
    this.positions[2 * i] = lon;
    this.positions[2 * i + 1] = lat;
    this.status[i] = parseStatus(p.tree_status);
    // Static property reads keep V8's loads monomorphic (a loop over field names
    // made every read a keyed lookup: ~3x slower ingest at 1M trees).
    const num = this.numeric;
    num.row_num[i] = parseLooseNumber(p.row_num);
    num.tree_num[i] = parseLooseNumber(p.tree_num);
    num.n_mean[i] = parseLooseNumber(p.n_mean);
    num.p_mean[i] = parseLooseNumber(p.p_mean);
    num.k_mean[i] = parseLooseNumber(p.k_mean);
    num.canopy_diameter[i] = parseLooseNumber(p.canopy_diameter);
    num.biomass[i] = parseLooseNumber(p.biomass);
    this.txt(0, p.planting_date);
    this.txt(1, p.crop_name);
    this.txt(2, p.n_label);
    this.txt(3, p.p_label);
    this.txt(4, p.k_label);
    this.txt(5, p.n_classification);
    this.txt(6, p.p_classification);
    this.txt(7, p.k_classification);
    this.txt(8, p.n_classification_label);
    this.txt(9, p.p_classification_label);
    this.txt(10, p.k_classification_label);
    this.txt(11, p.canopy_diameter_label);
    this.txt(12, p.canopy_classification);
    this.txt(13, p.canopy_classification_label);
    this.txt(14, p.biomass_label);
    this.txt(15, p.irrigation_area_id);
    this.txt(16, p.plot_id);
    return true;
  }

  /** Text field f (index in TEXT_FIELDS); neighbouring trees usually repeat a value, so skip the Map then. */
  private txt(f: number, raw: unknown): void {
    const last = this.last[f];
    const b = this.textList[f];
    if (raw === last.raw) b.pushCode(last.code);
    else {
      last.code = b.pushRaw(raw);
      last.raw = raw;
    }
  }

  finish(): BuiltTrees {
    const n = this.n;
    const numeric = {} as Record<NumericField, Float32Array>;
    for (const f of NUMERIC_FIELDS) numeric[f] = this.numeric[f].slice(0, n);
    const text = {} as TreeColumns['text'];
    for (const f of TEXT_FIELDS) text[f] = this.text[f].finish();
    const ids = this.ids.finish();
    return {
      columns: {
        length: n,
        positions: this.positions.slice(0, 2 * n),
        ids,
        status: this.status.slice(0, n),
        numeric,
        text,
      },
      duplicates: this.ids.duplicates,
      generatedIds: this.ids.generatedCount,
    };
  }
}

/** Server-side rows (lon/lat in EPSG:4326 plus the tree properties) → columns. */
export interface TreeRow extends TreeProperties {
  lon: number;
  lat: number;
}

export function rowsToTreeColumns(rows: readonly TreeRow[]): BuiltTrees {
  const b = new TreeColumnsBuilder(rows.length);
  for (const r of rows) b.push(r.lon, r.lat, r);
  return b.finish();
}
