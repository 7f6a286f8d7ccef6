// The data editor's tree columns (admin.md §3): SQL and the job that reads
// and deflates a client's trees in the job thread, so the API thread never
// holds the text (76 MB for a 1M-tree client) nor compresses it.
import type { Db } from '../db/adapter';
import { deflatePart, type DeflatedPart } from '../gzip-parts';

/**
 * Trees travel as columns, not GeoJSON: for a 110k-tree client the feature
 * collection was ~45 MB and took 10–43 s to build; the columns are built by
 * PostgreSQL as one JSON text (no JS object per tree on the server) and
 * spliced into the response. Index i of every array is one tree, in tree_id
 * order; lon/lat are rounded to 7 decimals (~1 cm, the precision of the WKT
 * forms). Names are not repeated per tree: breed names come from `breeds`
 * (breed_id → name), plot and irrigation-area names from the two feature
 * collections.
 */
const treeColumnsSql = (trees: string, breeds: string) => `
  SELECT json_build_object(
    'count', count(*)::int,
    'tree_id', coalesce(json_agg(tree_id ORDER BY tree_id), '[]'),
    'row_num', coalesce(json_agg(row_num ORDER BY tree_id), '[]'),
    'tree_num', coalesce(json_agg(tree_num ORDER BY tree_id), '[]'),
    'breed_id', coalesce(json_agg(breed_id ORDER BY tree_id), '[]'),
    'plot_id', coalesce(json_agg(plot_id ORDER BY tree_id), '[]'),
    'irrigation_area_id', coalesce(json_agg(irrigation_area_id ORDER BY tree_id), '[]'),
    'lon', coalesce(json_agg(round(lon::numeric, 7) ORDER BY tree_id), '[]'),
    'lat', coalesce(json_agg(round(lat::numeric, 7) ORDER BY tree_id), '[]'),
    'planting_date', coalesce(json_agg(planting_date::text ORDER BY tree_id), '[]'),
    'version', coalesce(json_agg(version ORDER BY tree_id), '[]'),
    'breeds', (SELECT coalesce(json_object_agg(b.breed_id, b.breed_name), '{}') FROM breeds b WHERE ${breeds})
  )::text AS j
  FROM trees WHERE ${trees}`;
/** All the client's trees ($1). */
const TREE_COLUMNS_SQL = treeColumnsSql('client_id = $1', 'b.breed_id IN (SELECT DISTINCT breed_id FROM trees WHERE client_id = $1)');
/**
 * Some of them ($2: ids): a reload after a save. Its own statement, so the
 * planner reaches these trees by their key (with one statement for both, the
 * "ids or all" condition read every tree of the client: ~300 ms at 1M).
 * It names every breed (a short list): a renamed breed changes no tree
 * version, and the editor keeps the names it merges in.
 */
const CHANGED_TREE_COLUMNS_SQL = treeColumnsSql('client_id = $1 AND tree_id = ANY($2::int[])', 'true');

/** The columns object's members after its "{": the answer writes its own "trees":{"format":…, before them. */
const members = (json: string) => json.trim().slice(1);

/** Some of the client's trees (a reload after a save), as members of the columns object. */
export async function changedTreeMembers(db: Db, clientId: number, ids: number[]): Promise<string> {
  return members((await db.query<{ j: string }>(CHANGED_TREE_COLUMNS_SQL, [clientId, ids])).rows[0].j);
}

/** Job (job thread): all the client's trees, as members of the columns object, deflated. */
export async function editorTreesJob(db: Db, input: { clientId: number }): Promise<DeflatedPart> {
  return deflatePart(members((await db.query<{ j: string }>(TREE_COLUMNS_SQL, [input.clientId])).rows[0].j));
}
