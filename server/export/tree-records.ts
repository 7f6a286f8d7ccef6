// The exported trees as records (one shape for every format): the trees a
// filter keeps, in survey order, EXPORT_FIELDS each, numbers to 3 decimals,
// coordinates WGS84 to 7 decimals (~1 cm; RFC 7946 precision advice).
import { EXPORT_COMPARE_FIELDS, EXPORT_FIELDS, exportFieldSpecs, type ExportField } from '../../src/domain/export';
import { TREE_STATUS_NAMES } from '../../src/domain/tree-status-names';
import { CHANGE_KEYS, changeClasses, idAt, measureDifferences, zoneLabel, type Comparison, type GeoDataset } from '../../workers/geo';
import { TREE_FIELDS, type TreeFieldList } from '../../workers/geo/fields';

export type ExportValue = string | number | null;
export interface TreeRecord {
  lon: number;
  lat: number;
  values: Partial<Record<ExportField, ExportValue>>;
}

const round = (v: number, d: number) => (v === v ? Number(v.toFixed(d)) : null);
const coord = (v: number) => Number(v.toFixed(7));

function names(features: GeoDataset['plots'] | GeoDataset['irrigationAreas']): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of features) {
    const v = zoneLabel(f.properties);
    if (v !== null) m.set(String(f.sourceId), v);
  }
  return m;
}

export type AreaNames = { plots: Map<string, string>; areas: Map<string, string> };
/** Plot and irrigation-area names by id, as the map data carries them. */
export const areaNames = (d: GeoDataset): AreaNames => ({ plots: names(d.plots), areas: names(d.irrigationAreas) });

/**
 * Records of the drawn trees at `indices` (while comparing, an index past the
 * survey's trees is a tree only the compared survey has), `chunk` at a time
 * (at most one chunk of objects alive).
 */
export function* treeRecordChunks(
  d: GeoDataset,
  indices: Uint32Array,
  lang: 'he' | 'en',
  cmp: Comparison | null = null,
  { plots: plotNames, areas: areaNamesById }: AreaNames = areaNames(d),
  chunk = 10_000,
  fields: TreeFieldList = TREE_FIELDS,
): Generator<TreeRecord[]> {
  const treeFields = fields.filter((f) => f.export);
  const order = exportFieldSpecs(fields).map((f) => f.name);
  const n = d.trees.length;
  const status = TREE_STATUS_NAMES[lang];
  const idNum = (s: string | null) => (s === null ? null : Number.isFinite(Number(s)) ? Number(s) : s);
  const change = cmp ? { classes: changeClasses(cmp), vit: measureDifferences(cmp, 'biomass'), can: measureDifferences(cmp, 'canopy_diameter') } : null;
  for (let s = 0; s < indices.length; s += chunk) {
    const out: TreeRecord[] = [];
    for (let j = s; j < Math.min(indices.length, s + chunk); j++) {
      const drawn = indices[j];
      const t = drawn < n ? d.trees : cmp!.other;
      const i = drawn < n ? drawn : cmp!.join.extra[drawn - n];
      const txt = t.text,
        num = t.numeric;
      const text = (f: keyof typeof txt) => txt[f].dict[txt[f].codes[i]] || null;
      const plotId = text('plot_id'),
        areaId = text('irrigation_area_id');
      const id = idAt(t.ids, i);
      const compared: Partial<Record<ExportField, ExportValue>> = change
        ? { change: CHANGE_KEYS[change.classes[drawn]], vit_change: round(change.vit[drawn], 3), can_change: round(change.can[drawn], 3) }
        : {};
      const values: Record<string, ExportValue> = {
        plot: plotId === null ? null : (plotNames.get(plotId) ?? null),
        area: areaId === null ? null : (areaNamesById.get(areaId) ?? null),
        status_nm: status[String(t.status[i])] ?? null,
        plot_id: idNum(plotId),
        area_id: idNum(areaId),
      };
      // The tree's own fields, as the one list of fields says: numbers to 3 decimals (whole when shown whole).
      for (const f of treeFields) {
        const name = f.export!.name;
        if (f.store === 'id') values[name] = typeof id === 'number' ? id : (id ?? null);
        else if (f.store === 'status') values[name] = t.status[i];
        else if (f.store === 'numeric') values[name] = round((num as Record<string, Float32Array>)[f.key][i], f.decimals === 0 ? 0 : 3);
        else values[name] = text(f.key as keyof typeof txt);
      }
      const ordered: Record<string, ExportValue> = {}; // file order (the fields' export columns)
      for (const name of order) ordered[name] = values[name] ?? null;
      out.push({ lon: coord(t.positions[2 * i]), lat: coord(t.positions[2 * i + 1]), values: { ...ordered, ...compared } });
    }
    yield out;
  }
}

export const FIELD_NAMES: ExportField[] = EXPORT_FIELDS.map(([name]) => name);
/** The fields of an export: the comparison's three after the tree's own. */
export const fieldNames = (comparing: boolean): ExportField[] => [...FIELD_NAMES, ...(comparing ? EXPORT_COMPARE_FIELDS.map(([name]) => name) : [])];
