// Builds TreeColumns row by row (GeoJSON features or server rows) with no
// per-tree objects kept: typed arrays grow by doubling, text goes to dictionaries.
import { DictionaryBuilder } from './dictionary';
import { TreeIdBuilder } from './tree-ids';
import {
  NUMERIC_FIELDS,
  TEXT_FIELDS,
  type LooseId,
  type LooseNumber,
  type NumericField,
  type StringColumn,
  type TextField,
  type TreeColumns,
  type TreeProperties,
} from './types';
import { numericFields, textFields, TREE_FIELDS, type TreeFieldList } from './fields';
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

/** The index of each text field of the one list (push names them, so a reordered list stays right). */
const T = Object.fromEntries(TEXT_FIELDS.map((k, i) => [k, i])) as Record<TextField, number>;

export class TreeColumnsBuilder {
  private n = 0;
  private positions: Float64Array;
  private status: Uint8Array;
  private readonly numeric = {} as Record<NumericField, Float32Array>;
  private readonly text = {} as Record<TextField, DictionaryBuilder>;
  private readonly last: { raw: unknown; code: number }[];
  private readonly ids: TreeIdBuilder;
  private readonly textList: DictionaryBuilder[];
  private readonly numericKeys: string[];
  private readonly textKeys: string[];
  /** Fields of a list beyond the one list's (a field added in a test's list): read by name, after the known ones. */
  private readonly extraNumeric: string[];
  private readonly extraText: { key: string; index: number }[];

  constructor(capacity = 1024, fields: TreeFieldList = TREE_FIELDS) {
    const cap = Math.max(1, capacity);
    this.positions = new Float64Array(cap * 2);
    this.status = new Uint8Array(cap);
    this.numericKeys = [...new Set([...NUMERIC_FIELDS, ...numericFields(fields)])];
    this.textKeys = [...new Set([...TEXT_FIELDS, ...textFields(fields)])];
    const num = this.numeric as Record<string, Float32Array>,
      txt = this.text as Record<string, DictionaryBuilder>;
    for (const f of this.numericKeys) num[f] = new Float32Array(cap);
    for (const f of this.textKeys) txt[f] = new DictionaryBuilder(cap);
    this.ids = new TreeIdBuilder(cap);
    this.textList = this.textKeys.map((f) => txt[f]);
    this.last = this.textKeys.map(() => ({ raw: NONE as unknown, code: 0 }));
    this.extraNumeric = this.numericKeys.slice(NUMERIC_FIELDS.length);
    this.extraText = this.textKeys.slice(TEXT_FIELDS.length).map((key, k) => ({ key, index: TEXT_FIELDS.length + k }));
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
      const all = this.numeric as Record<string, Float32Array>;
      for (const f of this.numericKeys) all[f] = grow(all[f], cap);
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
    this.txt(T.planting_date, p.planting_date);
    this.txt(T.crop_name, p.crop_name);
    this.txt(T.n_label, p.n_label);
    this.txt(T.p_label, p.p_label);
    this.txt(T.k_label, p.k_label);
    this.txt(T.n_classification, p.n_classification);
    this.txt(T.p_classification, p.p_classification);
    this.txt(T.k_classification, p.k_classification);
    this.txt(T.n_classification_label, p.n_classification_label);
    this.txt(T.p_classification_label, p.p_classification_label);
    this.txt(T.k_classification_label, p.k_classification_label);
    this.txt(T.canopy_diameter_label, p.canopy_diameter_label);
    this.txt(T.canopy_classification, p.canopy_classification);
    this.txt(T.canopy_classification_label, p.canopy_classification_label);
    this.txt(T.biomass_label, p.biomass_label);
    this.txt(T.irrigation_area_id, p.irrigation_area_id);
    this.txt(T.plot_id, p.plot_id);
    if (this.extraNumeric.length || this.extraText.length) this.pushExtra(i, p as Record<string, unknown>);
    return true;
  }

  /** A list's fields beyond the one list's, read by name (the known ones above are static reads: ~3x faster). */
  private pushExtra(i: number, p: Record<string, unknown>): void {
    const num = this.numeric as Record<string, Float32Array>;
    for (const f of this.extraNumeric) num[f][i] = parseLooseNumber(p[f] as LooseNumber);
    for (const f of this.extraText) this.txt(f.index, p[f.key]);
  }

  /** Text field f (index in the builder's text fields); neighbouring trees usually repeat a value, so skip the Map then. */
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
    const numeric = {} as Record<string, Float32Array>;
    for (const f of this.numericKeys) numeric[f] = (this.numeric as Record<string, Float32Array>)[f].slice(0, n);
    const text = {} as Record<string, StringColumn>;
    for (const f of this.textKeys) text[f] = (this.text as Record<string, DictionaryBuilder>)[f].finish();
    const ids = this.ids.finish();
    return {
      columns: {
        length: n,
        positions: this.positions.slice(0, 2 * n),
        ids,
        status: this.status.slice(0, n),
        numeric: numeric as TreeColumns['numeric'],
        text: text as TreeColumns['text'],
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

export function rowsToTreeColumns(rows: readonly TreeRow[], fields: TreeFieldList = TREE_FIELDS): BuiltTrees {
  const b = new TreeColumnsBuilder(rows.length, fields);
  for (const r of rows) b.push(r.lon, r.lat, r);
  return b.finish();
}
