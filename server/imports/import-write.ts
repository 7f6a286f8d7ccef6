import type { Db } from '../db/adapter';
import type { AuthUser } from '../plugins/auth';
import { assignPointsToPolygons } from '../../workers/geo/assign';
import { audit } from '../db/audit';
import { loadIrrigationAreas, loadPlots } from '../repos/editor-assignment';
import { VALUE_COLUMNS, valueSqlType, type ImportRow } from './import-parse';

// Survey-results import, step 3: one transaction. New trees (if asked) get
// their plot and irrigation area by location; the project's earlier results
// for the imported trees are replaced (re-running an import is idempotent);
// plots of imported trees join the project's plot list.

// Short statements: other users' queries (and health pings) wait at most one chunk on the database thread.
const CHUNK = 5_000;
const sqlType = valueSqlType;

export async function writeImport(
  db: Db,
  user: AuthUser,
  p: { projectId: number; clientId: number; projectName: string },
  rows: ImportRow[],
  treeOf: Int32Array,
  createUnmatched: boolean,
  progress: (done: number) => void,
) {
  return db.transaction(async (tx) => {
    const ids = Array.from(treeOf);
    const fresh = rows.map((_, k) => k).filter((k) => treeOf[k] === -1);
    let created = 0;
    if (createUnmatched && fresh.length) {
      const [plots, areas] = [await loadPlots(tx, p.clientId), await loadIrrigationAreas(tx, p.clientId)];
      const pos = new Float64Array(fresh.length * 2);
      fresh.forEach((k, i) => ((pos[2 * i] = rows[k].lon!), (pos[2 * i + 1] = rows[k].lat!)));
      const inPlot = assignPointsToPolygons(pos, plots.parts),
        inArea = assignPointsToPolygons(pos, areas.parts);
      for (let s = 0; s < fresh.length; s += CHUNK) {
        const part = fresh.slice(s, s + CHUNK);
        const at = (arr: Int32Array, shapes: typeof plots, i: number) => (arr[s + i] < 0 ? null : shapes.ids[shapes.owner[arr[s + i]]]);
        // Ids are drawn first so each new tree's id is known for its row (RETURNING order is not guaranteed).
        const { rows: seq } = await tx.query<{ id: number }>(
          `SELECT nextval(pg_get_serial_sequence('trees', 'tree_id'))::int AS id FROM generate_series(1, $1)`,
          [part.length],
        );
        const newIds = seq.map((r) => r.id);
        await tx.query(
          `INSERT INTO trees (tree_id, client_id, plot_id, irrigation_area_id, row_num, tree_num, lon, lat)
           SELECT u.id, $1, u.p, u.a, u.r, u.t, u.x, u.y FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::float8[], $8::float8[]) AS u(id, p, a, r, t, x, y)`,
          [
            p.clientId,
            newIds,
            part.map((_, i) => at(inPlot, plots, i)),
            part.map((_, i) => at(inArea, areas, i)),
            part.map((k) => rows[k].row_num),
            part.map((k) => rows[k].tree_num),
            part.map((k) => rows[k].lon),
            part.map((k) => rows[k].lat),
          ],
        );
        part.forEach((k, i) => (ids[k] = newIds[i]));
        created += part.length;
      }
    }
    // In tree-id order: the foreign-key checks and the (project_id, tree_id) index then touch pages in sequence.
    const take = rows
      .map((_, k) => k)
      .filter((k) => ids[k] > 0)
      .sort((a, b) => ids[a] - ids[b]);
    const treeIds = take.map((k) => ids[k]);
    let replaced = 0;
    for (let s = 0; s < treeIds.length; s += CHUNK) {
      const { rows: del } = await tx.query<{ n: number }>(
        `WITH d AS (DELETE FROM tree_observations o USING unnest($2::int[]) AS u(id) WHERE o.project_id = $1 AND o.tree_id = u.id RETURNING 1) SELECT count(*)::int AS n FROM d`,
        [p.projectId, treeIds.slice(s, s + CHUNK)],
      );
      replaced += del[0].n;
    }
    const cols = ['tree_id', ...VALUE_COLUMNS];
    const sql = `INSERT INTO tree_observations (project_id, client_id, ${cols.join(', ')})
      SELECT $1, $2, * FROM unnest(${cols.map((c, i) => `$${i + 3}::${c === 'tree_id' ? 'int' : sqlType(c)}[]`).join(', ')})`;
    for (let s = 0; s < take.length; s += CHUNK) {
      const part = take.slice(s, s + CHUNK);
      await tx.query(sql, [p.projectId, p.clientId, part.map((k) => ids[k]), ...VALUE_COLUMNS.map((c) => part.map((k) => rows[k].values[c]))]);
      progress(Math.min(take.length, s + CHUNK));
    }
    const { rows: added } = await tx.query<{ n: number }>(
      `WITH a AS (INSERT INTO project_plots (client_id, project_id, plot_id)
         SELECT DISTINCT $3::int, $1::int, t.plot_id FROM trees t JOIN unnest($2::int[]) AS u(id) ON t.tree_id = u.id WHERE t.plot_id IS NOT NULL
         ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*)::int AS n FROM a`,
      [p.projectId, treeIds, p.clientId],
    );
    const result = {
      observations: take.length,
      replaced,
      created_trees: created,
      skipped_unmatched: createUnmatched ? 0 : fresh.length,
      plots_added: added[0].n,
    };
    await audit(
      tx,
      user,
      'create',
      'survey_import',
      p.projectId,
      `Imported ${result.observations} results into "${p.projectName}" (${result.replaced} replaced, ${created} new trees, ${result.skipped_unmatched} unmatched skipped)`,
      p.projectName,
    );
    return result;
  });
}
