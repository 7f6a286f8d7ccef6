import type { z } from 'zod';
import type { Queryable } from '../db/adapter';
import type { clientDataResponse, editorOptionsResponse } from '../../src/domain/contracts/data-editor';
import { AREA_SQL, PLOT_SQL, type AreaRow, type PlotRow } from './editor-features';

// The data editor's reads (admin.md §3, §7): its version tag, the client's plots, irrigation areas and
// projects, the trees changed since a version, and the forms' option lists.

type ClientDataResponse = z.output<typeof clientDataResponse>;
type EditorOptions = z.output<typeof editorOptionsResponse>;

/**
 * The trees changed after version `since` (migration 050's tree_changes), or
 * null when the log cannot tell (a bulk write, or older than the log keeps):
 * then the editor gets everything.
 */
export async function changedSince(q: Queryable, clientId: number, since: number, current: number): Promise<number[] | null> {
  if (since > current) return null;
  if (since === current) return [];
  const { rows } = await q.query<{ versions: number; unknown: boolean; ids: number[] | null }>(
    `SELECT count(DISTINCT version)::int AS versions, bool_or(tree_id IS NULL) AS unknown, array_agg(DISTINCT tree_id) AS ids
       FROM tree_changes WHERE client_id = $1 AND version > $2 AND version <= $3`,
    [clientId, since, current],
  );
  const r = rows[0];
  if (!r || r.unknown || r.versions !== current - since) return null;
  return r.ids ?? [];
}

/**
 * What the editor's data reads, as one tag (migration 050 versions): the
 * client's name, its trees/plots/irrigation areas, its projects, and the
 * names of breeds and crops. Same tag → same body: the editor reopens with a 304.
 */
const EDITOR_VERSION_SQL = `
  SELECT name, trees_version, breeds, concat_ws('.', cv, data_version, projects_version, breeds, crops) AS tag FROM (
    SELECT c.name, c.version AS cv, v.data_version, v.projects_version, coalesce(v.trees_version, 0)::float8 AS trees_version,
           (SELECT md5(coalesce(string_agg(breed_id || ':' || version, ',' ORDER BY breed_id), '')) FROM breeds) AS breeds,
           (SELECT md5(coalesce(string_agg(crop_id || ':' || version, ',' ORDER BY crop_id), '')) FROM crop_options) AS crops
      FROM clients c LEFT JOIN client_versions v ON v.client_id = c.client_id
     WHERE c.client_id = $1) x`;

/** The client's name, trees version, breeds hash and the editor's tag; undefined when there is no such client. */
export async function editorVersion(q: Queryable, clientId: number) {
  const { rows } = await q.query<{ name: string; tag: string; trees_version: number; breeds: string }>(EDITOR_VERSION_SQL, [clientId]);
  return rows[0];
}

export async function clientPlotRows(q: Queryable, clientId: number): Promise<PlotRow[]> {
  return (await q.query<PlotRow>(`${PLOT_SQL} WHERE p.client_id = $1 ORDER BY p.plot_id`, [clientId])).rows;
}

export async function clientAreaRows(q: Queryable, clientId: number): Promise<AreaRow[]> {
  return (await q.query<AreaRow>(`${AREA_SQL} WHERE ia.client_id = $1 ORDER BY ia.irrigation_area_id`, [clientId])).rows;
}

/** The client's projects, newest first: the survey-results import targets one of them. */
export async function clientProjectList(q: Queryable, clientId: number): Promise<ClientDataResponse['projects']> {
  const { rows } = await q.query<ClientDataResponse['projects'][number]>(
    `SELECT project_id, name, observation_date::text AS observation_date FROM projects WHERE client_id = $1 ORDER BY observation_date DESC NULLS LAST, project_id DESC`,
    [clientId],
  );
  return rows;
}

/** The forms' option lists (admin.md §3: the fixed ids 1–3 are what the seed puts there). */
export async function editorOptions(q: Queryable): Promise<Pick<EditorOptions, 'crops' | 'breeds'>> {
  const [crops, breeds] = await Promise.all([
    q.query<EditorOptions['crops'][number]>(`SELECT crop_id, crop_name FROM crop_options ORDER BY crop_id`),
    q.query<EditorOptions['breeds'][number]>(`SELECT breed_id, breed_name, crop_id FROM breeds ORDER BY breed_id`),
  ]);
  return { crops: crops.rows, breeds: breeds.rows };
}
