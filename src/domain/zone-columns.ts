// The statistics table per plot and irrigation area (issue 13): its columns,
// one definition for the table on the map and the CSV the API returns
// (GET /api/projects/{id}/zones?format=csv), so both show the same numbers.
import { CHANGE } from '../../workers/geo/compare';
import { MEASURES, type Measure } from '../../workers/geo/statistics';
import type { ZoneRow } from '../../workers/geo/zones';

export const ZONE_FORMATS = ['csv', 'json'] as const;
export type ZoneFormat = (typeof ZONE_FORMATS)[number];

export interface ZoneColumn {
  /** CSV header and table column id. */
  key: string;
  get: (z: ZoneRow) => number | string | null;
  /** Decimals when shown (CSV keeps full precision). */
  digits?: number;
  /** Only while comparing. */
  change?: boolean;
  /** A text column (else a number, null when the zone has none). */
  text?: boolean;
}

const status = (z: ZoneRow, code: number) => z.stats.status_counts[code]?.count ?? 0;
const share = (z: ZoneRow, code: number) => (z.stats.total_trees ? (100 * status(z, code)) / z.stats.total_trees : null);
const DIGITS: Record<Measure, number> = { n: 2, p: 3, k: 2, vitality: 2, canopy: 1 };
const measure = (m: Measure): ZoneColumn[] => [
  { key: `${m}_mean`, get: (z) => z.stats.spread[m].mean, digits: DIGITS[m] },
  { key: `${m}_sd`, get: (z) => z.stats.spread[m].sd, digits: DIGITS[m] },
];
const changeCount = (key: keyof typeof CHANGE): ZoneColumn => ({ key, get: (z) => z.change?.counts[CHANGE[key]] ?? null, change: true });

export const ZONE_COLUMNS: readonly ZoneColumn[] = [
  { key: 'kind', get: (z) => (z.kind === 'plot' ? 'plot' : 'irrigation_area'), text: true },
  { key: 'id', get: (z) => z.id, text: true },
  { key: 'name', get: (z) => z.name, text: true },
  { key: 'trees', get: (z) => z.stats.total_trees },
  { key: 'healthy_pct', get: (z) => share(z, 0), digits: 1 },
  { key: 'weak_pct', get: (z) => share(z, 1), digits: 1 },
  { key: 'weak_dead_pct', get: (z) => share(z, 2), digits: 1 },
  { key: 'dead', get: (z) => status(z, 3) },
  { key: 'missing', get: (z) => status(z, 4) },
  { key: 'unknown', get: (z) => status(z, 5) },
  ...MEASURES.flatMap(measure),
  changeCount('lost'),
  changeCount('declined'),
  changeCount('stable'),
  changeCount('improved'),
  changeCount('new'),
  changeCount('gone'),
  { key: 'vitality_change', get: (z) => z.change?.vitality ?? null, digits: 3, change: true },
  { key: 'canopy_change', get: (z) => z.change?.canopy ?? null, digits: 2, change: true },
];

/** The columns of a table with or without a comparison. */
export const zoneColumns = (comparing: boolean) => ZONE_COLUMNS.filter((c) => comparing || !c.change);

/** The download URL of the table (the map's button is exactly this API call). */
export function zonesUrl(projectId: number, q: { format?: ZoneFormat; compare?: number | null }): string {
  const p = new URLSearchParams({ format: q.format ?? 'csv' });
  if (q.compare) p.set('compare', String(q.compare));
  return `/api/projects/${projectId}/zones?${p}`;
}
