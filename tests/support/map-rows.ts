// A whole survey as the database answers it, every row at once: what the
// streamed GeoJSON form must equal (the server itself builds from chunks).
import type { Queryable } from '../../server/db/adapter';
import { TREE_FIELDS, emptyTreeArrays, forEachTreeChunk, loadProjectAreas, type ProjectMapRows } from '../../server/surveys/map-data-query';

export async function loadProjectMapRows(db: Queryable, projectId: number): Promise<ProjectMapRows> {
  const trees = emptyTreeArrays();
  const append = <T>(to: T[], from: T[]) => {
    for (const v of from) to.push(v);
  };
  await forEachTreeChunk(db, projectId, (c) => {
    trees.length += c.length;
    append(trees.obs, c.obs);
    append(trees.lon, c.lon);
    append(trees.lat, c.lat);
    for (const f of TREE_FIELDS) append(trees.cols[f], c.cols[f]);
  });
  return { trees, ...(await loadProjectAreas(db, projectId)) };
}
