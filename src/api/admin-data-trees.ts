import type { FeatureCollection, Point } from 'geojson';
import type { TreeColumnsWire, TreeDeltaWire } from '../domain/contracts/data-editor';
import type { TreeFeature } from './admin-data';

// The editor's trees as the server sends them: one array per field (index i
// is one tree, tree_id order) instead of ~110k GeoJSON features. Features are
// made only for what is on screen: a table page, the tree being edited, an export.

/** The columns (format 'columns') and a delta after ?since= (format 'delta'): src/domain/contracts/data-editor.ts. */
export type { TreeColumnsWire, TreeDeltaWire };

const FIELDS = ['tree_id', 'row_num', 'tree_num', 'breed_id', 'plot_id', 'irrigation_area_id', 'lon', 'lat', 'planting_date', 'version'] as const;

/** The columns after applying a delta: changed trees replaced or added, deleted ones dropped, tree_id order kept. */
export function applyTreeDelta(base: TreeColumnsWire, delta: TreeDeltaWire): TreeColumnsWire {
  const changed = new Set(delta.changed_ids);
  const fresh = new Map(delta.tree_id.map((id, i) => [id, i]));
  const order: { from: 'base' | 'delta'; i: number; id: number }[] = [];
  for (let i = 0; i < base.tree_id.length; i++) {
    const id = base.tree_id[i];
    if (!changed.has(id)) order.push({ from: 'base', i, id });
  }
  for (const [id, i] of fresh) order.push({ from: 'delta', i, id });
  order.sort((a, b) => a.id - b.id);
  const out = { format: 'columns', count: order.length, breeds: { ...base.breeds, ...delta.breeds } } as TreeColumnsWire;
  for (const f of FIELDS) {
    const a = base[f] as unknown[],
      d = delta[f] as unknown[];
    (out as unknown as Record<string, unknown[]>)[f] = order.map((o) => (o.from === 'base' ? a[o.i] : d[o.i]));
  }
  return out;
}

export class TreeColumns {
  readonly count: number;
  private index: Map<number, number> | null = null;
  private points: FeatureCollection<Point, Record<string, never>> | null = null;

  constructor(
    readonly cols: TreeColumnsWire,
    /** client_id, plot and irrigation-area names: from the other two collections. */
    private readonly names: { clientId: number; plot: Map<number, string>; area: Map<number, string> },
  ) {
    this.count = cols.tree_id.length;
  }

  breedName(i: number): string | null {
    const b = this.cols.breed_id[i];
    return b === null ? null : (this.cols.breeds[b] ?? null);
  }
  plotName(i: number): string | null {
    const p = this.cols.plot_id[i];
    return p === null ? null : (this.names.plot.get(p) ?? null);
  }
  areaName(i: number): string | null {
    const a = this.cols.irrigation_area_id[i];
    return a === null ? null : (this.names.area.get(a) ?? null);
  }

  /** Position of a tree id, or -1. */
  indexOf(id: number): number {
    if (!this.index) this.index = new Map(this.cols.tree_id.map((t, i) => [t, i]));
    return this.index.get(id) ?? -1;
  }

  /** Tree i as the GeoJSON feature the forms and exports use (§3 fields). */
  feature(i: number): TreeFeature {
    const c = this.cols,
      id = c.tree_id[i];
    return {
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [c.lon[i], c.lat[i]] },
      properties: {
        id,
        name: `Row ${c.row_num[i] ?? '–'} / Tree ${c.tree_num[i] ?? '–'}`,
        type: 'tree',
        tree_id: id,
        row_num: c.row_num[i],
        tree_num: c.tree_num[i],
        breed_id: c.breed_id[i],
        breed_name: this.breedName(i),
        planting_date: c.planting_date[i],
        irrigation_area_id: c.irrigation_area_id[i],
        irrigation_area_name: this.areaName(i),
        plot_id: c.plot_id[i],
        plot_name: this.plotName(i),
        client_id: this.names.clientId,
        version: c.version[i],
      },
    };
  }

  byId(id: number): TreeFeature | null {
    const i = this.indexOf(id);
    return i < 0 ? null : this.feature(i);
  }

  /** The map's one source: points with the tree id only (built once per load). */
  geojson(): FeatureCollection<Point, Record<string, never>> {
    if (!this.points) {
      const c = this.cols,
        features = new Array(this.count);
      for (let i = 0; i < this.count; i++)
        features[i] = { type: 'Feature', id: c.tree_id[i], geometry: { type: 'Point', coordinates: [c.lon[i], c.lat[i]] }, properties: {} };
      this.points = { type: 'FeatureCollection', features };
    }
    return this.points;
  }

  /** A copy without one tree (it was deleted elsewhere). */
  without(id: number): TreeColumns {
    const k = this.indexOf(id);
    if (k < 0) return this;
    const cut = <T>(a: T[]) => a.filter((_, i) => i !== k);
    const c = this.cols;
    return new TreeColumns(
      {
        ...c,
        count: c.count - 1,
        tree_id: cut(c.tree_id),
        row_num: cut(c.row_num),
        tree_num: cut(c.tree_num),
        breed_id: cut(c.breed_id),
        plot_id: cut(c.plot_id),
        irrigation_area_id: cut(c.irrigation_area_id),
        lon: cut(c.lon),
        lat: cut(c.lat),
        planting_date: cut(c.planting_date),
        version: cut(c.version),
      },
      this.names,
    );
  }
}
