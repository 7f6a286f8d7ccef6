// The data editor's tree columns (admin.md §3): SQL and the job that reads
// and deflates a client's trees in the job thread, so the API thread never
// holds the text (76 MB for a 1M-tree client) nor compresses it.
import type { Db } from '../db/adapter';
import { deflatePart, deflatePartSync, joinParts, type DeflatedPart } from '../gzip-parts';

/**
 * Trees travel as columns, not GeoJSON: for a 110k-tree client the feature
 * collection was ~45 MB and took 10–43 s to build; each column is built by
 * PostgreSQL as JSON text (no JS object per tree on the server) and spliced
 * into the response. Index i of every array is one tree, in tree_id order;
 * lon/lat are rounded to 7 decimals (~1 cm, the precision of the WKT forms).
 * Names are not repeated per tree: breed names come from `breeds`
 * (breed_id → name), plot and irrigation-area names from the two feature
 * collections.
 */
const COLUMNS: [name: string, sql: string][] = [
  ['tree_id', 'tree_id'],
  ['row_num', 'row_num'],
  ['tree_num', 'tree_num'],
  ['breed_id', 'breed_id'],
  ['plot_id', 'plot_id'],
  ['irrigation_area_id', 'irrigation_area_id'],
  ['lon', 'round(lon::numeric, 7)'],
  ['lat', 'round(lat::numeric, 7)'],
  ['planting_date', 'planting_date::text'],
  ['version', 'version'],
];
const agg = (sql: string) => `coalesce(json_agg(${sql} ORDER BY tree_id), '[]')`;

/**
 * Some of the client's trees ($1), by key ($2: ids): a reload after a save.
 * It names every breed (a short list): a renamed breed changes no tree
 * version, and the editor keeps the names it merges in.
 */
const CHANGED_TREE_COLUMNS_SQL = `
  SELECT json_build_object(
    'count', count(*)::int,
    ${COLUMNS.map(([name, sql]) => `'${name}', ${agg(sql)}`).join(',\n    ')},
    'breeds', (SELECT coalesce(json_object_agg(b.breed_id, b.breed_name), '{}') FROM breeds b)
  )::text AS j
  FROM trees WHERE client_id = $1 AND tree_id = ANY($2::int[])`;

/**
 * The next trees of the client ($1) after tree_id $2, at most $3 (index
 * trees_client_tree_idx): each column as the JSON text of an array, and the
 * breeds they name. A whole client is read a chunk at a time: at 1M trees one
 * statement made PostgreSQL build the 76 MB text in its own memory (the
 * embedded database's grew to ~920 MB), and other users waited for all of it.
 */
const TREE_CHUNK_SQL = `
  SELECT count(*)::int AS n, max(tree_id) AS last, array_agg(DISTINCT breed_id) AS breeds,
    ${COLUMNS.map(([name, sql]) => `${agg(sql)}::text AS ${name}`).join(',\n    ')}
  FROM (SELECT * FROM trees WHERE client_id = $1 AND tree_id > $2 ORDER BY tree_id LIMIT $3) t`;
/** Trees per chunk: ~3.5 MB of JSON. */
const TREE_CHUNK = 50_000;

/** The columns object's members after its "{": the answer writes its own "trees":{"format":…, before them. */
const members = (json: string) => json.trim().slice(1);

/** Some of the client's trees (a reload after a save), as members of the columns object. */
export async function changedTreeMembers(db: Db, clientId: number, ids: number[]): Promise<string> {
  return members((await db.query<{ j: string }>(CHANGED_TREE_COLUMNS_SQL, [clientId, ids])).rows[0].j);
}

type Chunk = { n: number; last: number; breeds: (number | null)[] } & Record<string, string>;

/**
 * Job (job thread): all the client's trees, as members of the columns object,
 * deflated. Read a chunk at a time; each chunk's piece of each column is
 * deflated in libuv's pool while the next chunk is read, and the pieces are
 * joined in column order (gzip-parts: parts follow one another as one
 * stream), so neither the database nor this thread holds the whole text.
 * The chunks are separate statements: a write between two of them may show
 * in part; the answer is kept under the version read before the read
 * (read.ts), so the next open or `?since=` reload brings it whole.
 */
export async function editorTreesJob(db: Db, { clientId, chunk = TREE_CHUNK }: { clientId: number; chunk?: number }): Promise<DeflatedPart> {
  const pieces: Promise<DeflatedPart>[][] = COLUMNS.map(() => []);
  const breedIds = new Set<number>();
  let count = 0;
  for (let after = 0; ;) {
    const c = (await db.query<Chunk>(TREE_CHUNK_SQL, [clientId, after, chunk])).rows[0];
    if (!c.n) break;
    COLUMNS.forEach(([name], i) => {
      const piece = deflatePart(`${count ? ', ' : ''}${c[name].slice(1, -1)}`);
      piece.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled rejection
      pieces[i].push(piece);
    });
    for (const b of c.breeds) if (b !== null) breedIds.add(b);
    count += c.n;
    after = c.last;
    if (c.n < chunk) break; // the last chunk
  }
  const breeds = await db.query<{ j: string }>(
    `SELECT coalesce(json_object_agg(breed_id, breed_name), '{}')::text AS j FROM breeds WHERE breed_id = ANY($1::int[])`,
    [[...breedIds]],
  );
  const parts: DeflatedPart[] = [];
  for (const [i, [name]] of COLUMNS.entries()) {
    parts.push(deflatePartSync(`${i ? '], ' : `"count" : ${count}, `}"${name}" : [`), ...(await Promise.all(pieces[i])));
  }
  parts.push(deflatePartSync(`], "breeds" : ${breeds.rows[0].j}}`));
  return joinParts(parts);
}
