// Plots and irrigation areas: ids, duplicate removal, multipolygon split and
// projection to lon/lat (client.md §4 "Duplicates and geometry").
import type { Feature, FeatureCollection, Position } from 'geojson';
import { polygonToLonLat } from './projection';
import type { AreaFeature, AreaGeometry, FeatureKind } from './types';
import { looseText } from './values';

/** Feature id: GeoJSON `id` first, then the kind's id property; '' when neither. */
export function rawFeatureId(f: Pick<Feature, 'id'> & { properties?: Record<string, unknown> | null }, idField: string): string | number | '' {
  const id = f.id ?? f.properties?.[idField];
  if (typeof id === 'number') return Number.isFinite(id) ? id : '';
  return looseText(id).trim();
}

/** Generated ids `${prefix}_gen${n}`, skipping any value that is already taken. */
export function makeIdGenerator(prefix: string, taken: Set<string>): () => string {
  let n = 0;
  return () => {
    let id = `${prefix}_gen${n++}`;
    while (taken.has(id)) id = `${prefix}_gen${n++}`;
    taken.add(id);
    return id;
  };
}

export interface NormalizedAreas<P> {
  features: AreaFeature<P>[];
  /** Ids seen more than once, each listed once, in order of first repeat. */
  duplicates: string[];
  generatedIds: number;
  /** Features dropped because they had no (multi)polygon geometry. */
  skipped: number;
}

export interface NormalizeOptions {
  kind: FeatureKind;
  idField: string;
  /** Input coordinates are EPSG:3857 (map-data call) and must become lon/lat. */
  fromMercator: boolean;
}

/**
 * Keeps the first feature of each id, gives id-less features generated ids and
 * splits each MultiPolygon into Polygons with ids `${id}_poly${n}`, n counting
 * from 0 so that part n is `coordinates[n]` of the source geometry.
 */
export function normalizeAreas<P extends Record<string, unknown>>(
  fc: FeatureCollection<AreaGeometry | null, P> | null | undefined,
  opts: NormalizeOptions,
): NormalizedAreas<P> {
  const input = fc?.features ?? [];
  const taken = new Set<string>();
  for (const f of input) {
    const id = rawFeatureId(f, opts.idField);
    if (id !== '') taken.add(String(id));
  }
  const nextId = makeIdGenerator(opts.kind.replace(/ /g, '_'), taken);
  const seen = new Set<string>();
  const dupSet = new Set<string>();
  const out: AreaFeature<P>[] = [];
  let generatedIds = 0;
  let skipped = 0;
  for (const f of input) {
    let id = rawFeatureId(f, opts.idField);
    if (id === '') {
      id = nextId();
      generatedIds++;
    }
    const key = String(id);
    if (seen.has(key)) {
      dupSet.add(key);
      continue;
    }
    seen.add(key);
    const g = f.geometry;
    const props = (f.properties ?? {}) as P;
    const toPolygon = (rings: Position[][]) => (opts.fromMercator ? polygonToLonLat(rings) : { type: 'Polygon' as const, coordinates: rings });
    if (g?.type === 'Polygon') {
      out.push({ id, sourceId: id, geometry: toPolygon(g.coordinates), properties: props });
    } else if (g?.type === 'MultiPolygon') {
      g.coordinates.forEach((rings, n) => {
        out.push({ id: `${key}_poly${n}`, sourceId: id, geometry: toPolygon(rings), properties: props });
      });
    } else {
      skipped++;
    }
  }
  return { features: out, duplicates: [...dupSet], generatedIds, skipped };
}

/**
 * The name of a plot or irrigation area: its own name field (plot_name /
 * irrigation_area_name), else `name`; blank counts as none. The one naming rule
 * of the map, the lists, the areas table and the exports.
 */
export function zoneLabel(props: Record<string, unknown> | null | undefined): string | null {
  for (const k of ['plot_name', 'irrigation_area_name', 'name']) {
    const v = props?.[k];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return null;
}
