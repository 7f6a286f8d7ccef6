// THE list of a tree's fields (client.md §3), one entry per field with every
// rule about it: how the core keeps it, where the server reads it, whether a
// survey measures it (seeded, imported, within which bounds), its valid-value
// rule (client.md §5), the decimals it is shown with, its unit, its export
// name and dBASE type, and its label. Everything that lists tree fields derives
// from this: the map-data query, the Arrow form, the worker's columns, the survey
// import, the seed's columns, the exports, the info panel's table
// (docs/ARCHITECTURE.md "Adding a measured field": this list and a migration).
//
// The list is a parameter with this default wherever it is read, so a test can
// add a field in a fixture list and see it go through (fields.test.ts).

/** How the geo core keeps a field: the tree id and status columns, Float32 numbers (NaN = none), dictionary text. */
export type FieldStore = 'id' | 'status' | 'numeric' | 'text';

export interface TreeFieldSpec {
  readonly key: string;
  readonly store: FieldStore;
  /** The SQL expression of the map-data query (o = tree_observations, t = trees, co = the plot's crop option). */
  readonly sql: string;
  /**
   * A result of a survey: a column of tree_observations of this SQL type, seeded and imported. `min`/`max`/`int`:
   * the survey import's bounds of a number (measures are never negative; the upper bounds keep them in float4).
   */
  readonly observed?: { readonly type: 'real' | 'smallint' | 'text'; readonly min?: number; readonly max?: number; readonly int?: boolean };
  /** client.md §5: 'measure' counts when ≥ 0 and the tree is not Missing; 'nutrient' when present and not Missing. */
  readonly valid?: 'measure' | 'nutrient';
  /** Decimals shown (the info panel, lists). */
  readonly decimals?: number;
  /**
   * Decimals the map data keeps (the compact form, wire-compact.ts; `decimals` when not given): a survey's own
   * precision (what the seed writes and a survey file gives), because the classes and ranges compare these values
   * with the crop's bounds. Kept at the shown decimals instead, 12 of 194 trees of a test
   * survey changed their P class (README "Compact map data").
   */
  readonly wireDecimals?: number;
  readonly unit?: 'percent' | 'metre' | 'index';
  /** The class shown beside the value: by the crop's range (N/P/K) or the survey's vitality thirds. */
  readonly classify?: 'nutrient' | 'vitality';
  /**
   * Export name (≤ 10 characters: the dBASE limit every shapefile reader honours), column (its place among the
   * export's fields, src/domain/export.ts) and dBASE type; numbers are written to 3 decimals (0 when shown whole).
   */
  readonly export?: { readonly name: string; readonly col: number; readonly type: 'N' | 'C'; readonly meaning: string };
  /** Its row in the tapped tree's table (status first, then where the tree is, then its measures); the label is project-map `fields.<key>`. */
  readonly panel?: number;
  /** Shown as a year only (client.md §9: the planting date). */
  readonly year?: true;
  /** The field names something else: the tree's plot or irrigation area (by id), its crop (by name). */
  readonly refers?: 'plot' | 'area' | 'crop';
  /** Other names of the column in an imported file. */
  readonly aliases?: readonly string[];
  /**
   * A word the seed or an import stores beside a measure (its label, its class): the app shows the class it derives
   * from the value and the crop's ranges (client.md §5), so the compact wire form (wire-compact.ts) leaves it out.
   */
  readonly derived?: true;
}

const nutrient = <K extends 'n_mean' | 'p_mean' | 'k_mean', E extends string>(
  key: K,
  name: E,
  meaning: string,
  col: number,
  panel: number,
  wireDecimals: number,
) =>
  ({
    key,
    store: 'numeric',
    sql: `o.${key}`,
    observed: { type: 'real', min: 0, max: 100 },
    valid: 'nutrient',
    decimals: 2,
    wireDecimals,
    unit: 'percent',
    classify: 'nutrient',
    export: { name, col, type: 'N', meaning },
    panel,
    aliases: [name],
  }) as const;
const observedText = <K extends string>(key: K) => ({ key, store: 'text', sql: `o.${key}`, observed: { type: 'text' }, derived: true }) as const;
const observedCode = <K extends string>(key: K) =>
  ({ key, store: 'text', sql: `o.${key}`, observed: { type: 'smallint', min: -32768, max: 32767, int: true }, derived: true }) as const;

/** The fields in client.md §3's order (plus plot_id, which our server sends too). */
export const TREE_FIELDS = [
  { key: 'tree_id', store: 'id', sql: 'o.tree_id', export: { name: 'tree_id', col: 4, type: 'C', meaning: 'tree id' }, panel: 1, aliases: ['id', 'treeid'] },
  {
    key: 'row_num',
    store: 'numeric',
    sql: 't.row_num',
    decimals: 0,
    export: { name: 'row', col: 2, type: 'N', meaning: 'row number' },
    panel: 4,
    aliases: ['row'],
  },
  {
    key: 'tree_num',
    store: 'numeric',
    sql: 't.tree_num',
    decimals: 0,
    export: { name: 'tree', col: 3, type: 'N', meaning: 'tree number in the row' },
    panel: 5,
    aliases: ['tree'],
  },
  {
    key: 'planting_date',
    store: 'text',
    sql: 't.planting_date::text',
    export: { name: 'plant_date', col: 8, type: 'C', meaning: 'planting date (YYYY-MM-DD)' },
    year: true,
    panel: 7,
  },
  {
    key: 'tree_status',
    store: 'status',
    sql: 'o.tree_status',
    observed: { type: 'smallint', min: 0, max: 6, int: true },
    export: { name: 'status', col: 5, type: 'N', meaning: 'tree status code (0 healthy … 5 unknown)' },
    panel: 0,
    aliases: ['status'],
  },
  { key: 'crop_name', store: 'text', sql: 'co.crop_name', export: { name: 'crop', col: 7, type: 'C', meaning: 'crop' }, panel: 6, refers: 'crop' },
  nutrient('n_mean', 'n', 'nitrogen, % (mean)', 9, 8, 3),
  nutrient('p_mean', 'p', 'phosphorus, % (mean)', 10, 9, 4),
  nutrient('k_mean', 'k', 'potassium, % (mean)', 11, 10, 3),
  observedText('n_label'),
  observedText('p_label'),
  observedText('k_label'),
  observedCode('n_classification'),
  observedCode('p_classification'),
  observedCode('k_classification'),
  observedText('n_classification_label'),
  observedText('p_classification_label'),
  observedText('k_classification_label'),
  {
    key: 'canopy_diameter',
    store: 'numeric',
    sql: 'o.canopy_diameter',
    observed: { type: 'real', min: 0, max: 1000 },
    valid: 'measure',
    decimals: 1,
    wireDecimals: 2,
    unit: 'metre',
    export: { name: 'canopy', col: 13, type: 'N', meaning: 'canopy diameter, m' },
    panel: 11,
    aliases: ['canopy'],
  },
  observedText('canopy_diameter_label'),
  observedCode('canopy_classification'),
  observedText('canopy_classification_label'),
  {
    key: 'biomass',
    store: 'numeric',
    sql: 'o.biomass',
    observed: { type: 'real', min: 0, max: 1_000_000 },
    valid: 'measure',
    decimals: 3,
    unit: 'index',
    classify: 'vitality',
    export: { name: 'vitality', col: 12, type: 'N', meaning: 'vitality (biomass index)' },
    panel: 12,
  },
  observedText('biomass_label'),
  { key: 'irrigation_area_id', store: 'text', sql: 't.irrigation_area_id', panel: 3, refers: 'area' },
  { key: 'plot_id', store: 'text', sql: 't.plot_id', panel: 2, refers: 'plot' },
] as const satisfies readonly TreeFieldSpec[];

export type TreeFieldList = readonly TreeFieldSpec[];
type Fields = (typeof TREE_FIELDS)[number];
export type TreeFieldKey = Fields['key'];
export type NumericField = Extract<Fields, { store: 'numeric' }>['key'];
export type TextField = Extract<Fields, { store: 'text' }>['key'];
export type ExportName = Extract<Fields, { export: object }>['export']['name'];
export type MeasuredField = Exclude<Extract<Fields, { observed: object }>['key'], 'tree_status'>;

const keysOf = <F extends TreeFieldSpec>(list: readonly F[], keep: (f: F) => boolean) => list.filter(keep).map((f) => f.key);

/** Numbers the core keeps as Float32Array (NaN = no value), in list order. */
export const numericFields = (list: TreeFieldList = TREE_FIELDS): string[] => keysOf(list, (f) => f.store === 'numeric');
/** Text the core keeps dictionary-coded, in list order. */
export const textFields = (list: TreeFieldList = TREE_FIELDS): string[] => keysOf(list, (f) => f.store === 'text');
/** Text the compact wire form carries (the derived words left out), in list order. */
export const wireTextFields = (list: TreeFieldList = TREE_FIELDS): string[] => keysOf(list, (f) => f.store === 'text' && !f.derived);
/** A survey's result columns (tree_observations), the status aside: seeded and imported. */
export const measuredFields = (list: TreeFieldList = TREE_FIELDS): string[] => keysOf(list, (f) => !!f.observed && f.store !== 'status');
/** The fields a tapped tree's table shows, in list order. */
export const panelFields = (list: TreeFieldList = TREE_FIELDS): TreeFieldSpec[] =>
  list.filter((f) => f.panel !== undefined).sort((a, b) => a.panel! - b.panel!);
/** The measures an export carries beside the tree's identity (those with an export name and a valid-value rule). */
export const exportMeasures = (list: TreeFieldList = TREE_FIELDS): TreeFieldSpec[] => list.filter((f) => f.export && f.valid);
export const fieldSpec = (key: string, list: TreeFieldList = TREE_FIELDS): TreeFieldSpec | undefined => list.find((f) => f.key === key);

// The core's typed lists (the default list): the worker's columns are typed by them.
export const NUMERIC_FIELDS = numericFields() as NumericField[];
export const TEXT_FIELDS = textFields() as TextField[];
export const MEASURED_FIELDS = measuredFields() as MeasuredField[];
