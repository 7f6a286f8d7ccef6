// Reads one project's map data as COLUMNS: each tree field comes back as one
// array (array_agg over typed columns), so 100k trees are ~27 arrays, not 100k
// row objects, and no jsonb is built per tree.
import type { Queryable } from '../db/adapter';
import { TREE_FIELDS as FIELD_LIST, type TreeFieldKey } from '../../workers/geo/fields';

/** Tree fields in the order of client.md §3 (plus plot_id): the one list's keys; one array each, ordered by observation_id. */
export const TREE_FIELDS: readonly TreeFieldKey[] = FIELD_LIST.map((f) => f.key);
export type TreeField = TreeFieldKey;
export type Cell = string | number | null;

export interface TreeArrays {
  length: number;
  /** observation_id of each row (the order of the rows; the first observation of a tree wins). */
  obs: number[];
  lon: number[];
  lat: number[];
  cols: Record<TreeField, Cell[]>;
}

export interface AreaRow {
  id: number;
  name: string;
  geom: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
  plot_id: number | null;
  area: number | null;
  crop_name: string | null;
}

export interface ProjectMapRows {
  trees: TreeArrays;
  plots: AreaRow[];
  irrigationAreas: AreaRow[];
}

/** Where each field is read (the one list's `sql`). */
const SOURCE = Object.fromEntries(FIELD_LIST.map((f) => [f.key, f.sql])) as Record<TreeField, string>;

// Every observation in observation_id order: duplicate observations of a tree
// stay in the data so the client can report them; the first one wins.
const treesSql = (where: string, limit: string) => `
SELECT count(*)::int AS length, max(observation_id)::float8 AS last, array_agg(observation_id::float8) AS obs,
       array_agg(lon) AS lon, array_agg(lat) AS lat, ${TREE_FIELDS.map((f) => `array_agg(${f}) AS ${f}`).join(', ')}
  FROM (SELECT o.observation_id, t.lon, t.lat, ${TREE_FIELDS.map((f) => `${SOURCE[f]} AS ${f}`).join(', ')}
          FROM tree_observations o
          JOIN trees t ON t.tree_id = o.tree_id
          LEFT JOIN plots pl ON pl.plot_id = t.plot_id
          LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
         WHERE o.project_id = $1 AND ${where}
         ORDER BY o.observation_id ${limit}) s`;
// A chunk: the next `limit` observations after observation_id `after` (the
// GeoJSON stream reads in chunks, so it never holds a whole survey).
const TREES_CHUNK_SQL = treesSql('o.observation_id > $2', 'LIMIT $3');
// The observations of some trees (a snapshot patch re-reads the changed ones).
const TREES_BY_ID_SQL = treesSql('o.tree_id = ANY($2::int[])', '');

function treeArrays(t: Record<string, unknown>): TreeArrays {
  const arr = <T>(v: unknown) => (Array.isArray(v) ? (v as T[]) : []);
  const cols = {} as Record<TreeField, Cell[]>;
  for (const f of TREE_FIELDS) cols[f] = arr<Cell>(t[f]);
  return { length: Number(t.length ?? 0), obs: arr(t.obs), lon: arr(t.lon), lat: arr(t.lat), cols };
}

/** No trees (the start of a survey read a chunk at a time). */
export function emptyTreeArrays(): TreeArrays {
  return { length: 0, obs: [], lon: [], lat: [], cols: Object.fromEntries(TREE_FIELDS.map((f) => [f, []])) as unknown as Record<TreeField, Cell[]> };
}

/** The observations of these trees in the survey, in observation_id order. */
export async function loadTreesById(db: Queryable, projectId: number, treeIds: number[]): Promise<TreeArrays> {
  if (!treeIds.length) return emptyTreeArrays();
  return treeArrays((await db.query<Record<string, unknown>>(TREES_BY_ID_SQL, [projectId, treeIds])).rows[0] ?? {});
}

/** The next observations after observation_id `after` (null: none left), with the last id read. */
async function loadTreeChunk(db: Queryable, projectId: number, after: number, limit: number): Promise<{ trees: TreeArrays; last: number } | null> {
  const t = (await db.query<Record<string, unknown>>(TREES_CHUNK_SQL, [projectId, after, limit])).rows[0] ?? {};
  const trees = treeArrays(t);
  return trees.length ? { trees, last: Number(t.last) } : null;
}

/** The survey's plots and irrigation areas. */
export async function loadProjectAreas(db: Queryable, projectId: number): Promise<Pick<ProjectMapRows, 'plots' | 'irrigationAreas'>> {
  const plots = await db.query<AreaRow>(
    `SELECT pl.plot_id AS id, pl.plot_name AS name, pl.geom, pl.plot_id, pl.plot_area AS area, co.crop_name
       FROM project_plots pp JOIN plots pl ON pl.plot_id = pp.plot_id
       LEFT JOIN crop_options co ON co.crop_id = pl.crop_id
      WHERE pp.project_id = $1 ORDER BY pl.plot_id`,
    [projectId],
  );
  const areas = await db.query<AreaRow>(
    `SELECT ia.irrigation_area_id AS id, ia.irrigation_area_name AS name, ia.geom, ia.plot_id, NULL::float8 AS area, NULL::text AS crop_name
       FROM project_plots pp JOIN irrigation_areas ia ON ia.plot_id = pp.plot_id
      WHERE pp.project_id = $1 ORDER BY ia.irrigation_area_id`,
    [projectId],
  );
  return { plots: plots.rows, irrigationAreas: areas.rows };
}

/** Observations per statement when a whole survey is read: other users' queries wait at most one chunk (~0.1 s). */
const READ_CHUNK = 10_000;

/**
 * Every observation of a survey in observation order, `limit` at a time
 * (other users' queries wait at most one chunk); the next chunk is read when
 * `fn` is done with this one.
 */
export async function forEachTreeChunk(db: Queryable, projectId: number, fn: (chunk: TreeArrays) => void | Promise<void>, limit = READ_CHUNK): Promise<void> {
  for (let after = 0; ;) {
    const c = await loadTreeChunk(db, projectId, after, limit);
    if (!c) return;
    after = c.last;
    await fn(c.trees);
  }
}
