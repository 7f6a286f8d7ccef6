import type { Queryable } from '../db/adapter';
import type { Bbox } from './editor-assignment';

// The data editor's writes of plots, irrigation areas and trees (admin.md §3): inserts, column updates,
// deletes, and the counts a delete checks first. Placement (which plot/area holds what) is editor-assignment.ts.

const ID_COLUMN = { plots: 'plot_id', irrigation_areas: 'irrigation_area_id', trees: 'tree_id' } as const;
export type FeatureTable = keyof typeof ID_COLUMN;

/** Sets these columns (in this order), bumps the version and updated_at. */
export async function updateFeature(tx: Queryable, table: FeatureTable, id: number, columns: Record<string, unknown>): Promise<void> {
  const params: unknown[] = [id];
  const sets = Object.entries(columns).map(([col, v]) => `${col} = $${params.push(v)}`);
  await tx.query(`UPDATE ${table} SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE ${ID_COLUMN[table]} = $1`, params);
}

export async function deleteFeature(tx: Queryable, table: FeatureTable, id: number): Promise<void> {
  await tx.query(`DELETE FROM ${table} WHERE ${ID_COLUMN[table]} = $1`, [id]);
}

export interface NewPlot {
  client_id: number;
  plot_name: string;
  plot_area: number | null;
  crop_id: number | null;
}

export async function insertPlot(tx: Queryable, p: NewPlot, geom: unknown, box: Bbox): Promise<number> {
  const { rows } = await tx.query<{ plot_id: number }>(
    `INSERT INTO plots (client_id, plot_name, plot_area, crop_id, geom, min_lon, min_lat, max_lon, max_lat)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING plot_id`,
    [p.client_id, p.plot_name, p.plot_area, p.crop_id, JSON.stringify(geom), ...box],
  );
  return rows[0].plot_id;
}

/** Trees of the plot with survey results, and in how many projects. */
export async function plotResults(tx: Queryable, plotId: number): Promise<{ trees: number; projects: number }> {
  const { rows } = await tx.query<{ trees: number; projects: number }>(
    `SELECT count(DISTINCT o.tree_id)::int AS trees, count(DISTINCT o.project_id)::int AS projects
           FROM tree_observations o JOIN trees t ON t.tree_id = o.tree_id WHERE t.plot_id = $1`,
    [plotId],
  );
  return rows[0];
}

/** What a plot's delete keeps and unlinks: its irrigation areas and trees, the projects listing it. */
export async function plotLinks(tx: Queryable, plotId: number): Promise<{ projects: number; areas: number; trees: number }> {
  const { rows: proj } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_plots WHERE plot_id = $1`, [plotId]);
  const { rows: counts } = await tx.query<{ areas: number; trees: number }>(
    `SELECT (SELECT count(*)::int FROM irrigation_areas WHERE plot_id = $1) AS areas, (SELECT count(*)::int FROM trees WHERE plot_id = $1) AS trees`,
    [plotId],
  );
  return { projects: proj[0].n, areas: counts[0].areas, trees: counts[0].trees };
}

export interface NewArea {
  client_id: number;
  plot_id: number | null;
  irrigation_area_name: string;
  irrigation_type_id: number | null;
}

export async function insertArea(tx: Queryable, a: NewArea, geom: unknown, box: Bbox): Promise<number> {
  const { rows } = await tx.query<{ irrigation_area_id: number }>(
    `INSERT INTO irrigation_areas (client_id, plot_id, irrigation_area_name, irrigation_type_id, geom, min_lon, min_lat, max_lon, max_lat)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING irrigation_area_id`,
    [a.client_id, a.plot_id, a.irrigation_area_name, a.irrigation_type_id, JSON.stringify(geom), ...box],
  );
  return rows[0].irrigation_area_id;
}

export async function areaTreeCount(tx: Queryable, areaId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM trees WHERE irrigation_area_id = $1`, [areaId]);
  return rows[0].n;
}

export interface NewTree {
  client_id: number;
  plot_id: number | null;
  irrigation_area_id: number | null;
  row_num: number;
  tree_num: number;
  breed_id: number | null;
  planting_date: string | null;
  lon: number;
  lat: number;
}

export async function insertTree(tx: Queryable, t: NewTree): Promise<number> {
  const { rows } = await tx.query<{ tree_id: number }>(
    `INSERT INTO trees (client_id, plot_id, irrigation_area_id, row_num, tree_num, breed_id, planting_date, lon, lat)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING tree_id`,
    [t.client_id, t.plot_id, t.irrigation_area_id, t.row_num, t.tree_num, t.breed_id, t.planting_date, t.lon, t.lat],
  );
  return rows[0].tree_id;
}

/** In how many projects the tree has survey results. */
export async function treeProjectCount(tx: Queryable, treeId: number): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`SELECT count(DISTINCT project_id)::int AS n FROM tree_observations WHERE tree_id = $1`, [treeId]);
  return rows[0].n;
}
